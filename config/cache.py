"""The production cache: Redis, answering from process memory while Redis is out of reach."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
RETRY_AFTER = 5.0  # seconds of answering from memory before Redis is tried again


class FailSoftRedisCache(RedisCache):
    """Django's Redis cache, except that while Redis cannot be reached it answers from a memory
    cache of its own process instead of raising. What lives in the cache (sign-in limits) then
    counts per process for a while, and no page answers 500 because Redis is down."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        memory_params = {key: value for key, value in params.items() if key != "OPTIONS"}
        self._memory = LocMemCache(f"fail-soft:{server}", memory_params)
        self._memory_until = 0.0  # monotonic time until which Redis is not tried; 0: reachable

    def _either(self, operation: str, *args: Any, **kwargs: Any) -> Any:
        if time.monotonic() >= self._memory_until:
            try:
                result = getattr(super(), operation)(*args, **kwargs)
            except UNREACHABLE as exc:
                if not self._memory_until:
                    logger.error("Redis cache unreachable, answering from process memory: %s", exc)
                self._memory_until = time.monotonic() + RETRY_AFTER
            else:
                if self._memory_until:
                    logger.warning("Redis cache reachable again")
                    self._memory_until = 0.0
                return result
        return getattr(self._memory, operation)(*args, **kwargs)

    def add(self, *args: Any, **kwargs: Any) -> bool:
        return self._either("add", *args, **kwargs)

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("get", *args, **kwargs)

    def set(self, *args: Any, **kwargs: Any) -> None:
        self._either("set", *args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> bool:
        return self._either("touch", *args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> bool:
        return self._either("delete", *args, **kwargs)

    def get_many(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return self._either("get_many", *args, **kwargs)

    def has_key(self, *args: Any, **kwargs: Any) -> bool:
        return self._either("has_key", *args, **kwargs)

    def incr(self, *args: Any, **kwargs: Any) -> int:
        return self._either("incr", *args, **kwargs)

    def set_many(self, *args: Any, **kwargs: Any) -> list[str]:
        return self._either("set_many", *args, **kwargs)

    def delete_many(self, *args: Any, **kwargs: Any) -> None:
        self._either("delete_many", *args, **kwargs)

    def clear(self) -> bool:
        return self._either("clear")
