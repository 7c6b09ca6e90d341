"""Starting powers from `world.starting_powers`, acting through their `effect` keys (P-2)."""

import pytest

from rules.errors import IllegalMove
from rules.game import (
    Attack,
    DefendWith,
    EndTurn,
    Expand,
    Maneuver,
    Recruit,
    TakeCard,
    TurnFlags,
    apply_move,
)
from rules.world import World

from .helpers import play, position, rig_dice

# Seat 0 plays Die Mechaniker, 1 the Enclave, 2 Balkania, 3 Khan, 4 the Saharan Republic.


def _world(**powers):
    return World(starting_powers=powers)


def test_round_up_recruits_territories_and_population_divided_by_three_rounded_up_T8():
    state = position(
        armies={"alaska": (2, 1)}
        | {t: (2, 1) for t in ("peru", "siam", "india", "egypt")}
        | {"ural": (2, 1), "china": (2, 1), "japan": (2, 1), "ontario": (2, 1), "quebec": (2, 1)},
        world=_world(imperial_balkania="round_up"),
        phase="start_of_turn",
        current=2,
    )
    state, events = play(state, (2, Recruit()))
    assert next(e for e in events if e.type == "recruited").data["base"] == 4  # 10/3 -> 4


def test_fortified_hq_raises_every_defence_die_in_its_own_hq_territory_P2():
    state = position(
        armies={"argentina": (1, 4), "brazil": (0, 3)},
        hqs={"brazil": 0},
        world=_world(die_mechaniker="fortified_hq"),
        current=1,
    )
    state, _ = play(state, (1, Attack("argentina", "brazil", 2)))
    state = rig_dice(state, [5, 4], [4, 3])
    state, events = play(state, (0, DefendWith(2)))
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [5, 4]
    assert state.world.fortifications == {}


def test_double_six_stand_shuts_the_territory_for_the_turn_P2():
    state = position(
        armies={"argentina": (1, 6), "brazil": (0, 3)},
        world=_world(die_mechaniker="double_six_stand"),
        current=1,
    )
    state, _ = play(state, (1, Attack("argentina", "brazil", 2)))
    state = rig_dice(state, [5, 4], [6, 6])
    state, events = play(state, (0, DefendWith(2)))
    assert "power_used" in [e.type for e in events]
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, Attack("argentina", "brazil", 1))
    assert refused.value.code == "attack_blocked"


def test_first_strike_lowers_the_lower_defence_die_in_the_first_target_only_P2():
    state = position(
        armies={"argentina": (1, 9), "brazil": (0, 5), "peru": (2, 5)},
        world=_world(enclave_of_the_bear="first_strike"),
        current=1,
    )
    state, _ = play(state, (1, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [1], [4, 3])
    state, events = play(state, (0, DefendWith(2)))
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [4, 2]
    state, _ = play(state, (1, Attack("argentina", "peru", 1)))
    state = rig_dice(state, [1], [4, 3])
    state, events = play(state, (2, DefendWith(2)))
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [4, 3]
    # Once it turned to another territory, the first target no longer suffers.
    state, _ = play(state, (1, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [1], [4, 3])
    state, events = play(state, (0, DefendWith(2)))
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [4, 3]


def test_overrun_natural_triples_that_kill_remove_every_defender_P2():
    state = position(
        armies={"argentina": (1, 6), "brazil": (0, 7)},
        world=_world(enclave_of_the_bear="overrun"),
        current=1,
    )
    state, _ = play(state, (1, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [5, 5, 5], [6, 2])
    state, events = play(state, (0, DefendWith(2)))
    assert "conquered" in [e.type for e in events]
    assert state.owner("brazil") == 1


def test_expansion_supply_earns_a_card_for_four_expansions_E2():
    armies = {"egypt": (2, 9), "siam": (0, 1)}
    state = position(
        armies=armies, world=_world(imperial_balkania="expansion_supply"), current=2
    ).clone()
    state.slots = ("alaska", "peru", "brazil", "siam")
    for target in ("north_africa", "east_africa", "middle_east", "southern_europe"):
        state, _ = play(state, (2, Expand("egypt", target, 1)))
    state, _ = play(state, (2, EndTurn()))
    assert state.phase == "end_of_turn"
    state, _ = play(state, (2, TakeCard("coin")))
    assert state.seats[2].cards == ("coin",)


def test_hq_reinforcement_adds_a_troop_to_each_controlled_hq_at_turn_start_P2():
    state = position(
        armies={"alaska": (3, 2), "peru": (3, 1), "brazil": (2, 2)},
        hqs={"alaska": 3, "peru": 0, "brazil": 2},
        world=_world(khan_industries="hq_reinforcement"),
        seats=4,
        current=2,
    )
    state, _ = play(state, (2, EndTurn()))
    assert state.current_seat == 3
    assert state.troops("alaska") == 3 and state.troops("peru") == 2
    assert state.troops("brazil") == 2


def test_supply_drop_puts_a_troop_on_the_drawn_territory_P2():
    state = position(
        armies={"alaska": (3, 2)},
        world=_world(khan_industries="supply_drop"),
        seats=4,
        current=3,
        turn=TurnFlags(conquered=True),
    ).clone()
    state.slots = ("alaska", "peru", "brazil", "siam")
    state, _ = play(state, (3, EndTurn()), (3, TakeCard(1)))
    assert state.troops("alaska") == 3


def test_anytime_maneuver_keeps_the_attack_step_open_M5():
    armies = {"argentina": (4, 5), "peru": (4, 1), "brazil": (0, 1)}
    state = position(
        armies=armies, world=_world(saharan_republic="anytime_maneuver"), seats=5, current=4
    )
    state, _ = play(state, (4, Maneuver("argentina", "peru", 2)))
    assert state.phase == "expand_attack" and state.current_seat == 4
    state, _ = play(state, (4, Attack("peru", "brazil", 2)))
    assert state.phase in ("attack_defender_dice", "move_in", "expand_attack")


def test_unconnected_maneuver_reaches_any_controlled_territory_M5():
    armies = {"argentina": (4, 5), "brazil": (0, 1), "egypt": (4, 1)}
    state = position(
        armies=armies, world=_world(saharan_republic="unconnected_maneuver"), seats=5, current=4
    )
    state, _ = play(state, (4, Maneuver("argentina", "egypt", 3)))
    assert state.troops("egypt") == 4


def test_only_one_maneuver_per_turn_even_with_anytime_maneuver_M2():
    armies = {"argentina": (4, 5), "peru": (4, 1), "venezuela": (4, 1)}
    state = position(
        armies=armies, world=_world(saharan_republic="anytime_maneuver"), seats=5, current=4
    )
    state, _ = play(state, (4, Maneuver("argentina", "peru", 2)))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 4, Maneuver("argentina", "venezuela", 1))
    assert (refused.value.code, refused.value.rule) == ("one_maneuver", "M-2")
