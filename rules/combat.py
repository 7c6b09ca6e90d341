"""Resolving one roll of the dice (X-7) on final die values, after every modifier (X-8)."""

from __future__ import annotations

from collections.abc import Sequence


def battle(attack: Sequence[int], defence: Sequence[int]) -> tuple[int, int]:
    """Return `(attacker_losses, defender_losses)` for 1-3 attack dice against 1-2 defence dice.

    Both sides are sorted high to low and compared pair by pair; a tie goes to the defender
    (X-7). Unpaired dice are ignored, so a roll costs min(len(attack), len(defence)) troops.
    """
    if not 1 <= len(attack) <= 3 or not 1 <= len(defence) <= 2:
        raise ValueError("A roll has 1 to 3 attack dice and 1 to 2 defence dice (X-6).")
    high_first, low_first = sorted(attack, reverse=True), sorted(defence, reverse=True)
    if high_first[-1] < 1 or high_first[0] > 6 or low_first[-1] < 1 or low_first[0] > 6:
        raise ValueError("Die values are 1 to 6 (X-8).")
    attacker_losses = defender_losses = 0
    for high, low in zip(high_first, low_first, strict=False):
        if high > low:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses
