"""The registry of rule sets and the refusal of choices that combine badly (RS-1, RS-2,
CL-31, IN-11), and that games stored before rule sets existed still load as Risk Legacy."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.game import GameState
from rules.rule_sets import RULE_SETS, check_choice, chosen_options, rule_set
from tests.rules.game.helpers import fresh_game
from tests.rules.variants.helpers import fresh


def test_rs_1_three_rule_sets_with_their_player_counts():
    assert {k: (r.min_players, r.max_players) for k, r in RULE_SETS.items()} == {
        "legacy": (3, 5),
        "classic": (2, 6),
        "invasion": (2, 6),
    }
    with pytest.raises(IllegalMove) as refused:
        rule_set("chess")
    assert refused.value.rule == "RS-1"


def test_rs_1_a_player_count_outside_the_rule_set_is_refused_with_its_rule():
    assert [r.rule for r in check_choice("classic", 7, {})] == ["CL-1"]
    assert [r.rule for r in check_choice("legacy", 6, {})] == ["C-1"]
    assert check_choice("classic", 2, {}) == []


def test_rs_2_unknown_options_and_values_out_of_bounds_are_refused():
    assert [r.code for r in check_choice("classic", 3, {"hand_limit": 5})] == ["unknown_option"]
    assert [r.rule for r in check_choice("invasion", 3, {"starting_units": 99})] == ["IN-5"]
    assert [r.rule for r in check_choice("invasion", 3, {"assignment": "auction"})] == ["IN-3"]
    assert [r.rule for r in check_choice("invasion", 3, {"hand_limit": True})] == ["IN-6"]


def test_cl_31_the_shorter_headquarters_race_needs_four_players():
    assert [r.rule for r in check_choice("classic", 3, {"short_game": "some_hqs"})] == ["CL-31"]
    assert check_choice("classic", 4, {"short_game": "some_hqs"}) == []
    with pytest.raises(IllegalMove) as refused:
        fresh("classic", 3, short_game="some_hqs")
    assert refused.value.rule == "CL-31"


def test_in_11_objectives_need_three_players():
    assert [r.rule for r in check_choice("invasion", 2, {"mode": "objectives"})] == ["IN-11"]


def test_rs_2_options_left_out_take_their_defaults_and_are_kept_in_the_state():
    """The Invasión note's own proposals are the defaults: 10 units, a hand of 5, moves along
    one's own land, values by set."""
    assert chosen_options("invasion", {"mode": "objectives"}) == {
        "assignment": "random",
        "starting_units": 10,
        "hand_limit": 5,
        "trade_values": "by_set",
        "fortify": "connected",
        "mode": "objectives",
    }
    state = fresh("invasion", 3)
    assert state.rule_set == "invasion" and state.options["hand_limit"] == 5
    assert GameState.from_json(state.to_json()) == state


def test_rs_1_a_game_stored_before_rule_sets_loads_as_legacy_without_options():
    data = fresh_game(3).to_json()
    for key in ("rule_set", "options", "table"):
        data.pop(key)
    state = GameState.from_json(data)
    assert state.rule_set == "legacy" and state.options == {} and state.table == {}


def test_rs_1_legacy_refuses_options_it_does_not_have():
    from rules.game import SeatSpec, new_game
    from rules.world import World

    with pytest.raises(IllegalMove) as refused:
        new_game(
            World(),
            [SeatSpec(f"p{i}", "x") for i in range(3)],
            seed=1,
            game_number=1,
            options={"hand_limit": 5},
        )
    assert refused.value.code == "unknown_option"
