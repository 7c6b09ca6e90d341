"""The heuristic bot's nuke (Pocket 1, J162s): of the battle's two territories it hits the one
where its enemies lose the most against what it loses itself, counting the troops wiped out,
the troops in the battle, what the land neighbours can expect to lose to a die, and an HQ
demolished. A tie goes to the defending territory.

The choice is taken from what the engine lists, so the bot never names an illegal target.
"""

from __future__ import annotations

from rules.board_links import land_neighbours
from rules.game import ChooseNukeTarget, GameState, Move, legal_move_options

HQ_WORTH = 8.0
"""Troops an HQ (a red star) is worth to the bot when one stands in the territory hit."""


def expected_die_loss(troops: int) -> float:
    """What a territory holding `troops` expects to lose to one die roll (never below 0)."""
    return sum(min(face, troops) for face in range(1, 7)) / 6


def harm(state: GameState, seat: int, territory: str) -> float:
    """Enemy losses minus the bot's own if the nuke hits `territory` (troops; an HQ counts
    `HQ_WORTH`)."""
    pending = state.pending
    assert pending is not None
    committed = {pending["origin"]: pending["dice"], pending["target"]: pending["defence_dice"]}
    left = {t: max(0, state.troops(t) - n) for t, n in committed.items()}
    losses: dict[int, float] = {}

    def lose(owner: int | None, amount: float) -> None:
        if owner is not None:
            losses[owner] = losses.get(owner, 0.0) + amount

    for there, count in committed.items():
        lose(state.owner(there), min(count, state.troops(there)))
    lose(state.owner(territory), left[territory])
    if territory in state.hqs:
        lose(state.hqs[territory], HQ_WORTH)
    for there in land_neighbours(territory):
        troops = left.get(there, state.troops(there))
        lose(state.owner(there), expected_die_loss(troops))
    return sum(amount if owner != seat else -amount for owner, amount in losses.items())


def nuke_move(state: GameState, seat: int) -> Move:
    """The legal target that harms the enemies most; the defending territory on a tie."""
    targets = [
        o.move for o in legal_move_options(state, seat) if isinstance(o.move, ChooseNukeTarget)
    ]
    defending = state.pending["target"]  # type: ignore[index]
    return max(targets, key=lambda m: (harm(state, seat, m.territory), m.territory == defending))
