"""A game's log read as a history: the state after each entry, computed in one pass, for the
replay page, the dice check and take-backs. An entry is a move, or a take-back (PRI-4,
`rules.game.takeback`) that returns the game to the state before the first move it undoes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rules.errors import IllegalMove
from rules.game.common import seat_label
from rules.game.engine import apply_move
from rules.game.events import GameEvent
from rules.game.moves import Move, move_from_json
from rules.game.state import GameState
from rules.game.takeback import RULE, TAKE_BACK, TakeBack, take_back_offer
from rules.words import gettext as _
from rules.words import ngettext

Entry = Move | TakeBack


def entry_from_json(data: dict[str, Any]) -> Entry:
    """A stored log entry: a take-back or a move (IllegalMove if it is neither)."""
    if isinstance(data, dict) and data.get("type") == TAKE_BACK:
        return TakeBack.from_json(data)
    return move_from_json(data)


@dataclass(frozen=True)
class Step:
    """One log entry applied: its position in the log, who made it, the state before and
    after it, and the events it produced."""

    index: int
    seat: int
    move: Entry
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
    initial: GameState,
    entries: Iterable[tuple[int, Entry]],
    *,
    first_index: int = 0,
    turn: list[Step] | None = None,
) -> Iterator[Step]:
    """Each entry applied in order, yielded as it is applied: one pass over the log, however
    far the reader steps. `first_index` numbers the first entry (a replay resumed from a
    stored position). `turn` collects the steps of the turn being played, in effect (taken
    back ones leave it), after the step that ended the turn before: what a take-back is
    decided on. Raises `ReplayRefused` at the first
    entry the rules refuse, a take-back included."""
    state = initial
    turn = [] if turn is None else turn
    for index, (seat, entry) in enumerate(entries, start=first_index):
        try:
            if isinstance(entry, TakeBack):
                after, events = _take_back(turn, state, seat, entry)
            else:
                after, events = apply_move(state, seat, entry)
        except IllegalMove as error:
            raise ReplayRefused(index, error) from error
        step = Step(index, seat, entry, state, after, tuple(events))
        if isinstance(entry, TakeBack):
            del turn[next(i for i, s in enumerate(turn) if s.index == entry.first) :]
        elif (after.turn_number, after.current_seat) != (state.turn_number, state.current_seat):
            turn[:] = [step]  # a new turn: only the move that ended the last one is kept
        else:
            turn.append(step)
        yield step
        state = after


def _take_back(
    turn: list[Step], state: GameState, seat: int, entry: TakeBack
) -> tuple[GameState, list[GameEvent]]:
    offer = take_back_offer(turn, state, seat)
    if offer.first != entry.first:
        raise IllegalMove(
            "take_back_mismatch",
            _("Move %(first)s is not the move that can be taken back now.")
            % {"first": entry.first},
            RULE,
        )
    text = ngettext(
        "%(player)s takes back %(count)s move.",
        "%(player)s takes back %(count)s moves.",
        len(offer.moves),
    ) % {"player": seat_label(state, seat), "count": len(offer.moves)}
    data = {"seat": seat, "moves": list(offer.moves), "others": list(offer.others)}
    return offer.state, [GameEvent("taken_back", text, data)]
