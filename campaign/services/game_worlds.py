"""Forgetting the worlds no game is played on any more.

A digital game keeps its worlds as `GameWorld` rows named by digest and shared by every game
on the same world. A row outlives its games when they go (a campaign deleted, a standalone
table removed) or when a mid-game change of the world (a pack opened, a scar placed) replaced
it and the game's first world stayed; such rows are dropped once nothing refers to them and
no game has taken them up for a while."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from campaign.models import DigitalGame, GameWorld

# Long past any game start that found the row before a game referred to it.
UNUSED_FOR = timedelta(days=1)


def unused_worlds_forget(*, unused_for: timedelta = UNUSED_FOR) -> int:
    """Delete the worlds no digital game refers to (now or as its first world) and none has
    taken up within `unused_for`. Returns how many were deleted."""
    games = DigitalGame.objects
    deleted, _ = (
        GameWorld.objects.filter(used_at__lt=timezone.now() - unused_for)
        # NULLs left out: `NOT IN` a list holding NULL is never true.
        .exclude(digest__in=games.filter(world__isnull=False).values("world_id"))
        .exclude(digest__in=games.filter(initial_world__isnull=False).values("initial_world_id"))
        .delete()
    )
    return deleted
