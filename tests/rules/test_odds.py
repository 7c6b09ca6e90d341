"""Exact attack odds (X-6..X-9, X-12): the Markov chain of `rules.odds` against enumerating every
die of every roll, the board's modifiers read through the engine, and nothing hidden counted."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.combat import battle
from rules.odds import PLAIN, Odds, attack_once, attack_until, fight_in, fight_with
from rules.world import Fortification, Scar

from .game.helpers import position, with_world

Modifier = Callable[[list[int], list[int], bool], tuple[list[int], list[int]]]


def no_modifier(attack: list[int], defence: list[int], fortified: bool) -> tuple[list, list]:
    return attack, defence


def modifiers(scar: str | None) -> Modifier:
    """X-8/X-9 written out plainly: the fortification's +1 on every defence die, then the
    scar on the defender's higher die; capped 1..6 and sorted again after each."""

    def modify(attack: list[int], defence: list[int], fortified: bool) -> tuple[list, list]:
        if fortified:
            defence = sorted((min(6, v + 1) for v in defence), reverse=True)
        if scar == "bunker":
            defence = sorted([min(6, defence[0] + 1), *defence[1:]], reverse=True)
        if scar == "ammo_shortage":
            defence = sorted([max(1, defence[0] - 1), *defence[1:]], reverse=True)
        return attack, defence

    return modify


def enumerated(
    attackers: int, defenders: int, modify: Modifier = no_modifier, uses: int = 0
) -> tuple[Fraction, Fraction, Fraction]:
    """Chance to conquer and average losses, rolling every die face one by one (6**5 ways a
    roll can fall) and following each outcome to the end."""

    @cache
    def go(a: int, d: int, left: int) -> tuple[Fraction, Fraction, Fraction]:
        if d <= 0 or a <= 0:
            return Fraction(int(d <= 0)), Fraction(0), Fraction(0)
        attack_dice, defence_dice = min(3, a), min(2, d)
        total = 6 ** (attack_dice + defence_dice)
        conquer = lost_a = lost_d = Fraction(0)
        for faces in product(range(1, 7), repeat=attack_dice + defence_dice):
            attack = sorted(faces[:attack_dice], reverse=True)
            defence = sorted(faces[attack_dice:], reverse=True)
            attack, defence = modify(attack, defence, left > 0)
            la, ld = battle(attack, defence)
            worn = left - 1 if attack_dice == 3 and left > 0 else left
            c, xa, xd = go(a - la, d - ld, worn)
            conquer += Fraction(1, total) * c
            lost_a += Fraction(1, total) * (la + xa)
            lost_d += Fraction(1, total) * (ld + xd)
        return conquer, lost_a, lost_d

    return go(attackers, defenders, uses)


def close(odds: Odds, expected: tuple[Fraction, Fraction, Fraction]) -> bool:
    got = (odds.conquer, odds.attacker_losses, odds.defender_losses)
    return all(abs(g - float(e)) < 1e-12 for g, e in zip(got, expected, strict=True))


@settings(max_examples=25, deadline=None)
@given(attackers=st.integers(1, 4), defenders=st.integers(1, 3))
def test_attacking_on_matches_every_die_enumerated_x7(attackers: int, defenders: int):
    assert close(attack_until(PLAIN, attackers, defenders), enumerated(attackers, defenders))


@settings(max_examples=25, deadline=None)
@given(
    attackers=st.integers(1, 4),
    defenders=st.integers(1, 3),
    uses=st.integers(0, 2),
    scar=st.sampled_from([None, "bunker", "ammo_shortage"]),
)
def test_fortification_and_scars_change_the_odds_as_enumerated_x8_x9(
    attackers: int, defenders: int, uses: int, scar: str | None
):
    """Fortification (+1 on each defence die, X-9) wears out after its 3-dice rolls; Bunker
    and Ammo Shortage (A56s, A53s) move the defender's higher die."""
    fight = fight_with(fortification_uses=uses, scar=scar)
    expected = enumerated(attackers, defenders, modifiers(scar), uses)
    assert close(attack_until(fight, attackers, defenders), expected)


@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("defenders", [1, 2, 5])
def test_one_roll_takes_the_territory_only_when_every_defender_falls_x7(dice, defenders):
    defence_dice = min(2, defenders)
    total = 6 ** (dice + defence_dice)
    conquer = lost_a = lost_d = Fraction(0)
    for faces in product(range(1, 7), repeat=dice + defence_dice):
        la, ld = battle(faces[:dice], faces[dice:])
        conquer += Fraction(int(ld >= defenders), total)
        lost_a += Fraction(la, total)
        lost_d += Fraction(ld, total)
    assert close(attack_once(PLAIN, dice, defenders), (conquer, lost_a, lost_d))


def test_a_bunker_on_the_board_is_counted_as_the_calculator_counts_it_x8():
    scar = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1)}
    state = with_world(position(armies={"argentina": (0, 6), "brazil": (1, 4)}), scars=scar)
    from_board = attack_until(fight_in(state, 0, "argentina", "brazil"), 5, 4)
    assert from_board == attack_until(fight_with(scar="bunker"), 5, 4)
    assert from_board.conquer < attack_until(PLAIN, 5, 4).conquer


def test_a_fortification_on_the_board_wears_out_as_the_calculator_says_x9():
    forts = {"brazil": Fortification("brazil", wear=8, game=1)}  # two 3-dice rolls left
    state = with_world(
        position(armies={"argentina": (0, 12), "brazil": (1, 6)}), fortifications=forts
    )
    from_board = attack_until(fight_in(state, 0, "argentina", "brazil"), 11, 6)
    assert from_board == attack_until(fight_with(fortification_uses=2), 11, 6)
    assert from_board != attack_until(fight_with(fortification_uses=3), 11, 6)


def test_the_die_mechaniker_fortified_hq_counts_only_in_its_own_hq_g3():
    state = position(
        armies={"argentina": (1, 6), "brazil": (0, 4), "peru": (0, 4)}, hqs={"brazil": 0}
    )
    state = with_world(state, starting_powers={"die_mechaniker": "fortified_hq"})
    hq = attack_until(fight_in(state, 1, "argentina", "brazil"), 5, 4)
    elsewhere = attack_until(fight_in(state, 1, "argentina", "peru"), 5, 4)
    assert elsewhere == attack_until(PLAIN, 5, 4)
    assert hq == attack_until(fight_with(fortification_uses=10), 5, 4)


def test_overrun_removes_every_defender_on_natural_triples_g3():
    """Enclave of the Bear attacking: natural three of a kind that kills removes them all."""
    state = position(armies={"argentina": (1, 5), "brazil": (0, 6)})
    state = with_world(state, starting_powers={"enclave_of_the_bear": "overrun"})

    def with_overrun(a: int, d: int) -> Fraction:
        @cache
        def go(a: int, d: int) -> Fraction:
            if d <= 0 or a <= 0:
                return Fraction(int(d <= 0))
            ad, dd = min(3, a), min(2, d)
            chance = Fraction(0)
            for faces in product(range(1, 7), repeat=ad + dd):
                attack, defence = list(faces[:ad]), list(faces[ad:])
                la, ld = battle(attack, defence)
                if ad == 3 and len(set(attack)) == 1 and ld:
                    ld = d
                chance += Fraction(1, 6 ** (ad + dd)) * go(a - la, d - ld)
            return chance

        return go(a, d)

    odds = attack_until(fight_in(state, 1, "argentina", "brazil"), 4, 6)
    assert odds.conquer == pytest.approx(float(with_overrun(4, 6)), abs=1e-12)
    assert odds.conquer > attack_until(PLAIN, 4, 6).conquer


def test_missiles_and_scar_cards_in_hand_are_not_counted_x10_t3():
    """What the attacker cannot see is never assumed: the defender's missiles and the scar
    card in its hand leave the odds as they are."""
    armies = {"argentina": (0, 7), "brazil": (1, 5)}
    plain = attack_until(fight_in(position(armies=armies), 0, "argentina", "brazil"), 6, 5)
    hidden = position(
        armies=armies, seat1={"missiles": 3, "scar_card": "bunker"}, seat2={"missiles": 2}
    )
    assert attack_until(fight_in(hidden, 0, "argentina", "brazil"), 6, 5) == plain
    assert plain == attack_until(PLAIN, 6, 5)
