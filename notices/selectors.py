"""What waits for a person: their open notices, newest first, and how many there are (kept in
the cache for the menu of every page, so a page costs no query for it)."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache
from django.db.models import QuerySet

from notices.models import Notice

# A count is forgotten whenever the person's notices change (notices.services); the time limit
# only bounds a count read by another process just before a change committed.
COUNT_TTL = 60


def _count_key(user_id: int) -> str:
    return f"notices:count:{user_id}"


def notices_waiting(*, user) -> QuerySet[Notice]:
    return Notice.objects.filter(user=user, closed_at=None).select_related("campaign", "game")


def notices_waiting_count(*, user) -> int:
    if user is None or not user.is_authenticated:
        return 0
    count = cache.get(_count_key(user.pk))
    if count is None:
        count = Notice.objects.filter(user=user, closed_at=None).count()
        cache.set(_count_key(user.pk), count, COUNT_TTL)
    return count


def notices_counts_forget(user_ids: Iterable[int]) -> None:
    cache.delete_many([_count_key(user_id) for user_id in user_ids])
