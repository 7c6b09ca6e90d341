"""Digital play, move by move: a submitted move (bots, preferences and timed-out decisions
follow inside the same transaction), stored with the game's new state and version."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.enqueue import enqueue_named
from campaign.errors import ApplicationError, ConflictError, NotFoundError
from campaign.live import game_version_announce
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.prepared import row_update, rows_insert
from campaign.selectors.digital import digital_game_seated, seat_held
from campaign.services.digital.clock import (
    SCHEDULED_CHECK_MAX,
    automatic_actor,
    clock_update,
    decision_wait,
)
from campaign.services.digital.deadlines import default_decision, has_deadline
from campaign.services.digital.preferences import preference_move
from notices.services import game_notices_sync
from rules.bot_levels import bot_for
from rules.errors import IllegalMove
from rules.game import (
    GameState,
    apply_move,
    move_from_json,
    seats_to_act,
)
from rules.game.engine import recruit_without_choice
from rules.rng import derived_number

# A safety stop for bots-only stretches; a whole 5-bot game stays far below it.
MAX_AUTOMATIC_MOVES = 20_000


class StaleGameError(ConflictError):
    """The client moved on a version the game has left; it gets the fresh game back."""

    def __init__(self, game: DigitalGame) -> None:
        super().__init__(
            _(
                "The game moved on since your page was drawn; here is the board as it is now. "
                "Check it and choose again."
            ),
            code="stale_version",
            rule="DESIGN",
        )
        self.game = game


@dataclass
class MoveOutcome:
    """What one submission did: the game after it and every move applied, in order (the
    submitted move first, then bots' and defaults')."""

    game: DigitalGame
    moves: list[GameMove] = field(default_factory=list)
    state: GameState | None = None  # the game's state after them, as stored

    @property
    def events(self) -> list[dict[str, Any]]:
        return [event for move in self.moves for event in move.events]


def move_submit(
    *,
    game: DigitalGame | int,
    seat: int,
    move: dict[str, Any],
    version: int,
    user,
    session_key: str = "",
    may_see: Callable[[DigitalGame], None] | None = None,
) -> MoveOutcome:
    """Apply `move` for `seat` if the game (a row or its id) is still at `version` and the
    request holds the seat; then let bots play until a person must act. `may_see` checks
    the locked row before anything else (the API's 404 for games the reader may not see),
    so the move path reads the game once.

    Refusals change nothing: a seat held by someone else is 403, a stale version 409 (the
    error carries the fresh game), a malformed or illegal move 400 with the rule it breaks.
    """
    with transaction.atomic():
        # Lock the game row: two submissions on the same version (two tabs, a double click,
        # a bot task) would otherwise both pass the version check and both apply.
        game = locked_for_move(
            game=game,
            seat=seat,
            version=version,
            user=user,
            session_key=session_key,
            may_see=may_see,
        )
        applied: list[GameMove] = []
        state = player_move(game, game.game_state(), seat, move, user=user, applied=applied)
        game, state = _advance(game, state, applied=applied)
        return MoveOutcome(game=game, moves=applied, state=state)


def player_move(
    game: DigitalGame,
    state: GameState,
    seat: int,
    move: dict[str, Any],
    *,
    user,
    applied: list[GameMove],
) -> GameState:
    """Apply a person's `move` (its JSON) to `state`, appending its row to `applied`; a
    malformed or illegal move raises the refusal with the rule it breaks."""
    try:
        parsed = move_from_json(move)
        state, events = apply_move(state, seat, parsed)
    except IllegalMove as refusal:
        raise ApplicationError.from_rule_error(refusal) from refusal
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ApplicationError(
            _("That move is malformed."), code="malformed_move", rule="DESIGN"
        ) from exc
    applied.append(_move_row(game, seat, parsed, events, GameMove.Actor.PLAYER, user))
    return state


def locked_for_move(
    *,
    game: DigitalGame | int,
    seat: int,
    version: int,
    user,
    session_key: str,
    may_see: Callable[[DigitalGame], None] | None = None,
) -> DigitalGame:
    """The game row locked for a move of `seat` (read once, with its campaign and seats),
    once `may_see` lets the request see it, the request holds the seat, the version is the
    one the client saw and the game is in play. Call inside a transaction."""
    game = digital_game_seated(
        game_id=game if isinstance(game, int) else game.pk, reader=user, lock=True
    )
    if game is None:
        raise NotFoundError(_("No such game."), code="not_found")
    if may_see is not None:
        may_see(game)
    seat_held(
        row=next((s for s in game.seats.all() if s.index == seat), None),
        seat=seat,
        user=user,
        session_key=session_key,
    )
    if version != game.version:
        raise StaleGameError(game)
    if game.status != DigitalGame.Status.PLAYING:
        raise ConflictError(_("This game is over; no more moves."), code="game_over", rule="END-1")
    return game


def digital_game_decide_overdue(*, game_id: int, version: int | None = None) -> bool:
    """Take the default for a decision whose deadline has passed (the defender rolls the most
    dice, a missile holder passes). Called by whoever polls next and by a delayed task; the
    row lock and the version check make a second call harmless. Returns whether it moved."""
    with transaction.atomic():
        # Lock the game row: the poller and the task may both find the deadline passed.
        game = DigitalGame.objects.select_for_update().filter(pk=game_id).first()
        if (
            game is None
            or game.status != DigitalGame.Status.PLAYING
            or game.decision_deadline is None
            or game.decision_deadline > timezone.now()
            or (version is not None and version != game.version)
        ):
            return False
        state = game.game_state()
        applied: list[GameMove] = []
        for seat in seats_to_act(state):
            default = default_decision(state, seat)
            if default is None:
                continue
            state, events = apply_move(state, seat, default)
            applied.append(_move_row(game, seat, default, events, GameMove.Actor.TIMEOUT, None))
            break
        if not applied:
            return False
        _advance(game, state, applied=applied)
        return True


def _move_row(game, seat, move, events, actor, user) -> GameMove:
    return GameMove(
        game=game,
        seat=seat,
        actor=actor,
        move=move.to_json(),
        events=[event.to_json() for event in events],
        user=user if user is not None and getattr(user, "is_authenticated", False) else None,
    )


def play_automatic(
    game: DigitalGame, state: GameState, *, applied: list[GameMove], seats: dict[int, GameSeat]
) -> GameState:
    """Apply the moves nobody needs to be asked for: bots' moves (of bot seats, of seats whose
    turn clock ran out, of seats a bot stands in for), the missile passes of seats that
    asked to be left out of other players' fights, and a recruit with nothing to choose (its
    troops are counted as the turn starts). Appends them to `applied`."""
    while not state.is_over and len(applied) < MAX_AUTOMATIC_MOVES:
        to_act = seats_to_act(state)
        bots = [(s, actor) for s in to_act if (actor := automatic_actor(game, state, seats[s]))]
        if bots:
            seat, actor = bots[0]
            # Keyed by the seed through HMAC, so a bot's choices tell nothing about the dice.
            bot = bot_for(
                seats[seat].bot_level,
                derived_number(game.seed, f"bot {seat} at {game.version + len(applied)}"),
            )
            move = bot.choose(state, seat)
        else:
            chosen = next(
                ((s, m) for s in to_act if (m := preference_move(state, seats[s])) is not None),
                None,
            )
            actor = GameMove.Actor.PREFERENCE
            if chosen is None:
                chosen = next(
                    ((s, m) for s in to_act if (m := recruit_without_choice(state, s)) is not None),
                    None,
                )
                actor = GameMove.Actor.NO_CHOICE
            if chosen is None:
                break
            seat, move = chosen
        state, events = apply_move(state, seat, move)
        applied.append(_move_row(game, seat, move, events, actor, None))
    return state


def _advance(
    game: DigitalGame, state: GameState, *, applied: list[GameMove]
) -> tuple[DigitalGame, GameState]:
    """Let bots play while only bots may act, then store the moves, the snapshot, the new
    version and the deadline of any pending interrupt. Call inside the game's transaction.
    Returns the game and its state as stored."""
    seats = {s.index: s for s in game.seats.all()}
    state = play_automatic(game, state, applied=applied, seats=seats)
    for offset, row in enumerate(applied):
        row.index = game.version + offset
    rows_insert(applied)
    game.version += len(applied)
    game.keep_state(state)
    game.decision_deadline = None
    clock_update(game, state, applied, seats)
    if state.is_over and game.is_standalone:
        # No world to write into: a standalone game ends with its last move.
        game.status = DigitalGame.Status.FINISHED
        game.finished_at = timezone.now()
    elif state.is_over:
        game.status = DigitalGame.Status.REWARDS
    elif (
        game.clock != DigitalGame.Clock.NONE
        and has_deadline(state)
        and not all(seats[s].played_by_bot for s in seats_to_act(state))
    ):
        wait = decision_wait(game, state)
        game.decision_deadline = timezone.now() + wait
        if wait <= SCHEDULED_CHECK_MAX:
            _schedule_overdue_check(game, wait)
    row_update(game, _MOVED_FIELDS)
    game_notices_sync(game=game, state=state, seats=seats)
    game_version_announce(game_id=game.pk, version=game.version)
    return game, state


# What a move may change in the game's row: the rest (seed, seats, options...) is written once.
_MOVED_FIELDS = [
    "version",
    "state",
    "world",
    "status",
    "finished_at",
    "decision_deadline",
    "turn_deadline",
    "clock_key",
    "clock_ran_out",
    "updated_at",
]


def _schedule_overdue_check(game: DigitalGame, wait: timedelta) -> None:
    """After commit, a task takes the default when the deadline passes and nobody polled."""
    if current_app.conf.task_always_eager:
        # No broker (the embedded default): the task would run at once, before its deadline,
        # and do nothing; the game page's poll takes the default once it is due.
        return
    game_id, version = game.pk, game.version
    seconds = wait.total_seconds() + 0.5
    # Redis down: the move stands and the page's poll takes the default instead.
    transaction.on_commit(
        lambda: enqueue_named(
            "campaign.tasks.digital_game_overdue", game_id, version, countdown=seconds
        )
    )
