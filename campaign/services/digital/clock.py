"""Turn clocks of digital games played over days: whom the clock times, when it restarts, who a
bot plays for once it ran out, and the vacation days a person has left this week.

A game's clock is chosen when it starts: none (the game waits for everyone), per decision (the
short windows of `deadlines` time out) or per turn (those windows, plus a limit on each
wait for a person outside them). The turn clock restarts whenever the game starts waiting on
other people; when it runs out, the careful bot plays for them until the game waits on someone
else, and the move log marks those moves. Three missed turns in a row and a bot stands in for
the seat until its person takes it back.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.services.digital.deadlines import (
    LASTING_PICK_TIMEOUT,
    WINDOW_PHASES,
    has_deadline,
    timeout,
)
from rules.game import GameState, seats_to_act

MISSES_BEFORE_STAND_IN = 3
TURN_HOURS_MIN = 1
TURN_HOURS_MAX = 7 * 24
VACATION_DAYS_MAX = 7
VACATION_WEEK = timedelta(days=7)
# A decision's own delayed task is queued only for waits no longer than a lasting pick's, which
# stay within the broker's visibility timeout (README); beat's sweep takes longer ones.
SCHEDULED_CHECK_MAX = LASTING_PICK_TIMEOUT


def clock_key(state: GameState) -> str | None:
    """Whom the turn clock times now: the turn number and the seats waited on. None in a
    short decision window (its own deadline runs; the turn clock holds) or once it is over."""
    if state.is_over or has_deadline(state):
        return None
    return f"{state.turn_number}:{','.join(str(s) for s in seats_to_act(state))}"


def _key_parts(key: str) -> tuple[int, set[int]] | None:
    turn, _, seats = key.partition(":")
    if not turn.isdigit():
        return None
    return int(turn), {int(s) for s in seats.split(",") if s.isdigit()}


def key_seats(key: str) -> set[int]:
    parts = _key_parts(key)
    return parts[1] if parts else set()


def timed_seats(game: DigitalGame, state: GameState) -> set[int]:
    """The seats whose turn clock runs now: those of the wait it times, while that wait (or a
    short window inside the same turn) lasts. Empty without a turn clock."""
    parts = _key_parts(game.clock_key)
    if game.clock != DigitalGame.Clock.TURN or parts is None or state.is_over:
        return set()
    turn, seats = parts
    key = clock_key(state)
    if key == game.clock_key or (key is None and state.turn_number == turn):
        return seats
    return set()


def automatic_actor(game: DigitalGame, state: GameState, seat: GameSeat) -> str | None:
    """Who plays `seat` now without asking its person: the bot of a bot seat, the bot of a
    seat whose clock ran out (marked as a timeout), or the bot standing in for a person who
    missed too many turns. None: the game waits for the person."""
    if seat.is_bot:
        return GameMove.Actor.BOT
    if game.clock_ran_out and seat.index in timed_seats(game, state):
        return GameMove.Actor.TIMEOUT
    if seat.bot_stands_in:
        return GameMove.Actor.STAND_IN
    return None


def decision_wait(game: DigitalGame, state: GameState) -> timedelta:
    """How long a pending decision waits for its person. A short window (a defender's dice, a
    missile) always has its seconds, since the player on turn waits on it; with a turn clock a
    lasting pick (a power, where the nuke falls) gets a whole turn's time, not minutes."""
    if game.clock == DigitalGame.Clock.TURN and state.phase not in WINDOW_PHASES:
        return timedelta(hours=game.turn_hours)
    return timeout(state)


def clock_update(
    game: DigitalGame, state: GameState, applied: list[GameMove], seats: dict[int, GameSeat]
) -> None:
    """After moves are applied (inside the game's transaction, before it is saved): a person
    who moved has missed no turn in a row; a new wait for people restarts the turn clock.
    `seats` are the game's seats as read under its lock."""
    movers = {row.seat for row in applied if row.actor == GameMove.Actor.PLAYER}
    missed = [i for i in movers if i in seats and seats[i].missed_turns > 0]
    if missed:
        GameSeat.objects.filter(game=game, index__in=missed).update(missed_turns=0)
        for index in missed:
            seats[index].missed_turns = 0
    if game.clock != DigitalGame.Clock.TURN:
        return
    if state.is_over:
        game.turn_deadline, game.clock_key, game.clock_ran_out = None, "", False
        return
    key = clock_key(state)
    if key is None or key == game.clock_key:
        return
    game.clock_key = key
    game.clock_ran_out = False
    game.turn_deadline = timezone.now() + timedelta(hours=game.turn_hours)


def vacation_week_of(game: DigitalGame, now: datetime) -> int:
    """The week of the game `now` falls in (0 from its start): the allowance renews each."""
    return max(0, (now - game.created_at) // VACATION_WEEK)


def vacation_days_left(game: DigitalGame, seat: GameSeat, now: datetime | None = None) -> int:
    """The vacation days `seat`'s person may still add to their turns this week."""
    if game.clock != DigitalGame.Clock.TURN:
        return 0
    week = vacation_week_of(game, now or timezone.now())
    used = seat.vacation_used if seat.vacation_week == week else 0
    return max(0, game.vacation_days - used)


def vacation_renews_at(game: DigitalGame, now: datetime | None = None) -> datetime:
    """When this week's allowance is renewed (the start of the game's next week)."""
    week = vacation_week_of(game, now or timezone.now())
    return game.created_at + VACATION_WEEK * (week + 1)
