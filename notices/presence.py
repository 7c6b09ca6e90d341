"""Who has a game open right now: its page holds a socket (campaign.consumers), which marks
its reader here while it is connected. Kept in the cache, so with Redis every server process
and Celery worker reads the same marks; the embedded default (one process, tasks run eagerly in
it) reads the process's memory. A mark lives `WATCHING_TTL` past its last refresh (game news
the socket passes on refreshes it once it is `WATCHING_REFRESH` old), so a server that died
with sockets open leaves none behind for long."""

from __future__ import annotations

from django.core.cache import cache
from django.utils import timezone

WATCHING_TTL = 3600  # seconds
WATCHING_REFRESH = 600  # seconds: news refreshes an older mark, not every mark every move


def _key(game_id: int, user_id: int) -> str:
    return f"notices:watching:{game_id}:{user_id}"


def _alive(marks: dict[str, float]) -> dict[str, float]:
    now = timezone.now().timestamp()
    return {channel: until for channel, until in marks.items() if until > now}


def watching_start(*, game_id: int, user_id: int, channel: str) -> None:
    """A page of the game opened (or told news) for `user_id`: mark it for another hour."""
    key = _key(game_id, user_id)
    marks = _alive(cache.get(key) or {})
    marks[channel] = timezone.now().timestamp() + WATCHING_TTL
    cache.set(key, marks, WATCHING_TTL)


def watching_stop(*, game_id: int, user_id: int, channel: str) -> None:
    key = _key(game_id, user_id)
    marks = _alive(cache.get(key) or {})
    marks.pop(channel, None)
    if marks:
        cache.set(key, marks, WATCHING_TTL)
    else:
        cache.delete(key)


def is_watching(*, game_id: int, user_id: int) -> bool:
    """Whether `user_id` has a page of the game open (on any device)."""
    return bool(_alive(cache.get(_key(game_id, user_id)) or {}))
