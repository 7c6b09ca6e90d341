"""A digital game replayed move by move: the board and the seats as they stood after any entry
of the log, as the reader may see them, and the steps of the turn being played (what a
take-back is decided on).

The states come from the game's `initial_state` and its log through the engine
(`rules.game.history.steps`), in one pass. Every `CHECKPOINT`-th position is kept in the cache
(a position's state depends only on the log before it, and the log is append-only), so
stepping through a long game replays at most a turn and `CHECKPOINT` moves per step, not the
whole game each time. A take-back in the log undoes moves of its own turn, so a replay
resumes from a checkpoint before any move a later take-back undoes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models.digital import DigitalGame, GameMove
from campaign.numbers import signed_number
from rules.game import GameState, view_for
from rules.game.history import Step, entry_from_json, steps
from rules.game.takeback import TAKE_BACK
from rules.game.view import view_open

CHECKPOINT = 50
# A checkpoint is only a shortcut (the log replays to it again): kept for a day, so the cache
# does not fill with games nobody steps through any more.
CHECKPOINT_TTL = 24 * 60 * 60


@dataclass(frozen=True)
class ReplayFrame:
    """The game after `position` entries of its log (0: the start). `move` is the log row
    that led here (None at the start); `view` is what the reader may see of the state then."""

    position: int
    positions: int
    state: GameState
    move: GameMove | None
    view: dict[str, Any]
    open_hands: bool

    @property
    def move_index(self) -> int | None:
        """The log's number of the move shown (the log and the dice check count from 0)."""
        return None if self.move is None else self.move.index


def replay_length(*, game: DigitalGame) -> int:
    """How many entries the replay steps through: every row of the log."""
    return GameMove.objects.filter(game=game).count()


def replay_position(raw: str, moves: int) -> int:
    """Moves applied at the step asked for: `move=N` is the board after move N (0 is the
    first move; -1, like no number, the start). Anything else is refused in plain words."""
    if raw == "":
        return 0
    number = signed_number(raw)
    if number is None or not -1 <= number < moves:
        raise ApplicationError(
            _("The move to show is a move number of this game's log, from 0 to %(last)s.")
            % {"last": max(moves - 1, 0)},
            code="bad_move_number",
        )
    return number + 1


def digital_game_replay_at(*, game: DigitalGame, position: int, seat: int | None) -> ReplayFrame:
    """The game after `position` entries (clamped to the log), seen by `seat` (None: a
    spectator). Secrets through one door: while the game is in play each step is the engine's
    view for that seat; once the dice seed is out (rewards, finished, abandoned) the hands are
    shown, as the seed and the moves give them anyway."""
    positions = replay_length(game=game)
    position = max(0, min(position, positions))
    if position == positions and position:
        # The last position is the stored snapshot (it equals the replay): nothing to replay.
        state = game.game_state()
        move = GameMove.objects.filter(game=game, index=position - 1).first()
    else:
        start, state = _resume_point(game, position, position)
        state, _turn, rows = _walk(game, start, state, position)
        move = rows[-1] if rows else _row_before(game, position)
    open_hands = game.seed_revealed
    view = view_open(state) if open_hands else view_for(state, seat)
    return ReplayFrame(position, positions, state, move, view, open_hands)


def digital_game_turn(*, game: DigitalGame) -> tuple[GameState, list[Step]]:
    """The state now and the steps of the turn being played, in effect (taken-back moves
    left out): replayed from a checkpoint before the turn began."""
    positions = replay_length(game=game)
    now = _turn_of(game.game_state())
    limit = positions
    while True:
        start, state = _resume_point(game, limit, positions)
        if start == 0 or _turn_of(state) != now:
            break
        limit = start - 1  # the turn began at or before this checkpoint: go further back
    state, turn, _rows = _walk(game, start, state, positions)
    return state, turn


def _turn_of(state: GameState) -> tuple[int, int]:
    return state.turn_number, state.current_seat


def _walk(
    game: DigitalGame, start: int, state: GameState, position: int
) -> tuple[GameState, list[Step], list[GameMove]]:
    """Replay the log's rows from `start` (at `state`) up to `position`, keeping each
    checkpoint passed: the state reached, the turn's steps in effect, the rows replayed."""
    rows = list(
        GameMove.objects.filter(game=game, index__gte=start, index__lt=position).order_by("index")
    )
    turn: list[Step] = []
    kept: dict[str, Any] = {}
    entries = [(row.seat, entry_from_json(row.move)) for row in rows]
    for step in steps(state, entries, first_index=start, turn=turn):
        state = step.after
        reached = step.index + 1
        if reached % CHECKPOINT == 0:
            kept[_key(game, reached)] = state.to_json()
    if kept:
        cache.set_many(kept, timeout=CHECKPOINT_TTL)
    return state, turn, rows


def _row_before(game: DigitalGame, position: int) -> GameMove | None:
    if position == 0:
        return None
    return GameMove.objects.filter(game=game, index=position - 1).first()


def _key(game: DigitalGame, position: int) -> str:
    # The creation time tells apart a game that reused a deleted game's number (SQLite).
    return f"digital-replay:{game.pk}:{game.created_at.timestamp():.6f}:{position}"


def _resume_point(game: DigitalGame, limit: int, position: int) -> tuple[int, GameState]:
    """The furthest kept position at or before `limit` from which the log replays to
    `position`: no take-back after it undoes a move before it. The start if none is kept."""
    take_backs = [
        (index, move.get("first", 0))
        for index, move in GameMove.objects.filter(
            game=game, index__lt=position, move__type=TAKE_BACK
        ).values_list("index", "move")
    ]
    wanted = list(range(limit - limit % CHECKPOINT, 0, -CHECKPOINT))
    found = cache.get_many([_key(game, p) for p in wanted]) if wanted else {}
    for p in wanted:
        stored = found.get(_key(game, p))
        if stored is not None and all(first >= p for index, first in take_backs if index >= p):
            return p, GameState.from_json(stored)
    return 0, game.initial_game_state()
