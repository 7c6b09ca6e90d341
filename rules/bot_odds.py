"""Exact odds (X-7) of an unmodified fight to the end, for bots weighing an attack: one roll
by enumerating every die outcome, then the chance that a stack wipes out another. The odds with
every modifier on the board are `rules.odds`."""

from __future__ import annotations

from functools import cache
from itertools import product

from rules.combat import battle


@cache
def roll_odds(attack_dice: int, defence_dice: int) -> tuple[tuple[int, int, float], ...]:
    """(attacker losses, defender losses, probability) of one unmodified roll, by enumerating
    every die outcome through `rules.combat.battle`."""
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, 7), repeat=attack_dice + defence_dice):
        outcome = battle(faces[:attack_dice], faces[attack_dice:])
        counts[outcome] = counts.get(outcome, 0) + 1
    total = 6 ** (attack_dice + defence_dice)
    return tuple((a, d, n / total) for (a, d), n in sorted(counts.items()))


@cache
def conquest_odds(attackers: int, defenders: int) -> float:
    """The chance that `attackers` troops free to roll (the origin's troops minus those that
    stay behind) wipe out `defenders`, fighting to the end with the most dice on both sides."""
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    chance = 0.0
    for lost_attack, lost_defence, p in roll_odds(min(3, attackers), min(2, defenders)):
        chance += p * conquest_odds(attackers - lost_attack, defenders - lost_defence)
    return chance
