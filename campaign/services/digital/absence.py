"""People away from a game played over days: the bot plays a turn whose clock ran out, the clock
sweep Celery beat runs, vacation days that lengthen a turn, and taking back a seat a bot stood in
for. Each use case locks the game row, so a repeated or concurrent call changes nothing twice."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ConflictError
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.digital import seat_held
from campaign.services.digital.clock import (
    MISSES_BEFORE_STAND_IN,
    clock_key,
    key_seats,
    timed_seats,
    vacation_days_left,
    vacation_week_of,
)
from campaign.services.digital.moves import _advance, digital_game_decide_overdue

logger = logging.getLogger(__name__)


def digital_game_turn_overdue(*, game_id: int, version: int | None = None) -> bool:
    """The turn clock ran out on the people the game waits on: each misses a turn (the third in
    a row hands their seat to a bot) and the careful bot plays for them until the game waits
    on someone else, each move logged as a timeout. Early, stale or repeated calls change
    nothing (the deadline is cleared, the version moves on). Returns whether it played."""
    with transaction.atomic():
        # Lock the game row: the beat sweep, a second sweep and a page's fetch may all find
        # the same turn overdue; only the first plays it.
        game = DigitalGame.objects.select_for_update().filter(pk=game_id).first()
        if (
            game is None
            or game.status != DigitalGame.Status.PLAYING
            or game.clock != DigitalGame.Clock.TURN
            or game.turn_deadline is None
            or game.turn_deadline > timezone.now()
            or (version is not None and version != game.version)
        ):
            return False
        state = game.game_state()
        if clock_key(state) != game.clock_key:
            return False  # a short window runs with its own deadline; the turn waits for it
        for seat in game.seats.filter(index__in=key_seats(game.clock_key), kind__in=_PEOPLE):
            seat.missed_turns += 1
            seat.bot_stands_in = seat.bot_stands_in or seat.missed_turns >= MISSES_BEFORE_STAND_IN
            seat.save(update_fields=["missed_turns", "bot_stands_in"])
        game.clock_ran_out = True
        game.turn_deadline = None
        _advance(game, state, applied=[])
        return True


_PEOPLE = (GameSeat.Kind.HUMAN, GameSeat.Kind.HOTSEAT)


@dataclass(frozen=True)
class ClockSweep:
    """What one sweep did: the games whose decision default it took, and whose turn it played."""

    decisions: list[int]
    turns: list[int]


def game_clocks_enforce() -> ClockSweep:
    """Every game whose decision or turn deadline has passed gets its default or its bot turn.
    Deadlines are rows, so a sweep after a restart finds what came due while nothing ran; each
    game is handled in its own transaction, so one broken game does not hold the others."""
    now = timezone.now()
    playing = DigitalGame.objects.filter(status=DigitalGame.Status.PLAYING)
    done = ClockSweep(decisions=[], turns=[])
    for field, service, out in (
        ("decision_deadline", digital_game_decide_overdue, done.decisions),
        ("turn_deadline", digital_game_turn_overdue, done.turns),
    ):
        due = playing.filter(**{f"{field}__lte": now}).values_list("pk", "version")
        for game_id, version in due:
            try:
                if service(game_id=game_id, version=version):
                    out.append(game_id)
            except Exception:  # one game's fault must not stop the sweep of the others
                logger.exception("The clock of digital game %s could not be enforced", game_id)
    return done


def digital_game_clocks_check(*, game_id: int, version: int) -> bool:
    """What a page's fetch does past a deadline (the embedded default has no beat): take the
    decision's default, else play the overdue turn. Returns whether anything moved."""
    return digital_game_decide_overdue(
        game_id=game_id, version=version
    ) or digital_game_turn_overdue(game_id=game_id, version=version)


def _held_seat(game: DigitalGame, seat: int, user, session_key: str) -> GameSeat:
    row = game.seats.filter(index=seat).select_related("person").first()
    return seat_held(row=row, seat=seat, user=user, session_key=session_key)


def seat_vacation_take(
    *, game: DigitalGame, seat: int, days: int, user, session_key: str = ""
) -> DigitalGame:
    """Add `days` of this week's vacation to the turn the game waits on `seat` for: its
    deadline moves that much later. The allowance renews each week of the game."""
    with transaction.atomic():
        # Lock the game row: the sweep must not play the turn while its deadline moves, and
        # two clicks must not spend the days twice past the allowance.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        row = _held_seat(game, seat, user, session_key)
        if game.clock != DigitalGame.Clock.TURN:
            raise ConflictError(
                _("This game has no turn clock: there is no turn to lengthen."),
                code="no_turn_clock",
            )
        state = game.game_state()
        if (
            game.status != DigitalGame.Status.PLAYING
            or game.turn_deadline is None
            or seat not in timed_seats(game, state)
        ):
            raise ConflictError(
                _("Vacation lengthens your own turn: the game is not waiting for you now."),
                code="not_your_turn",
            )
        now = timezone.now()
        left = vacation_days_left(game, row, now)
        if not 1 <= days <= left:
            raise ApplicationError(
                _("You may take 1 to %(left)s vacation days this week (you asked %(days)s).")
                % {"left": left, "days": days}
                if left
                else _("You have no vacation days left this week."),
                code="no_vacation_left",
            )
        week = vacation_week_of(game, now)
        row.vacation_used = (row.vacation_used if row.vacation_week == week else 0) + days
        row.vacation_week = week
        row.save(update_fields=["vacation_used", "vacation_week"])
        game.turn_deadline += timedelta(days=days)
        game.save(update_fields=["turn_deadline", "updated_at"])
    return game


def seat_reclaim(*, game: DigitalGame, seat: int, user, session_key: str = "") -> GameSeat:
    """Its person takes back a seat a bot stood in for: from the next time the game waits on
    that seat they play it again, with no missed turn counted."""
    with transaction.atomic():
        # Lock the game row: the bot may be playing this seat right now; the reclaim waits
        # for that transaction and applies from the next wait on.
        game = DigitalGame.objects.select_for_update().get(pk=game.pk)
        row = _held_seat(game, seat, user, session_key)
        if game.status != DigitalGame.Status.PLAYING:
            raise ConflictError(_("This game is over; no more moves."), code="game_over")
        if not row.bot_stands_in:
            raise ConflictError(
                _("You already play this seat; no bot stands in for you."),
                code="not_standing_in",
            )
        row.bot_stands_in = False
        row.missed_turns = 0
        row.save(update_fields=["bot_stands_in", "missed_turns"])
    return row
