"""Whether a missile holder can still change the roll on the table (X-10), so the missile
window is offered only to holders for whom firing could matter.

A missile turns one die that no missile fixed yet into an unmodifiable 6. It changes the roll
when some choice of up to as many dice as the holder has missiles, turned into 6s on either
side, gives other losses than the dice show now (the faction powers that act on the final
dice are counted). A missile that changes no loss may still be the third of the roll while
Pocket 1 is sealed (U-6): that roll is then never resolved, so it changes it too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from rules.combat import battle
from rules.data import rules_content
from rules.game.common import constant
from rules.game.effects import Outcome, Roll, apply_outcome_effects, outcome_effects_act
from rules.game.nuke import POCKET
from rules.game.state import GameState


def _losses(state: GameState, pending: dict[str, Any], attack: list[int], defence: list[int]):
    """The losses both sides would take with these final dice, powers included."""
    attacker_losses, defender_losses = battle(attack, defence)
    roll = Roll(
        state.clone(),  # outcome powers may add troops: never on the real state
        pending["attacker"],
        pending["defender"],
        pending["origin"],
        pending["target"],
        pending["natural_attack"],
        pending["natural_defence"],
        list(attack),
        list(defence),
    )
    outcome = Outcome(attacker_losses, defender_losses)
    apply_outcome_effects(roll, outcome)
    return outcome.attacker_losses, outcome.defender_losses


def _dice_losses(attack: list[int], defence: list[int]) -> tuple[int, int]:
    """`battle` on the roll already on the table (its dice checked when rolled), some of them
    turned into 6s: the losses without checking the dice again."""
    pairs = zip(sorted(attack, reverse=True), sorted(defence, reverse=True), strict=False)
    won = sum(high > low for high, low in pairs)
    return min(len(attack), len(defence)) - won, won


def _open_dice(pending: dict[str, Any]) -> list[tuple[str, int]]:
    """Dice a missile may still turn into a 6 and that do not show a 6 already."""
    return [
        (side, index)
        for side in ("attack", "defence")
        for index, value in enumerate(pending[f"{side}_values"])
        if index not in pending[f"fixed_{side}"] and value != 6
    ]


def missiles_to_change(state: GameState, most: int) -> int | None:
    """The fewest missiles, up to `most`, that, fired on the roll in the window, could
    change who loses what; None when no number of them could. Without a power acting on the
    outcome the losses are the dice's alone (`battle`): no state is copied, no power tried,
    and the answer depends on the dice alone (kept, `_dice_missiles_to_change`)."""
    pending = state.pending
    assert pending is not None
    attack, defence = pending["attack_values"], pending["defence_values"]
    if not outcome_effects_act(state, pending["attacker"], pending["defender"]):
        return _dice_missiles_to_change(
            tuple(attack),
            tuple(defence),
            tuple(pending["fixed_attack"]),
            tuple(pending["fixed_defence"]),
            most,
        )

    def losses(attack: list[int], defence: list[int]) -> tuple[int, int]:
        return _losses(state, pending, attack, defence)

    return _fewest_changing(pending, most, losses)


@lru_cache(maxsize=4096)
def _dice_missiles_to_change(
    attack: tuple[int, ...],
    defence: tuple[int, ...],
    fixed_attack: tuple[int, ...],
    fixed_defence: tuple[int, ...],
    most: int,
) -> int | None:
    """`missiles_to_change` for a roll no outcome power acts on: a function of its dice, which
    take few values, so every roll asks one of a small set of questions again."""
    pending = {
        "attack_values": attack,
        "defence_values": defence,
        "fixed_attack": fixed_attack,
        "fixed_defence": fixed_defence,
    }
    return _fewest_changing(pending, most, _dice_losses)


def _fewest_changing(
    pending: dict[str, Any], most: int, losses: Callable[[list[int], list[int]], tuple[int, int]]
) -> int | None:
    attack, defence = pending["attack_values"], pending["defence_values"]
    dice = _open_dice(pending)
    if not dice:
        return None
    now = losses(list(attack), list(defence))
    for size in range(1, min(most, len(dice)) + 1):
        for chosen in combinations(dice, size):
            turned = {"attack": list(attack), "defence": list(defence)}
            for side, index in chosen:
                turned[side][index] = 6
            if losses(turned["attack"], turned["defence"]) != now:
                return size
    return None


def losses_can_change(state: GameState, missiles: int) -> bool:
    """Whether `missiles` fired on the roll in the window could change who loses what."""
    return missiles_to_change(state, missiles) is not None


def third_missile_in_reach(state: GameState, holders: list[int]) -> bool:
    """U-6: while Pocket 1 is sealed, the missiles still in the window (of `holders`, who have
    not passed) may make this roll's third missile, which opens it whatever the dice show."""
    if POCKET in state.world.packs_opened or POCKET not in rules_content().packs:
        return False
    pending = state.pending
    assert pending is not None
    needed = constant("pocket1_missiles") - pending["missiles_fired"]
    unfixed = sum(
        len(pending[f"{side}_values"]) - len(pending[f"fixed_{side}"])
        for side in ("attack", "defence")
    )
    held = sum(state.seats[seat].missiles for seat in holders)
    return 0 < needed <= min(held, unfixed)


def may_change_roll(state: GameState, seat: int, holders: list[int], needed: int | None) -> bool:
    """Whether the window is worth offering to `seat` (X-10): its missiles could change the
    losses (`needed`, from `missiles_to_change`), or the missiles left in the window could
    reach the third of the roll (U-6)."""
    missiles = state.seats[seat].missiles
    changes = needed is not None and needed <= missiles
    return changes or third_missile_in_reach(state, holders)
