"""What waits for a person: their open notices, newest first."""

from __future__ import annotations

from django.db.models import QuerySet

from notices.models import Notice


def notices_waiting(*, user) -> QuerySet[Notice]:
    return Notice.objects.filter(user=user, closed_at=None).select_related("campaign", "game")


def notices_waiting_count(*, user) -> int:
    if user is None or not user.is_authenticated:
        return 0
    return Notice.objects.filter(user=user, closed_at=None).count()
