"""X-10: the missile window is offered only to a holder whose missiles can still change the
roll: turning a die into a 6 changes nothing when it shows a 6 already, or when no loss on
either side would differ. The third missile of a roll while Pocket 1 is sealed (U-6) is a
change of its own."""

from __future__ import annotations

from rules.game import Attack, DefendWith, FireMissile, PassMissiles, seats_to_act
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
