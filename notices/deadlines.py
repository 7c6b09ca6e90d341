"""The warning that a turn clock is near its end (campaign.services.digital.clock): once a
quarter of the turn's time is left, each person the clock times is told, once per wait."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.clock import TURN_HOURS_MAX, key_seats
from notices.kinds import Kind
from notices.models import Notice
from notices.services import notify

WARN_SHARE = 4  # warned when 1/4 of the turn's time is left


def warn_before(game: DigitalGame) -> timedelta:
    return timedelta(hours=game.turn_hours) / WARN_SHARE


def deadlines_warn() -> int:
    """Tell the people whose turn clock is in its last quarter; a wait already warned of is
    not warned of again (its `ref` names the wait). Returns how many notices were made."""
    now = timezone.now()
    games = DigitalGame.objects.filter(
        status=DigitalGame.Status.PLAYING,
        clock=DigitalGame.Clock.TURN,
        clock_ran_out=False,
        turn_deadline__gt=now,
        turn_deadline__lte=now + timedelta(hours=TURN_HOURS_MAX) / WARN_SHARE,
    ).select_related("campaign")
    made = 0
    for game in games:
        if game.turn_deadline > now + warn_before(game):
            continue
        ref = f"deadline:{game.clock_key}"
        seats = game.seats.filter(
            index__in=key_seats(game.clock_key),
            kind=GameSeat.Kind.HUMAN,
            user__isnull=False,
            bot_stands_in=False,
        )
        people = {s.user_id for s in seats}
        warned = set(
            Notice.objects.filter(game=game, kind=Kind.DEADLINE, ref=ref).values_list(
                "user_id", flat=True
            )
        )
        made += len(
            notify(
                Kind.DEADLINE,
                people - warned,
                campaign=game.campaign,
                game=game,
                params={"ends_at": game.turn_deadline.isoformat()},
                ref=ref,
            )
        )
    return made
