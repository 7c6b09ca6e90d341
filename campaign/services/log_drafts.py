"""Two loggers at once: each step of the log form notes that this member is drafting game N
(`log_draft_touch`), and shows who else is (`others_drafting`), on every step and on the
confirm step, so a group does not log one game twice and learns of it only after (S-1).
Confirming or discarding a draft removes the note; a note untouched for a day is stale."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from campaign.models import Campaign, GameLogDraft, Person

STALE_AFTER = datetime.timedelta(hours=24)


@dataclass(frozen=True)
class OtherLogger:
    name: str
    game_number: int
    correcting: bool
    started_at: datetime.datetime

    def words(self, now: datetime.datetime | None = None) -> str:
        """E.g. "Alex is also logging game 7 (started 5 minutes ago)"."""
        ago = timesince(self.started_at, now or timezone.now()).split(",")[0]
        words = (
            _("%(name)s is also correcting game %(number)s (started %(ago)s ago)")
            if self.correcting
            else _("%(name)s is also logging game %(number)s (started %(ago)s ago)")
        )
        return words % {"name": self.name, "number": self.game_number, "ago": ago}


def log_draft_touch(*, campaign: Campaign, user, game_number: int, correcting: bool) -> None:
    """Note that `user` is drafting `game_number`; a new-game draft for an older number (a game
    logged since) is replaced, and its start time restarts with the new number."""
    now = timezone.now()
    if not correcting:
        GameLogDraft.objects.filter(campaign=campaign, user=user, correcting=False).exclude(
            game_number=game_number
        ).delete()
    draft, created = GameLogDraft.objects.get_or_create(
        campaign=campaign,
        user=user,
        game_number=game_number,
        correcting=correcting,
        defaults={"started_at": now, "touched_at": now},
    )
    if not created:
        GameLogDraft.objects.filter(pk=draft.pk).update(touched_at=now)


def log_draft_drop(*, campaign: Campaign, user, game_number: int, correcting: bool) -> None:
    GameLogDraft.objects.filter(
        campaign=campaign, user=user, game_number=game_number, correcting=correcting
    ).delete()


def others_drafting(*, campaign: Campaign, user, game_number: int) -> list[OtherLogger]:
    """Other members with a live draft of `game_number` (a new log or a correction of it),
    earliest first, named as the campaign knows them."""
    since = timezone.now() - STALE_AFTER
    drafts = (
        GameLogDraft.objects.filter(
            campaign=campaign, game_number=game_number, touched_at__gte=since
        )
        .exclude(user=user)
        .select_related("user")
        .order_by("started_at")
    )
    names = dict(
        Person.objects.filter(campaign=campaign, user__isnull=False).values_list(
            "user_id", "display_name"
        )
    )
    return [
        OtherLogger(
            name=names.get(d.user_id) or d.user.get_username(),
            game_number=d.game_number,
            correcting=d.correcting,
            started_at=d.started_at,
        )
        for d in drafts
    ]
