"""Emptying the cache between tests without touching anything else in the Redis database the
suite is given: on Redis only the cache's own keys go (the broker's queues and the channel
layer's keys share that database), never a FLUSHDB; the memory cache is simply cleared."""

from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache


def cache_reset() -> None:
    backend = caches["default"]
    if isinstance(backend, LocMemCache):
        backend.clear()
        return
    if not isinstance(backend, RedisCache):
        return
    memory = getattr(backend, "_memory", None)  # config.cache.FailSoftRedisCache's fallback
    if memory is not None:
        memory.clear()
    client = backend._cache.get_client(None, write=True)
    keys = list(client.scan_iter(match=backend.make_key("*"), count=1000))
    if keys:
        client.delete(*keys)
