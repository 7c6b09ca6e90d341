"""A game's log read as a history: the state after each entry, computed in one pass, for the
replay page and anything else that steps through a game move by move."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rules.errors import IllegalMove
from rules.game.engine import apply_move
from rules.game.events import GameEvent
from rules.game.moves import Move
from rules.game.state import GameState


@dataclass(frozen=True)
class Step:
    """One log entry applied: its position in the log, who made it, the state before and
    after it, and the events it produced."""

    index: int
    seat: int
    move: Move
    before: GameState
    after: GameState
    events: tuple[GameEvent, ...]


class ReplayRefused(Exception):
    """A stored log entry the rules refuse on replay: which one, and why."""

    def __init__(self, index: int, error: IllegalMove) -> None:
        super().__init__(f"entry {index}: {error.message}")
        self.index = index
        self.error = error


def steps(
    initial: GameState, entries: Iterable[tuple[int, Move]], *, first_index: int = 0
) -> Iterator[Step]:
    """Each entry applied in order, yielded as it is applied: one pass over the log, however
    far the reader steps. `first_index` numbers the first entry (a replay resumed from a
    stored position). Raises `ReplayRefused` at the first entry the rules refuse."""
    state = initial
    for index, (seat, move) in enumerate(entries, start=first_index):
        try:
            after, events = apply_move(state, seat, move)
        except IllegalMove as error:
            raise ReplayRefused(index, error) from error
        yield Step(index, seat, move, state, after, tuple(events))
        state = after
