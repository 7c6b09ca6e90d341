"""X-10: the missile window is offered only to a holder whose missiles can still change the
roll: turning a die into a 6 changes nothing when it shows a 6 already, or when no loss on
either side would differ. The third missile of a roll while Pocket 1 is sealed (U-6) is a
change of its own."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.game import (
    Attack,
    DefendWith,
    FireMissile,
    PassMissiles,
    effects,
    missile_reach,
    seats_to_act,
)
from rules.world_events import PackOpened

from .helpers import play, position, rig_dice


def _roll(attack: list[int], defence: list[int], pocket_open: bool = False, **seats):
    """Seat 0 attacks Brazil (seat 1) from Argentina with len(attack) dice; seat 2 looks on.
    Returns the state just after the dice are rolled."""
    state = position(armies={"argentina": (0, 9), "brazil": (1, 5), "ural": (2, 3)}, **seats)
    if pocket_open:
        state.world = PackOpened("pocket_1", 1, "3 missiles on one roll").apply(state.world)
    state = rig_dice(state, attack, defence)
    state, _ = play(state, (0, Attack("argentina", "brazil", len(attack))))
    state, _ = play(state, (1, DefendWith(len(defence))))
    return state


def test_a_bystander_whose_missile_can_change_a_loss_is_asked_X10():
    state = _roll([6, 4, 1], [5, 5], seat2={"missiles": 1})
    assert state.phase == "missile_window" and seats_to_act(state) == [2]


def test_no_window_when_the_defence_shows_two_sixes_X10():
    """Attack dice raised to 6 still lose the ties; the defending 6s cannot rise."""
    state = _roll([5, 2, 1], [6, 6], seat2={"missiles": 1})
    assert state.phase == "expand_attack" and state.troops("argentina") == 7


def test_no_window_when_every_die_that_counts_is_a_six_already_X10():
    state = _roll([6, 6], [6, 6], seat0={"missiles": 1}, seat1={"missiles": 1})
    assert state.phase == "expand_attack"


def test_one_missile_that_changes_nothing_is_not_offered_but_two_are_X10():
    """3,3 against 6,5: one raised die still loses both pairs; two raised dice win one."""
    lone = _roll([3, 3], [6, 5], seat2={"missiles": 1})
    assert lone.phase == "expand_attack"
    pair = _roll([3, 3], [6, 5], seat2={"missiles": 2})
    assert pair.phase == "missile_window" and seats_to_act(pair) == [2]


def test_the_window_skips_a_holder_who_cannot_change_it_and_asks_the_next_X10():
    """Seat 0 holds one missile (useless on 3,3 vs 6,5), seat 2 holds two: only seat 2 is
    asked, and once it fires the first, seat 0's single missile can matter again."""
    state = _roll([3, 3], [6, 5], True, seat0={"missiles": 1}, seat2={"missiles": 2})
    assert seats_to_act(state) == [2]
    state, _ = play(state, (2, FireMissile("attack", 0)))
    assert state.phase == "missile_window" and seats_to_act(state) == [0]
    state, _ = play(state, (0, PassMissiles()))
    assert seats_to_act(state) == [2]


def test_the_third_missile_of_a_roll_is_offered_while_pocket_1_is_sealed_U6():
    """Nothing the dice show can change, but three missiles in the window could open Pocket 1:
    the window stays open for them."""
    three = {"seat0": {"missiles": 1}, "seat1": {"missiles": 1}, "seat2": {"missiles": 1}}
    state = _roll([6, 6], [6, 6], **three)
    assert state.phase == "missile_window" and seats_to_act(state) == [0]


def test_once_pocket_1_is_open_three_missiles_that_change_nothing_are_not_offered_U6():
    three = {"seat0": {"missiles": 1}, "seat1": {"missiles": 1}, "seat2": {"missiles": 1}}
    state = _roll([6, 6], [6, 6], True, **three)
    assert state.phase == "expand_attack"


# --- the quick count against the full check ---------------------------------------------------

OUTCOME_POWERS = (
    (),
    ("triples_overrun",),
    ("double_six_blocks_attacks",),
    ("unnatural_strength",),
    ("unstable_cloning",),
)


def _full_check(state, missiles: int) -> bool:
    """Every choice of up to `missiles` open dice turned into 6s, each tried with the outcome
    powers on a copy of the state: what the window asked before the quick count."""
    pending = state.pending
    now = missile_reach._losses(state, pending, pending["attack_values"], pending["defence_values"])
    dice = missile_reach._open_dice(pending)
    for size in range(1, min(missiles, len(dice)) + 1):
        for chosen in combinations(dice, size):
            values = {
                side: [
                    6 if (side, i) in chosen else v for i, v in enumerate(pending[f"{side}_values"])
                ]
                for side in ("attack", "defence")
            }
            if missile_reach._losses(state, pending, values["attack"], values["defence"]) != now:
                return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    natural_attack=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    natural_defence=st.lists(st.integers(1, 6), min_size=1, max_size=2),
    attack_change=st.lists(st.integers(-1, 1), min_size=3, max_size=3),
    defence_change=st.lists(st.integers(-1, 1), min_size=2, max_size=2),
    fixed=st.sets(st.tuples(st.sampled_from(("attack", "defence")), st.integers(0, 2))),
    attacker_powers=st.sampled_from(OUTCOME_POWERS),
    defender_powers=st.sampled_from(OUTCOME_POWERS),
    missiles=st.integers(1, 5),
)
def test_the_quick_count_agrees_with_trying_every_choice_on_a_copy_X10(
    natural_attack,
    natural_defence,
    attack_change,
    defence_change,
    fixed,
    attacker_powers,
    defender_powers,
    missiles,
):
    """Random rolls, modified dice, dice fixed by earlier missiles and outcome powers on
    either side: `losses_can_change` answers as the full check on copies of the state."""
    natural_attack = sorted(natural_attack, reverse=True)
    natural_defence = sorted(natural_defence, reverse=True)
    attack = [max(1, min(6, v + c)) for v, c in zip(natural_attack, attack_change, strict=False)]
    defence = [max(1, min(6, v + c)) for v, c in zip(natural_defence, defence_change, strict=False)]
    state = position(armies={"argentina": (0, 9), "brazil": (1, 5)})
    state.phase = "missile_window"
    state.pending = {
        "kind": "attack",
        "attacker": 0,
        "defender": 1,
        "origin": "argentina",
        "target": "brazil",
        "dice": len(attack),
        "defence_dice": len(defence),
        "natural_attack": natural_attack,
        "natural_defence": natural_defence,
        "attack_values": attack,
        "defence_values": defence,
        "fixed_attack": sorted(i for side, i in fixed if side == "attack" and i < len(attack)),
        "fixed_defence": sorted(i for side, i in fixed if side == "defence" and i < len(defence)),
        "missiles_fired": 0,
        "passed": [],
    }
    powers = {0: attacker_powers, 1: defender_powers}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(effects, "seat_effects", lambda _state, seat: powers.get(seat, ()))
        before = (state.turn, state.armies)
        assert missile_reach.losses_can_change(state, missiles) == _full_check(state, missiles)
        assert (state.turn, state.armies) == before  # asking changes nothing
