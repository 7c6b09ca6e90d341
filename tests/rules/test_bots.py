"""The bots: exact odds, the heuristic bot's judgement in set positions, its strength against
random play, and the random bot's own seeded generator."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules.bot_odds import conquest_odds
from rules.bot_random import RandomBot
from rules.bots import HeuristicBot
from rules.game import (
    Attack,
    BuyRedStar,
    DefendWith,
    FireMissile,
    PassMissiles,
    apply_move,
    legal_move_options,
)
from rules.simulate import play_game
from tests.rules.game.helpers import position, rig_dice


def test_conquest_odds_follow_the_exact_roll_odds_x7():
    one_on_one = Fraction(15, 36)
    assert conquest_odds(1, 1) == pytest.approx(float(one_on_one), abs=1e-12)
    # 2 against 1: win the 2v1 roll, or lose it and win the 1v1 that follows.
    two_on_one = Fraction(125, 216) + Fraction(91, 216) * one_on_one
    assert conquest_odds(2, 1) == pytest.approx(float(two_on_one), abs=1e-12)
    assert conquest_odds(10, 2) > 0.95 > conquest_odds(3, 10)


def test_heuristic_bot_beats_random_bots_clearly():
    """20 fixed seeds, one heuristic bot against three random ones, on every seat in turn."""
    wins = 0
    for seed in range(1, 21):
        seat = seed % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        run = play_game(seed, kinds)
        assert not run.capped
        wins += run.winner == seat
    assert wins >= 15


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_bots_always_finish_their_games(players: int):
    for seed in range(1, 6):
        run = play_game(seed, ["heuristic"] * players)
        assert not run.capped and run.state.is_over and run.winner is not None


def test_random_bot_uses_its_own_generator_not_the_global_one():
    random.seed(5)
    expected = random.getstate()
    first = play_game(3, ["random", "random", "random", "heuristic"])
    assert random.getstate() == expected
    again = play_game(3, ["random", "random", "random", "heuristic"])
    assert first.moves == again.moves


def test_random_bot_only_picks_listed_moves():
    state = position(armies={"argentina": (0, 6), "brazil": (1, 2), "peru": (0, 3)})
    bot = RandomBot(1)
    options = legal_move_options(state, 0)
    for _ in range(200):
        move = bot.choose(state, 0)
        assert any(option.allows(move) for option in options)


def test_heuristic_bot_attacks_with_the_odds_and_all_its_dice():
    state = position(armies={"argentina": (0, 10), "brazil": (1, 1), "peru": (0, 1)})
    assert HeuristicBot(1).choose(state, 0) == Attack("argentina", "brazil", 3)


def test_heuristic_bot_does_not_attack_against_the_odds():
    state = position(armies={"argentina": (0, 3), "brazil": (1, 10), "peru": (0, 1)})
    assert not isinstance(HeuristicBot(1).choose(state, 0), Attack)


def test_heuristic_bot_buys_a_red_star_with_its_four_cheapest_cards_t2():
    state = position(
        armies={"argentina": (0, 3)},
        phase="start_of_turn",
        seat0={"cards": ("coin", "brazil", "peru", "coin", "argentina")},
    )
    state.world = state.world.evolve(card_coins={**state.world.card_coins, "argentina": 3})
    move = HeuristicBot(1).choose(state, 0)
    assert isinstance(move, BuyRedStar)
    assert sorted(move.cards) == ["brazil", "coin", "coin", "peru"]
    apply_move(state, 0, move)


def _rolled(state, attack: list[int], defence: list[int], dice: int, defend: int):
    """Attack Egypt from North Africa with rigged dice, up to the missile window."""
    state = rig_dice(state, attack, defence)
    state, _ = apply_move(state, 0, Attack("north_africa", "egypt", dice))
    if state.phase == "attack_defender_dice":
        state, _ = apply_move(state, 1, DefendWith(defend))
    assert state.phase == "missile_window"
    return state


def test_attacker_fires_a_missile_to_take_an_hq_x10():
    state = position(
        armies={"north_africa": (0, 5), "egypt": (1, 1)}, hqs={"egypt": 1}, seat0={"missiles": 1}
    )
    state = _rolled(state, [3, 2, 1], [5], dice=3, defend=1)
    assert HeuristicBot(1).choose(state, 0) == FireMissile("attack", 0)


def test_defender_fires_a_missile_to_hold_its_hq_x10():
    state = position(
        armies={"north_africa": (0, 5), "egypt": (1, 2)}, hqs={"egypt": 1}, seat1={"missiles": 1}
    )
    state = _rolled(state, [6, 5, 1], [4, 3], dice=3, defend=2)
    assert HeuristicBot(1).choose(state, 1) == FireMissile("defence", 0)


def test_no_missile_on_an_ordinary_territory_or_a_roll_it_cannot_change():
    ordinary = position(armies={"north_africa": (0, 5), "egypt": (1, 1)}, seat0={"missiles": 1})
    ordinary = _rolled(ordinary, [3, 2, 1], [5], dice=3, defend=1)
    assert HeuristicBot(1).choose(ordinary, 0) == PassMissiles()
    won_anyway = position(
        armies={"north_africa": (0, 5), "egypt": (1, 1)}, hqs={"egypt": 1}, seat0={"missiles": 1}
    )
    won_anyway = _rolled(won_anyway, [6, 2, 1], [5], dice=3, defend=1)
    assert HeuristicBot(1).choose(won_anyway, 0) == PassMissiles()


def test_a_bystander_fires_a_missile_to_stop_a_winning_hq_capture_x10_w1():
    state = position(
        armies={"north_africa": (0, 5), "egypt": (1, 1), "brazil": (0, 1), "peru": (2, 3)},
        hqs={"egypt": 1, "brazil": 0, "peru": 2},
        seat0={"red_star_tokens": 2},
        seat2={"missiles": 1},
    )
    state = _rolled(state, [3, 2, 1], [2], dice=3, defend=1)
    assert HeuristicBot(1).choose(state, 2) == FireMissile("defence", 0)
