"""X-7: one unmodified roll, enumerated die by die, gives exactly the published Risk odds.

Every combination of attack and defence dice goes through `rules.combat.battle`, and the
outcome counts must match the table in FACTS.md section 9 (the rec.puzzles FAQ figures).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules.combat import battle

# (attack dice, defence dice) -> {(attacker losses, defender losses): ways out of 6**(a+d)}
PUBLISHED = {
    (3, 2): {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275},
    (3, 1): {(0, 1): 855, (1, 0): 441},
    (2, 2): {(0, 2): 295, (1, 1): 420, (2, 0): 581},
    (2, 1): {(0, 1): 125, (1, 0): 91},
    (1, 2): {(0, 1): 55, (1, 0): 161},
    (1, 1): {(0, 1): 15, (1, 0): 21},
}


def outcome_odds(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    counts: Counter[tuple[int, int]] = Counter()
    for faces in product(range(1, 7), repeat=attack_dice + defence_dice):
        attack, defence = list(faces[:attack_dice]), list(faces[attack_dice:])
        counts[tuple(battle(attack, defence))] += 1
    total = 6 ** (attack_dice + defence_dice)
    return {outcome: Fraction(n, total) for outcome, n in counts.items()}


@pytest.mark.parametrize(("attack_dice", "defence_dice"), sorted(PUBLISHED))
def test_one_roll_matches_the_published_odds_exactly_x7(attack_dice: int, defence_dice: int):
    total = 6 ** (attack_dice + defence_dice)
    expected = {
        outcome: Fraction(n, total) for outcome, n in PUBLISHED[(attack_dice, defence_dice)].items()
    }
    assert outcome_odds(attack_dice, defence_dice) == expected


def test_defender_wins_ties_x7():
    assert tuple(battle([6], [6])) == (1, 0)
    # the worked example of X-7: the 5s tie for the defender, 4 beats 3
    assert tuple(battle([5, 4], [5, 3])) == (1, 1)


def test_dice_order_does_not_matter_x8():
    """X-8(3): the dice are sorted before comparing, so the order given changes nothing."""
    assert tuple(battle([1, 6, 3], [2, 5])) == tuple(battle([6, 3, 1], [5, 2]))
