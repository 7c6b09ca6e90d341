"""The turn (T-1..T-13) and the maneuver (M-1..M-4)."""

import pytest

from rules.data import board
from rules.errors import IllegalMove
from rules.game import (
    AcknowledgePack,
    Attack,
    BuyRedStar,
    ChooseComebackPower,
    EndTurn,
    JoinWar,
    Maneuver,
    PlaceTroops,
    PlayScarCard,
    Recruit,
    apply_move,
    legal_moves,
    seats_to_act,
)
from rules.world import City, ContinentName, PackOpening, Scar

from .helpers import play, position, with_world

SPREAD = ["alaska", "alberta", "ontario", "peru", "brazil", "egypt", "siam", "india"]
AUSTRALIA = ["eastern_australia", "western_australia", "indonesia", "new_guinea"]


def _recruited(state, trade_in=()):
    state, events = play(state, (0, Recruit(tuple(trade_in))))
    return state, next(e for e in events if e.type == "recruited")


def test_base_recruit_example_eight_territories_and_population_four_T8_T9():
    cities = {
        "alaska": City("alaska", "major", "A", "p0", 1),
        "peru": City("peru", "minor", "B", "p0", 1),
        "siam": City("siam", "minor", "C", "p0", 1),
        "greenland": City("greenland", "major", "D", "p0", 1),
    }
    state = position(
        armies={t: (0, 1) for t in SPREAD} | {"greenland": (1, 1)}, phase="start_of_turn"
    )
    state = with_world(state, cities=cities)
    assert state.population(0) == 4
    state, recruited = _recruited(state)
    assert recruited.data["base"] == 4 and recruited.data["total"] == 4
    assert state.phase == "place" and state.turn.recruits_left == 4


def test_base_recruit_is_at_least_three_T8():
    state = position(armies={t: (0, 1) for t in SPREAD[:5]}, phase="start_of_turn")
    _, recruited = _recruited(state)
    assert recruited.data["base"] == 3


def test_continent_bonus_needs_every_territory_T10():
    armies = {t: (0, 1) for t in AUSTRALIA}
    state = position(armies=armies, phase="start_of_turn")
    _, recruited = _recruited(state)
    assert recruited.data["continents"] == {"australia": 2}
    assert recruited.data["total"] == 5
    state = position(armies=armies | {"indonesia": (1, 1)}, phase="start_of_turn")
    _, recruited = _recruited(state)
    assert recruited.data["continents"] == {}


def test_the_recruit_words_keep_their_parts_as_data_worded_when_read_T7_T10():
    """The parts of a recruit (base, a continent, a trade-in) are kept as messages and a
    continent's key, and worded only when the event is read."""
    state = position(armies={t: (0, 1) for t in AUSTRALIA}, phase="start_of_turn")
    _, recruited = _recruited(state)
    parts = recruited.to_json()["text"]["params"]["parts"]["$list"]
    assert parts[1]["params"]["why"] == {"$name": "continent", "key": "australia"}
    assert recruited.text == "Player 0 recruits 5 troops (3 base, 2 for Australia)."


def test_named_continent_worth_two_is_worth_three_to_its_namer_T10_END5():
    named = {"australia": ContinentName("australia", "Oz", "p0", 1)}
    armies = {t: (0, 1) for t in AUSTRALIA}
    state = with_world(position(armies=armies, phase="start_of_turn"), continent_names=named)
    _, recruited = _recruited(state)
    assert recruited.data["continents"] == {"australia": 3}
    other = with_world(
        position(armies={t: (1, 1) for t in AUSTRALIA}, phase="start_of_turn", current=1),
        continent_names=named,
    )
    other, events = play(other, (1, Recruit()))
    assert next(e for e in events if e.type == "recruited").data["continents"] == {"australia": 2}


def test_continent_mark_changes_the_bonus_for_everyone_T10():
    armies = {t: (0, 1) for t in AUSTRALIA}
    state = with_world(
        position(armies=armies, phase="start_of_turn"), continent_marks={"australia": -1}
    )
    _, recruited = _recruited(state)
    assert recruited.data["continents"] == {"australia": 1}


def test_trade_in_gives_troops_by_the_chart_T11():
    state = position(
        armies={"alaska": (0, 1)}, phase="start_of_turn", seat0={"cards": ("coin", "peru")}
    )
    state = with_world(state, card_coins={**state.world.card_coins, "peru": 2})
    state, recruited = _recruited(state, ("coin", "peru"))
    assert recruited.data["trade_in_troops"] == 4
    assert recruited.data["total"] == 3 + 4
    assert state.seats[0].cards == ()
    assert state.discard_pile == ("peru",)
    assert state.coin_pile == 11


def test_trade_in_must_be_worth_two_to_ten_coins_T11():
    state = position(
        armies={"alaska": (0, 1)},
        phase="start_of_turn",
        seat0={"cards": ("coin", "peru", "brazil")},
    )
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Recruit(("coin",)))
    assert refused.value.code == "trade_in_coins"
    rich = with_world(state, card_coins={**state.world.card_coins, "peru": 6, "brazil": 5})
    with pytest.raises(IllegalMove) as refused:
        apply_move(rich, 0, Recruit(("peru", "brazil")))
    assert refused.value.rule == "T-11"
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Recruit(("coin", "coin")))
    assert refused.value.code == "card_not_held"


def test_one_trade_in_per_turn_T11_OPEN11():
    state = position(
        armies={"alaska": (0, 1)}, phase="start_of_turn", seat0={"cards": ("coin",) * 4}
    )
    state, _ = _recruited(state, ("coin", "coin"))
    assert not any(isinstance(m, Recruit) for m in legal_moves(state, 0))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Recruit(("coin", "coin")))
    assert refused.value.code == "wrong_phase"


def test_all_recruits_are_placed_in_controlled_territories_T13():
    state = position(armies={"alaska": (0, 1), "peru": (1, 1)}, phase="start_of_turn")
    state, _ = _recruited(state)
    with pytest.raises(IllegalMove):
        apply_move(state, 0, PlaceTroops("peru", 1))
    with pytest.raises(IllegalMove):
        apply_move(state, 0, PlaceTroops("alaska", 4))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Attack("alaska", "kamchatka", 1))
    assert refused.value.code == "wrong_phase"
    state, _ = play(state, (0, PlaceTroops("alaska", 2)))
    assert state.phase == "place"
    state, _ = play(state, (0, PlaceTroops("alaska", 1)))
    assert state.phase == "expand_attack" and state.troops("alaska") == 4


def test_big_recruit_while_holding_a_missile_pauses_for_pocket_2_before_placing_U7_T12():
    cards = ("peru", "brazil", "egypt", "siam", "india")
    state = position(
        armies={"alaska": (0, 1)},
        phase="start_of_turn",
        seat0={"cards": cards, "missiles": 1},
    )
    state = with_world(state, card_coins={**state.world.card_coins, **dict.fromkeys(cards, 2)})
    state, events = play(state, (0, Recruit(cards)))
    assert events[-1].type == "pack_due" and events[-1].data["pack"] == "pocket_2"
    assert state.phase == "open_pack"
    incident, opened = state.world_events
    assert (incident.incident, incident.count) == ("big_recruit_with_missile", 33)
    # U-8: the opening keeps the game, the turn and the reason.
    assert opened.pack == "pocket_2" and opened.game == 1 and "turn 1" in opened.reason
    with pytest.raises(IllegalMove):
        apply_move(state, 0, PlaceTroops("alaska", 1))
    state, _ = play(state, (0, AcknowledgePack("pocket_2")))
    # K181: the recruits wait for Alien Island (test_alien_arrival follows them there).
    assert state.phase == "alien_island_placement" and state.pending["troops"] == 33


def test_big_recruit_without_a_missile_opens_nothing_U7():
    cards = ("peru", "brazil", "egypt", "siam", "india")
    state = position(armies={"alaska": (0, 1)}, phase="start_of_turn", seat0={"cards": cards})
    state = with_world(state, card_coins={**state.world.card_coins, **dict.fromkeys(cards, 2)})
    state, _events = play(state, (0, Recruit(cards)))
    assert state.phase == "place"


def test_buying_a_red_star_costs_four_cards_of_any_value_T2():
    state = position(
        armies={"alaska": (0, 1)},
        phase="start_of_turn",
        seat0={"cards": ("coin", "coin", "peru", "brazil", "egypt")},
    )
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, BuyRedStar(("coin", "coin", "peru")))
    assert refused.value.code == "four_cards"
    state, _ = play(state, (0, BuyRedStar(("coin", "coin", "peru", "brazil"))))
    assert state.seats[0].red_star_tokens == 2
    assert state.seats[0].cards == ("egypt",)
    assert state.coin_pile == 12 and state.discard_pile == ("peru", "brazil")
    assert state.phase == "start_of_turn"


def test_buying_the_fourth_red_star_wins_at_once_T2_W1():
    state = position(
        armies={"alaska": (0, 1)},
        hqs={"alaska": 0},
        phase="start_of_turn",
        seat0={"cards": ("coin",) * 4, "red_star_tokens": 2},
    )
    state, events = play(state, (0, BuyRedStar(("coin",) * 4)))
    assert state.is_over and state.winner == 0 and events[-1].type == "game_won"


PACK_1 = {"pack_1": PackOpening("pack_1", 1, "the ninth Minor City")}


def test_scar_card_places_a_scar_for_good_at_the_start_of_the_turn_T3():
    state = position(armies={"alaska": (0, 1)}, phase="start_of_turn")
    state = with_world(state, packs_opened=PACK_1)
    state.set_seat(0, scar_card="biohazard")
    state, _events = play(state, (0, PlayScarCard("peru")))
    assert state.world.live_scar("peru").kind == "biohazard"
    assert [e.kind for e in state.world_events] == ["scar_placed"]
    assert state.seats[0].scar_card is None
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlayScarCard("brazil"))
    assert refused.value.code == "no_scar_card"


def test_scar_card_cannot_cover_a_live_scar_G4():
    scars = {"peru": Scar("peru", "territory", "bunker", "p1", 1)}
    state = position(armies={"alaska": (0, 1)}, phase="start_of_turn")
    state = with_world(state, packs_opened=PACK_1, scars=scars)
    state.set_seat(0, scar_card="biohazard")
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlayScarCard("peru"))
    assert refused.value.code == "scar_exists"


def test_player_without_territory_must_join_the_war_not_recruit_T4():
    state = position(armies={"alaska": (1, 3)}, phase="start_of_turn")
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Recruit())
    assert refused.value.code == "must_join"
    with pytest.raises(IllegalMove) as refused:
        apply_move(position(armies={"peru": (0, 1)}, phase="start_of_turn"), 0, JoinWar("egypt"))
    assert refused.value.code == "must_recruit"


def test_joining_the_war_brings_half_the_starting_troops_without_recruiting_T5():
    state = position(armies={"alaska": (1, 3)}, hqs={"alaska": 1}, phase="start_of_turn")
    # S-7.1 does not apply when joining: a territory next to an HQ is fine.
    state, _events = play(state, (0, JoinWar("kamchatka")))
    assert state.armies["kamchatka"] == (0, 4)
    assert state.hqs == {"alaska": 1}
    assert state.phase == "expand_attack"


def test_join_the_war_needs_a_legal_start_S7():
    state = position(armies={"alaska": (1, 3)}, phase="start_of_turn")
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, JoinWar("alaska"))
    assert refused.value.code == "start_occupied"


def _crowded(owner_of_all=1):
    return {t: (owner_of_all, 1) for t in board().territories}


def test_no_legal_start_at_join_eliminates_the_player_and_pack_2_is_due_T6_U3():
    armies = _crowded(1) | {"alaska": (2, 2)}
    state = position(armies=armies, current=2)
    state, events = play(state, (2, EndTurn()))
    types = [e.type for e in events]
    assert "eliminated" in types and "pack_due" in types
    assert next(e for e in events if e.type == "pack_due").data["pack"] == "pack_2"
    assert state.seats[0].eliminated
    assert state.phase == "open_pack" and state.current_seat == 1
    state, _ = play(state, (1, AcknowledgePack("pack_2")))
    # C100: the eliminated faction's player picks a comeback power first.
    assert state.phase == "comeback_pick" and seats_to_act(state) == [0]
    state, _ = play(state, (0, ChooseComebackPower("mobile")))
    assert state.phase == "start_of_turn" and state.current_seat == 1
    # Eliminated players are skipped from now on.
    state, _ = play(state, (1, Recruit()))
    assert state.seats[0].eliminated


def test_last_player_standing_wins_W1():
    state = position(armies=_crowded(2), current=2)
    state, events = play(state, (2, EndTurn()))
    assert state.is_over and state.winner == 2
    assert [e.type for e in events].count("eliminated") == 2
    assert "pack_2" in state.world.packs_opened


def test_maneuver_goes_through_controlled_territories_only_M3():
    armies = {"argentina": (0, 5), "peru": (0, 1), "venezuela": (0, 1), "brazil": (1, 1)}
    armies["central_america"] = (0, 1)
    state = position(armies=armies)
    state, _events = play(state, (0, Maneuver("argentina", "central_america", 4)))
    assert state.armies["central_america"] == (0, 5)
    # M-1: the maneuver ends the turn; no card was earned, so the next player starts.
    assert state.current_seat == 1


def test_maneuver_refused_across_enemy_or_empty_territory_M3():
    armies = {"argentina": (0, 5), "brazil": (1, 1), "north_africa": (0, 1)}
    state = position(armies=armies)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Maneuver("argentina", "north_africa", 1))
    assert refused.value.code == "not_connected"
    with pytest.raises(IllegalMove) as refused:
        apply_move(
            position(armies={"argentina": (0, 5), "peru": (0, 1)}),
            0,
            Maneuver("argentina", "peru", 5),
        )
    assert refused.value.code == "maneuver_count"


def test_maneuver_destination_must_already_be_controlled_M4():
    state = position(armies={"argentina": (0, 5)})
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Maneuver("argentina", "peru", 1))
    assert refused.value.code == "not_controlled"


def test_play_passes_clockwise_and_skips_eliminated_players_T1():
    state = position(armies={"alaska": (0, 1), "peru": (1, 1), "egypt": (2, 1)}, seats=4)
    state = state.clone()
    state.set_seat(1, eliminated=True)
    state, _ = play(state, (0, EndTurn()))
    assert state.current_seat == 2 and state.phase == "start_of_turn"
    assert state.turn_number == 2


def test_recruit_total_is_base_plus_continents_plus_trade_in_T7():
    armies = {t: (0, 1) for t in AUSTRALIA}
    state = position(armies=armies, phase="start_of_turn", seat0={"cards": ("coin", "coin")})
    state, recruited = _recruited(state, ("coin", "coin"))
    assert recruited.data["total"] == 3 + 2 + 2


def test_buying_stars_and_playing_a_scar_card_combine_in_either_order_DIFF2():
    state = position(
        armies={"alaska": (0, 1)}, phase="start_of_turn", seat0={"cards": ("coin",) * 4}
    )
    state = with_world(state, packs_opened=PACK_1)
    state.set_seat(0, scar_card="biohazard")
    state, _ = play(
        state,
        (0, PlayScarCard("peru")),
        (0, BuyRedStar(("coin",) * 4)),
        (0, Recruit()),
    )
    assert state.phase == "place" and state.seats[0].red_star_tokens == 2
