"""Repeating an attack (X-6): the same attack round after round, "until taken, or until N
troops are left", each round an ordinary Attack move with the defender's dice in between."""

from __future__ import annotations

from rules.game import Attack, DefendWith, GameState, apply_move, seats_to_act
from rules.game.repeat_attack import RepeatPlan, attack_until, next_attack

from .helpers import position, rig_dice


def _defender_rolls_most(state: GameState) -> GameState:
    """The decisions between rounds, taken as a table would by default: the most dice."""
    while state.phase == "attack_defender_dice":
        seat = seats_to_act(state)[0]
        most = min(2, state.troops(state.pending["target"]))
        state, _ = apply_move(state, seat, DefendWith(most))
    return state


def _apply(log: list):
    def apply(state, seat, move):
        log.append(move)
        return apply_move(state, seat, move)

    return apply


def test_attack_until_taken_plays_rounds_until_the_conquest_X6_X12():
    state = position(armies={"argentina": (0, 10), "brazil": (1, 2)})
    state = rig_dice(state, [6], [1, 1], [6], [1])
    moves: list = []
    plan = RepeatPlan("argentina", "brazil", 1, stop_at=1)
    state = attack_until(state, 0, plan, _apply(moves), _defender_rolls_most)
    assert moves == [Attack("argentina", "brazil", 1)] * 2
    assert state.phase == "move_in" and state.owner("brazil") == 0


def test_attack_until_n_left_stops_at_that_many_troops_X6():
    state = position(armies={"argentina": (0, 4), "brazil": (1, 9)})
    state = rig_dice(state, [1], [6, 6], [1], [6, 6])
    moves: list = []
    plan = RepeatPlan("argentina", "brazil", 1, stop_at=2)
    state = attack_until(state, 0, plan, _apply(moves), _defender_rolls_most)
    assert len(moves) == 2 and state.troops("argentina") == 2
    assert next_attack(state, 0, plan) is None


def test_the_dice_shrink_with_the_troops_left_to_roll_them_X6():
    state = position(armies={"argentina": (0, 3), "brazil": (1, 9)})
    assert next_attack(state, 0, RepeatPlan("argentina", "brazil", 3)) == Attack(
        "argentina", "brazil", 2
    )


def test_without_a_stop_one_round_is_played_X6():
    state = position(armies={"argentina": (0, 10), "brazil": (1, 9)})
    moves: list = []
    attack_until(state, 0, RepeatPlan("argentina", "brazil", 3), _apply(moves), lambda s: s)
    assert len(moves) == 1


def test_rounds_stop_when_another_person_must_decide_X6():
    """Nobody settles the defender's dice: the plan waits after its first round."""
    state = position(armies={"argentina": (0, 10), "brazil": (1, 9)})
    moves: list = []
    plan = RepeatPlan("argentina", "brazil", 3, stop_at=1)
    state = attack_until(state, 0, plan, _apply(moves), lambda s: s)
    assert len(moves) == 1 and state.phase == "attack_defender_dice"


def test_no_round_for_a_target_that_is_no_enemy_or_another_seats_turn_X6():
    state = position(armies={"argentina": (0, 10), "brazil": (0, 2), "peru": (1, 2)})
    assert next_attack(state, 0, RepeatPlan("argentina", "brazil", 3)) is None
    assert next_attack(state, 1, RepeatPlan("peru", "argentina", 1)) is None
