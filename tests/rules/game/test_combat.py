"""Expand & Attack (X-1..X-14), die modifiers and missiles, with the rulebook's worked examples."""

import pytest

from rules.combat import battle
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    DefendWith,
    Expand,
    FireMissile,
    MoveIn,
    PassMissiles,
    PassScarCard,
    apply_move,
)
from rules.world import City, Fortification, Scar

from .helpers import play, position, rig_dice, with_world


def test_worked_example_5_4_against_5_3_costs_each_side_one_troop_X7():
    assert battle([5, 4, 1], [5, 3]) == (1, 1)


def test_defender_wins_ties_X7():
    assert battle([4], [4]) == (1, 0)
    assert battle([6, 6], [6, 6]) == (2, 0)


def test_unpaired_dice_are_ignored_so_one_defence_die_costs_one_troop_X7():
    assert battle([6, 6, 6], [1]) == (0, 1)


def test_battle_refuses_impossible_dice_X6():
    with pytest.raises(ValueError):
        battle([1, 2, 3, 4], [1])
    with pytest.raises(ValueError):
        battle([7], [1])


# --- expansion ----------------------------------------------------------------------------------


def test_expanding_into_empty_territory_leaves_one_behind_X2():
    state = position(armies={"argentina": (0, 5)})
    state, events = play(state, (0, Expand("argentina", "brazil", 4)))
    assert state.armies == {"argentina": (0, 1), "brazil": (0, 4)}
    assert events[0].type == "expanded"
    with pytest.raises(IllegalMove) as refused:
        apply_move(position(armies={"argentina": (0, 5)}), 0, Expand("argentina", "brazil", 5))
    assert refused.value.rule == "X-3"


def test_expanding_into_minor_city_costs_its_population_X3():
    world_city = {"brazil": City("brazil", "minor", "Rio", "p9", 1)}
    state = with_world(position(armies={"argentina": (0, 5)}), cities=world_city)
    state, events = play(state, (0, Expand("argentina", "brazil", 3)))
    assert state.armies["brazil"] == (0, 2)
    assert events[0].data["losses"] == 1


def test_expansion_that_would_leave_nobody_in_the_city_is_refused_X3():
    world_city = {"brazil": City("brazil", "major", "Rio", "p9", 1)}
    state = with_world(position(armies={"argentina": (0, 5)}), cities=world_city)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Expand("argentina", "brazil", 2))
    assert refused.value.code == "expansion_count"


def test_expansion_into_fortified_major_city_costs_four_X4():
    world = {
        "cities": {"brazil": City("brazil", "major", "Rio", "p9", 1)},
        "fortifications": {"brazil": Fortification("brazil", 0, 1)},
    }
    state = with_world(position(armies={"argentina": (0, 6)}), **world)
    with pytest.raises(IllegalMove):
        apply_move(state, 0, Expand("argentina", "brazil", 4))
    state, events = play(state, (0, Expand("argentina", "brazil", 5)))
    assert state.armies["brazil"] == (0, 1)
    assert events[0].data["losses"] == 4


def test_worn_out_fortification_adds_no_expansion_cost_X9():
    world = {
        "cities": {"brazil": City("brazil", "major", "Rio", "p9", 1)},
        "fortifications": {"brazil": Fortification("brazil", 10, 1)},
    }
    state = with_world(position(armies={"argentina": (0, 6)}), **world)
    state, _ = play(state, (0, Expand("argentina", "brazil", 3)))
    assert state.armies["brazil"] == (0, 1)


def test_cannot_expand_into_a_territory_holding_only_an_hq_OPEN12():
    state = position(armies={"argentina": (0, 5)}, hqs={"brazil": 1})
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Expand("argentina", "brazil", 2))
    assert refused.value.code == "target_occupied"


# --- attacks ------------------------------------------------------------------------------------


def test_attack_needs_two_troops_and_keeps_one_out_of_the_fight_X6():
    state = position(armies={"argentina": (0, 3), "brazil": (1, 2), "peru": (0, 1)})
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Attack("argentina", "brazil", 3))
    assert refused.value.code == "attack_dice"
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Attack("peru", "brazil", 1))
    assert refused.value.code == "attack_troops"


def test_attack_must_target_adjacent_enemy_troops_X6():
    state = position(armies={"argentina": (0, 3), "venezuela": (1, 2), "peru": (0, 2)})
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Attack("argentina", "venezuela", 1))
    assert refused.value.code == "not_adjacent"
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Attack("argentina", "peru", 1))
    assert refused.value.code == "no_enemy"


def test_defender_chooses_one_or_two_dice_after_the_attack_is_declared_X6():
    state = position(armies={"argentina": (0, 4), "brazil": (1, 3)})
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    assert state.phase == "attack_defender_dice"
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, DefendWith(2))
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove):
        apply_move(state, 1, DefendWith(3))
    state = rig_dice(state, [5, 4, 1], [5, 3])
    state, events = play(state, (1, DefendWith(2)))
    battle_event = next(e for e in events if e.type == "battle")
    assert battle_event.data["attacker_losses"] == 1
    assert battle_event.data["defender_losses"] == 1
    assert state.armies == {"argentina": (0, 3), "brazil": (1, 2)}


def test_every_die_value_appears_in_the_roll_event_STYLE4():
    state = position(armies={"argentina": (0, 4), "brazil": (1, 3)})
    state, _ = play(state, (0, Attack("argentina", "brazil", 2)))
    state = rig_dice(state, [6, 2], [3, 1])
    state, events = play(state, (1, DefendWith(2)))
    rolled = next(e for e in events if e.type == "dice_rolled")
    assert rolled.data["natural_attack"] == [6, 2]
    assert rolled.data["natural_defence"] == [3, 1]
    assert "6,2" in rolled.text


def test_bunker_defender_rolling_two_fives_raises_only_one_X8():
    scar = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1)}
    state = with_world(position(armies={"argentina": (0, 4), "brazil": (1, 3)}), scars=scar)
    state, _ = play(state, (0, Attack("argentina", "brazil", 2)))
    state = rig_dice(state, [6, 5], [5, 5])
    state, events = play(state, (1, DefendWith(2)))
    rolled = next(e for e in events if e.type == "dice_rolled")
    assert rolled.data["defence"] == [6, 5]
    battle_event = next(e for e in events if e.type == "battle")
    # 6 ties 6 (defender), 5 ties 5 (defender): the attacker loses two.
    assert battle_event.data["attacker_losses"] == 2


def test_ammo_shortage_lowers_the_highest_defence_die_X8():
    scar = {"brazil": Scar("brazil", "territory", "ammo_shortage", "p1", 1)}
    state = with_world(position(armies={"argentina": (0, 4), "brazil": (1, 3)}), scars=scar)
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [5], [5, 2])
    state, events = play(state, (1, DefendWith(2)))
    rolled = next(e for e in events if e.type == "dice_rolled")
    assert rolled.data["defence"] == [4, 2]
    assert next(e for e in events if e.type == "battle").data["defender_losses"] == 1


def test_cancelled_scar_has_no_effect_on_dice_R3():
    scar = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1, cancelled=True)}
    state = with_world(position(armies={"argentina": (0, 4), "brazil": (1, 3)}), scars=scar)
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [5], [4, 2])
    state, events = play(state, (1, DefendWith(2)))
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [4, 2]


def test_fortification_raises_both_defence_dice_capped_at_six_X9():
    world = {
        "cities": {"brazil": City("brazil", "minor", "Rio", "p9", 1)},
        "fortifications": {"brazil": Fortification("brazil", 0, 1)},
    }
    state = with_world(position(armies={"argentina": (0, 4), "brazil": (1, 3)}), **world)
    state, _ = play(state, (0, Attack("argentina", "brazil", 2)))
    state = rig_dice(state, [6, 5], [6, 4])
    state, events = play(state, (1, DefendWith(2)))
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [6, 5]
    assert next(e for e in events if e.type == "battle").data["attacker_losses"] == 2


def test_fortification_wears_only_on_three_dice_attacks_X9():
    world = {
        "cities": {"brazil": City("brazil", "minor", "Rio", "p9", 1)},
        "fortifications": {"brazil": Fortification("brazil", 9, 1)},
    }
    state = with_world(position(armies={"argentina": (0, 9), "brazil": (1, 9)}), **world)
    state, _ = play(state, (0, Attack("argentina", "brazil", 2)))
    state = rig_dice(state, [1, 1], [1, 1])
    state, events = play(state, (1, DefendWith(2)))
    assert state.world.fortifications["brazil"].wear == 9
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [6, 6, 6], [5, 5])
    state, events = play(state, (1, DefendWith(2)))
    # The roll that marks the tenth box still gets the bonus: 6,6 defends against 6,6.
    assert next(e for e in events if e.type == "dice_rolled").data["defence"] == [6, 6]
    assert state.world.fortifications["brazil"].wear == 10
    assert not state.world.is_fortified("brazil")
    assert [e.kind for e in state.world_events] == ["fortification_worn"]


# --- missiles -----------------------------------------------------------------------------------


def _rolled_with_missiles(attack_dice, defence_dice, **seats):
    state = position(
        armies={"argentina": (0, 4), "brazil": (1, 3)},
        seat0={"missiles": 1},
        seat1={"missiles": 1},
        **seats,
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", len(attack_dice))))
    state = rig_dice(state, attack_dice, defence_dice)
    state, _ = play(state, (1, DefendWith(len(defence_dice))))
    return state


def test_missile_duel_each_side_fixes_a_six_and_ties_go_to_the_defender_X10():
    state = _rolled_with_missiles([3, 2], [5, 1])
    assert state.phase == "missile_window"
    from rules.game import seats_to_act

    assert seats_to_act(state) == [0]
    state, events = play(state, (0, FireMissile("attack", 0)))
    assert events[0].data["attack"] == [6, 2]
    # The attacker has no missile left, so the defender is offered the answer.
    assert seats_to_act(state) == [1]
    state, events = play(state, (1, FireMissile("defence", 0)))
    battle_event = next(e for e in events if e.type == "battle")
    # 6 vs 6: the defender wins the tie; 2 vs 1: the attacker wins.
    assert battle_event.data["attacker_losses"] == 1
    assert battle_event.data["defender_losses"] == 1
    assert state.seats[0].missiles == 0 and state.seats[1].missiles == 0


def test_missile_cannot_hit_a_die_already_fixed_X10():
    state = _rolled_with_missiles([3, 2], [5, 1], seat2={"missiles": 1})
    state, _ = play(state, (0, FireMissile("attack", 0)))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, FireMissile("attack", 1))
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, FireMissile("attack", 0))
    assert refused.value.code == "missile_fixed"


def test_missile_priority_is_attacker_defender_then_clockwise_PRI2():
    state = position(
        armies={"argentina": (1, 4), "brazil": (2, 3)},
        seats=4,
        current=1,
        seat0={"missiles": 1},
        seat1={"missiles": 1},
        seat2={"missiles": 1},
        seat3={"missiles": 1},
    )
    state, _ = play(state, (1, Attack("argentina", "brazil", 2)))
    state, _ = play(state, (2, DefendWith(2)))
    from rules.game import seats_to_act

    order = []
    while state.phase == "missile_window":
        seat = seats_to_act(state)[0]
        order.append(seat)
        state, _ = play(state, (seat, PassMissiles()))
    assert order == [1, 2, 3, 0]


def test_no_missile_window_when_nobody_holds_a_missile_X10():
    state = position(armies={"argentina": (0, 4), "brazil": (1, 3)})
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state, _ = play(state, (1, DefendWith(1)))
    assert state.phase in ("expand_attack", "move_in")


def test_third_missile_on_one_roll_pauses_for_pocket_1_before_resolving_U6_X11():
    state = _rolled_with_missiles([3, 2], [5, 1], seat2={"missiles": 2})
    state, _ = play(state, (0, FireMissile("attack", 0)))
    state, _ = play(state, (1, PassMissiles()))
    state, _ = play(state, (2, FireMissile("attack", 1)))
    # A missile reopens the window in priority order: the defender may answer first.
    state, _ = play(state, (1, PassMissiles()))
    state, events = play(state, (2, FireMissile("defence", 1)))
    assert "pack_due" in [e.type for e in events]
    assert all(e.type != "battle" for e in events)
    assert state.phase == "open_pack"
    assert "pocket_1" in state.world.packs_opened
    incident, opened = state.world_events
    assert (incident.incident, incident.count, incident.person) == ("missiles_on_one_roll", 3, "p2")
    assert opened.kind == "pack_opened" and opened.pack == "pocket_1"
    from rules.game import AcknowledgePack, seats_to_act

    assert seats_to_act(state) == [2]
    state, events = play(state, (2, AcknowledgePack("pocket_1")))
    # The roll is never resolved: the firer of the third missile now picks the nuke's target
    # (tests/rules/game/test_nuke.py follows the strike itself).
    assert state.phase == "nuke_choice"
    assert seats_to_act(state) == [2]
    assert all(e.type != "battle" for e in events)


def test_pocket_1_is_not_due_again_once_open_U1():
    state = _rolled_with_missiles([3, 2], [5, 1], seat2={"missiles": 2})
    state = with_world(state, packs_opened={"pocket_1": None})
    state, _ = play(state, (0, FireMissile("attack", 0)))
    state, _ = play(state, (1, PassMissiles()))
    state, _ = play(state, (2, FireMissile("attack", 1)))
    # A missile reopens the window in priority order: the defender may answer first.
    state, _ = play(state, (1, PassMissiles()))
    state, events = play(state, (2, FireMissile("defence", 1)))
    assert all(e.type != "pack_due" for e in events)


# --- conquest -----------------------------------------------------------------------------------


def _conquer(armies, attack_dice, defence_dice, **kwargs):
    state = position(armies=armies, **kwargs)
    state, _ = play(state, (0, Attack("argentina", "brazil", len(attack_dice))))
    state = rig_dice(state, attack_dice, defence_dice)
    if state.phase == "attack_defender_dice":
        state, events = play(state, (1, DefendWith(len(defence_dice))))
    else:
        events = []
    return state, events


def test_conqueror_moves_in_the_surviving_attackers_and_may_add_more_X12():
    state = position(armies={"argentina": (0, 6), "brazil": (1, 1)})
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    # The defender had one troop, so its single choice was made: rig a fresh roll instead.
    assert state.phase in ("move_in", "expand_attack")
    state = position(armies={"argentina": (0, 6), "brazil": (1, 2)})
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [6, 6, 1], [2, 2])
    state, _ = play(state, (1, DefendWith(2)))
    assert state.phase == "move_in"
    assert state.pending["min"] == 3 and state.pending["max"] == 5
    assert state.armies["brazil"] == (0, 3)
    with pytest.raises(IllegalMove):
        apply_move(state, 0, MoveIn(2))
    with pytest.raises(IllegalMove):
        apply_move(state, 0, MoveIn(6))
    state, events = play(state, (0, MoveIn(5)))
    assert state.armies == {"argentina": (0, 1), "brazil": (0, 5)}
    assert events[-1].text == f"{state.seats[0].name} moves 5 troops into Brazil."
    assert state.turn.conquered


def test_capturing_an_hq_moves_its_red_star_and_a_fourth_wins_at_once_X12_W1():
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 2), "peru": (2, 1)},
        hqs={"argentina": 0, "brazil": 1, "alaska": 2},
        seat0={"red_star_tokens": 2},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [6, 6, 1], [2, 2])
    state, events = play(state, (1, DefendWith(2)))
    assert "hq_captured" in [e.type for e in events]
    assert state.is_over and state.winner == 0
    assert events[-1].type == "game_won"
    assert state.red_stars(0) == 4
    assert state.red_stars(1) == state.seats[1].red_star_tokens == 1


def test_knocking_out_a_player_takes_their_resource_cards_only_X14():
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 2)},
        seat1={"cards": ("coin", "peru"), "red_star_tokens": 1, "missiles": 0},
        seat0={"cards": ("alaska",)},
    )
    state = state.clone()
    state.set_seat(1, scar_card="bunker")
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)), (1, DefendWith(2)))
    state = rig_dice(state, [6, 6, 1], [2, 2])
    state, events = play(state, (1, PassScarCard()))  # T-3: the Bunker is kept for later
    assert "knocked_out" in [e.type for e in events]
    assert state.seats[0].cards == ("alaska", "coin", "peru")
    assert state.seats[1].cards == ()
    assert state.seats[1].red_star_tokens == 1
    assert state.seats[1].scar_card == "bunker"
    assert not state.seats[1].eliminated


def test_defender_with_troops_left_can_be_attacked_again_X13():
    state = position(armies={"argentina": (0, 6), "brazil": (1, 3)})
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [1], [6, 6])
    state, _ = play(state, (1, DefendWith(2)))
    assert state.phase == "expand_attack"
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    assert state.phase == "attack_defender_dice"


def test_conquering_a_city_costs_no_population_or_fortification_losses_X5():
    world = {
        "cities": {"brazil": City("brazil", "major", "Rio", "p9", 1)},
        "fortifications": {"brazil": Fortification("brazil", 0, 1)},
    }
    state = with_world(position(armies={"argentina": (0, 6), "brazil": (1, 1)}), **world)
    state = rig_dice(state, [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    assert state.phase == "move_in"
    assert state.armies["brazil"] == (0, 3) and state.armies["argentina"] == (0, 3)


def test_eliminated_players_fire_no_missiles_OPEN13():
    state = position(
        armies={"argentina": (0, 4), "brazil": (1, 3)},
        seat2={"missiles": 2, "eliminated": True},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)), (1, DefendWith(1)))
    assert state.phase != "missile_window"


def test_hq_standing_alone_counts_for_nobody_G6_W2():
    state = position(armies={"argentina": (0, 4)}, hqs={"brazil": 1, "argentina": 1})
    assert state.red_stars(1) == state.seats[1].red_star_tokens
    assert state.red_stars(0) == state.seats[0].red_star_tokens + 1
    assert "brazil" not in state.controlled(1)


def test_sea_lines_count_as_adjacency_for_attacks_and_expansions_G12():
    state = position(armies={"brazil": (0, 5), "north_africa": (1, 2)})
    state, _ = play(state, (0, Attack("brazil", "north_africa", 2)))
    assert state.phase == "attack_defender_dice"
    state = position(armies={"alaska": (0, 5)})
    state, _ = play(state, (0, Expand("alaska", "kamchatka", 2)))
    assert state.owner("kamchatka") == 0


def test_expansions_and_attacks_come_in_any_order_and_number_X1():
    state = position(armies={"argentina": (0, 9), "brazil": (1, 1)})
    state, _ = play(state, (0, Expand("argentina", "peru", 2)))
    state = rig_dice(state, [1], [6])
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state, _ = play(state, (0, Expand("peru", "venezuela", 1)))
    assert state.phase == "expand_attack" and state.owner("venezuela") == 0


def test_the_game_ends_at_once_without_the_rest_of_the_turn_END1():
    state = position(
        armies={"argentina": (0, 9), "brazil": (1, 1)},
        hqs={"argentina": 0, "brazil": 1},
        seat0={"red_star_tokens": 2},
    )
    state = rig_dice(state, [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    assert state.is_over and state.pending is None
    assert state.armies["brazil"] == (0, 3)  # the survivors moved in; no optional move-in


def test_a_captured_hq_stays_where_it_was_placed_G18_W2():
    state = position(
        armies={"argentina": (0, 9), "brazil": (1, 1)}, hqs={"brazil": 1}, seat0={"missiles": 0}
    )
    state = rig_dice(state, [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    assert state.hqs == {"brazil": 1}
    assert state.red_stars(0) == 1 + 1 and state.red_stars(1) == 1
    assert state.seats[0].red_star_tokens == 1  # a captured HQ gives no token (W-2)


def test_red_star_tokens_and_missiles_stay_with_a_knocked_out_player_W3():
    state = position(
        armies={"argentina": (0, 9), "brazil": (1, 1)},
        seat1={"red_star_tokens": 2, "missiles": 0},
    )
    state = rig_dice(state, [6, 6, 6], [1])
    state, events = play(state, (0, Attack("argentina", "brazil", 3)))
    assert "knocked_out" in [e.type for e in events]
    assert state.seats[1].red_star_tokens == 2 and state.seats[0].red_star_tokens == 1
