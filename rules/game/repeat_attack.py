"""Repeating an attack (X-6) round after round with the same dice, "until the territory is
taken, or until N troops are left" in the attacking territory.

Each round is an ordinary `Attack` move: the rules see nothing new, and the log and replay stay
move by move. The plan only says which attack comes next and when to stop; whoever drives it
(the service, a test) applies the moves and the decisions of others in between.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.errors import Violation
from rules.game.attack import attack_dice_max
from rules.game.attack_phases import EXPAND_ATTACK
from rules.game.events import GameEvent
from rules.game.moves import Attack, Move
from rules.game.state import GameState

# A safety stop: a territory holds far fewer troops than this many rounds could spend.
MAX_ROUNDS = 200


@dataclass(frozen=True)
class RepeatPlan:
    """Attack `target` from `origin` with `dice` (fewer when fewer troops are left to roll),
    until it is taken or `origin` holds `stop_at` troops or fewer. `stop_at` None: one round."""

    origin: str
    target: str
    dice: int
    stop_at: int | None = None


def next_attack(state: GameState, seat: int, plan: RepeatPlan) -> Attack | None:
    """The next round's attack, or None when the plan is done: it is not `seat`'s expand and
    attack step, the target is taken, the origin is down to `stop_at`, or no attack is legal."""
    if state.phase != EXPAND_ATTACK or state.current_seat != seat:
        return None
    most = attack_dice_max(state, seat, plan.origin, plan.target)
    if isinstance(most, Violation):
        return None
    if plan.stop_at is not None and state.troops(plan.origin) <= plan.stop_at:
        return None
    return Attack(plan.origin, plan.target, max(1, min(plan.dice, most)))


Apply = Callable[[GameState, int, Move], tuple[GameState, list[GameEvent]]]
Settle = Callable[[GameState], GameState]


def attack_until(
    state: GameState, seat: int, plan: RepeatPlan, apply: Apply, settle: Settle
) -> GameState:
    """Play the plan's rounds: `apply` applies one move, `settle` lets the automatic decisions
    between rounds happen (bots, passes a seat asked for). Stops after one round without a
    `stop_at`, when the plan is done, or when someone must decide before the next round (a
    defender's dice, a missile, moving in after the conquest)."""
    for _ in range(MAX_ROUNDS):
        move = next_attack(state, seat, plan)
        if move is None:
            break
        state, _ = apply(state, seat, move)
        state = settle(state)
        if plan.stop_at is None:
            break
    return state
