"""A digital game replayed move by move: the board and the seats as they stood after any move
of the log, as the reader may see them.

The states come from the game's `initial_state` and its move log through the engine
(`rules.game.history.steps`), in one pass. Every `CHECKPOINT`-th position is kept in the cache
(a position's state depends only on the log before it, and the log is append-only), so
stepping through a long game replays at most `CHECKPOINT` moves per step, not the whole game
each time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from campaign.models.digital import DigitalGame, GameMove
from rules.game import GameState, move_from_json, view_for
from rules.game.history import steps
from rules.game.view import view_open

CHECKPOINT = 50


@dataclass(frozen=True)
class ReplayFrame:
    """The game after `position` moves of its log (0: the start). `move` is the log row that
    led here (None at the start); `view` is what the reader may see of the state then."""

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
    """How many moves the replay steps through: every row of the log."""
    return GameMove.objects.filter(game=game).count()


def digital_game_replay_at(*, game: DigitalGame, position: int, seat: int | None) -> ReplayFrame:
    """The game after `position` moves (clamped to the log), seen by `seat` (None: a
    spectator). Secrets through one door: while the game is in play each step is the engine's
    view for that seat; once the dice seed is out (rewards, finished, abandoned) the hands are
    shown, as the seed and the moves give them anyway."""
    positions = replay_length(game=game)
    position = max(0, min(position, positions))
    if position == positions and position:
        # The last position is the stored snapshot (it equals the replay): nothing to replay.
        start, state = position, GameState.from_json(game.state)
    else:
        start, state = _nearest_checkpoint(game, position)
    rows = list(
        GameMove.objects.filter(game=game, index__gte=start, index__lt=position).order_by("index")
    )
    kept: dict[str, Any] = {}
    for step in steps(
        state, [(row.seat, move_from_json(row.move)) for row in rows], first_index=start
    ):
        state = step.after
        reached = step.index + 1
        if reached % CHECKPOINT == 0:
            kept[_key(game, reached)] = state.to_json()
    if kept:
        cache.set_many(kept, timeout=None)
    move = rows[-1] if rows else _row_before(game, position)
    open_hands = game.seed_revealed
    view = view_open(state) if open_hands else view_for(state, seat)
    return ReplayFrame(position, positions, state, move, view, open_hands)


def _row_before(game: DigitalGame, position: int) -> GameMove | None:
    if position == 0:
        return None
    return GameMove.objects.filter(game=game, index=position - 1).first()


def _key(game: DigitalGame, position: int) -> str:
    # The creation time tells apart a game that reused a deleted game's number (SQLite).
    return f"digital-replay:{game.pk}:{game.created_at.timestamp():.6f}:{position}"


def _nearest_checkpoint(game: DigitalGame, position: int) -> tuple[int, GameState]:
    """The furthest kept position at or before `position`, and the state there."""
    wanted = list(range(position - position % CHECKPOINT, 0, -CHECKPOINT))
    if wanted:
        found = cache.get_many([_key(game, p) for p in wanted])
        for p in wanted:
            stored = found.get(_key(game, p))
            if stored is not None:
                return p, GameState.from_json(stored)
    return 0, GameState.from_json(game.initial_state)
