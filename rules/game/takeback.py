"""Take-backs (PRI-4): which of the current turn's moves a player may take back, decided from
the steps of the turn (state before and after each move), never from what a page offers.

A player on turn may take back their own last placing, expansion, maneuver or attack
declaration of this turn, with everything after it, while none of those moves rolled a die,
drew or revealed a card, changed a hand or the world, or ended the turn: nothing hidden or
random has come out since, so nobody's choices rest on it. Other players' answers inside
that span (the defender's dice choice, a pass in a scar-card window before the roll) are
taken back with it, which is why their players must agree first.

A take-back is a log entry of its own (`TakeBack`), never a deletion: the game's log stays
append-only and replays exactly (`rules.game.history` applies it by returning to the state
before the first move it undoes; the undone moves drew no dice, so the dice that follow are
the same ones the seed gives)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rules.errors import IllegalMove
from rules.game.moves import Attack, DefendWith, Expand, Maneuver, PassScarCard, PlaceTroops
from rules.game.state import GameState
from rules.words import gettext as _
from rules.words import gettext_noop

if TYPE_CHECKING:
    from rules.game.history import Step

TAKE_BACK = "take_back"
RULE = "PRI-4"

OWN_MOVES = (PlaceTroops, Expand, Maneuver, Attack)
"""The player on turn's moves that may be taken back."""
ANSWERS = (DefendWith, PassScarCard)
"""Other players' answers that may go with them: only while nothing was rolled."""


@dataclass(frozen=True)
class TakeBack:
    """A log entry: the moves from log entry `first` on are taken back (PRI-4)."""

    first: int
    type: ClassVar[str] = TAKE_BACK

    def to_json(self) -> dict[str, Any]:
        return {"type": TAKE_BACK, "first": self.first}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TakeBack:
        first = data.get("first")
        if not isinstance(first, int) or isinstance(first, bool) or first < 0:
            raise IllegalMove("bad_move", _("A take-back names the first move it undoes."), RULE)
        return cls(first)


@dataclass(frozen=True)
class TakeBackOffer:
    """What a take-back by `seat` would undo: the log entries `moves` (the first is `first`),
    the seats whose answers go with them (`others`, who must agree) and the state the game
    returns to."""

    seat: int
    moves: tuple[int, ...]
    others: tuple[int, ...]
    state: GameState

    @property
    def first(self) -> int:
        return self.moves[0]


def _turn_of(state: GameState) -> tuple[int, int]:
    return state.turn_number, state.current_seat


def _same(before: GameState, after: GameState) -> str | None:
    """Why a move cannot be taken back by what it changed (None: it changed nothing hidden or
    random): a die rolled, a card drawn or revealed, a hand or the world changed, the turn
    ended or the game did."""
    if after.is_over:
        return "game_over"
    if after.rng != before.rng:
        return "dice_rolled"
    if (
        after.draw_pile != before.draw_pile
        or after.discard_pile != before.discard_pile
        or after.slots != before.slots
        or after.event_deck != before.event_deck
        or after.mission != before.mission
        or after.mission_deck != before.mission_deck
        or after.coin_pile != before.coin_pile
        or any(
            (a.cards, a.scar_card, a.missiles) != (b.cards, b.scar_card, b.missiles)
            for a, b in zip(after.seats, before.seats, strict=True)
        )
    ):
        return "card_drawn"
    if after.world_events != before.world_events:
        return "world_changed"
    if _turn_of(after) != _turn_of(before):
        return "turn_ended"
    return None


REFUSALS = {
    "dice_rolled": gettext_noop(
        "Dice were rolled after that move: what they decided is final, and so is everything "
        "before them."
    ),
    "card_drawn": gettext_noop(
        "A card was drawn, played or revealed after that move: everyone has seen it, so the "
        "move is final."
    ),
    "world_changed": gettext_noop(
        "The world changed after that move (a scar, a pack): it is final."
    ),
    "game_over": gettext_noop("The game is over."),
    "kind": gettext_noop(
        "Only placing troops, expanding, maneuvering and declaring an attack can be taken back."
    ),
    "nothing": gettext_noop("You have made no move this turn that can be taken back."),
}


FINAL = {"dice_rolled": "final_after_dice", "card_drawn": "final_after_card"}


def _refuse_after_turn(turn: Sequence[Step], seat: int) -> None:
    """Why a player not on turn takes nothing back: their turn ended with dice or a card (its
    last move is final), or it is simply not their turn."""
    ended = turn[0] if turn else None
    if ended is not None and ended.seat == seat:
        why = _same(ended.before, ended.after)
        if why in FINAL:
            raise IllegalMove(FINAL[why], _(REFUSALS[why]), RULE)
    raise IllegalMove(
        "not_on_turn", _("Only the player whose turn it is takes back their own moves."), RULE
    )


def take_back_offer(turn: Sequence[Step], state: GameState, seat: int) -> TakeBackOffer:
    """What `seat` may take back now, given the steps of the turn so far (`turn`, oldest
    first, after the step that ended the turn before; `rules.game.history.steps` keeps it)
    and the state now; or IllegalMove saying why nothing can be (PRI-4)."""
    if state.is_over:
        raise IllegalMove("game_over", _(REFUSALS["game_over"]), "END-1")
    if seat != state.current_seat:
        _refuse_after_turn(turn, seat)
    reason = "nothing"
    chosen: int | None = None
    for position in range(len(turn) - 1, -1, -1):
        step = turn[position]
        if _turn_of(step.before) != _turn_of(step.after):
            break  # the move that ended the turn before: this turn holds nothing to take back
        why = _same(step.before, step.after)
        own = step.seat == seat and isinstance(step.move, OWN_MOVES)
        if why is None and not (own or isinstance(step.move, ANSWERS)):
            why = "kind"
        if why is not None:
            reason = why
            break
        if own:
            chosen = position
            break
    if chosen is None:
        raise IllegalMove(FINAL.get(reason, f"take_back_{reason}"), _(REFUSALS[reason]), RULE)
    undone = turn[chosen:]
    return TakeBackOffer(
        seat=seat,
        moves=tuple(step.index for step in undone),
        others=tuple(sorted({step.seat for step in undone if step.seat != seat})),
        state=turn[chosen].before,
    )
