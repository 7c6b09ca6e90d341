"""Setup before each game (S-2..S-11)."""

import pytest

from rules.box import scar_deck
from rules.errors import IllegalMove
from rules.game import ChooseFaction, RollForOrder, apply_move, legal_moves, seats_to_act
from rules.world import City, Scar, Signature, World

from .helpers import fresh_game, play, rig_dice, seat_specs


def _roll_all(state):
    events = []
    while state.phase == "setup_order":
        seat = seats_to_act(state)[0]
        state, produced = apply_move(state, seat, RollForOrder())
        events.extend(produced)
    return state, events


def test_sideboard_has_four_face_up_cards_and_ten_coin_cards_S2():
    state = fresh_game(4)
    assert len(state.slots) == 4 and all(state.slots)
    assert len(state.draw_pile) == 42 - 4
    assert state.coin_pile == 10
    assert state.discard_pile == ()


def test_destroyed_territory_cards_stay_out_of_the_deck_S2_G8():
    world = World(destroyed_cards=frozenset({"alaska", "peru"}))
    state = fresh_game(3, world=world)
    cards = {*state.draw_pile, *state.slots}
    assert len(cards) == 40 and "alaska" not in cards and "peru" not in cards


def test_unsigned_people_take_a_red_star_and_signers_a_missile_per_signature_S3_DIFF18():
    world = World(signatures=(Signature("p1", 1, "d"), Signature("p1", 2, "d")))
    state = fresh_game(3, world=world)
    assert [(s.red_star_tokens, s.missiles) for s in state.seats] == [(1, 0), (0, 2), (1, 0)]


def test_scar_cards_dealt_one_each_when_enough_for_everyone_S5():
    state = fresh_game(5)
    assert all(s.scar_card in ("bunker", "ammo_shortage") for s in state.seats)


def test_no_scar_cards_when_fewer_than_players_S5():
    scars = {t: Scar(t, "territory", "bunker", "p0", 1) for t in ("alaska", "peru", "brazil")}
    scars["egypt"] = Scar("egypt", "territory", "ammo_shortage", "p0", 1)
    world = World(scars=scars)
    assert len(scar_deck(world)) == 2
    state = fresh_game(3, world=world)
    assert all(s.scar_card is None for s in state.seats)


def test_highest_order_roll_chooses_first_and_ties_re_roll_S6_DIFF11():
    state = rig_dice(fresh_game(3), [4], [6], [6], [5], [2])
    state, events = _roll_all(state)
    assert [e.type for e in events].count("order_tie") == 1
    assert events[-1].type == "first_chooser"
    assert state.first_seat == 1 and state.current_seat == 1
    assert state.phase == "setup_faction"


def test_each_player_rolls_once_per_round_S6():
    state = fresh_game(3)
    state, _ = play(state, (0, RollForOrder()))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, RollForOrder())
    assert refused.value.code == "not_your_turn"


def _at_faction_choice(world=None):
    state = rig_dice(fresh_game(3, world=world), [6], [1], [1])
    state, _ = _roll_all(state)
    assert state.current_seat == 0
    return state


def test_choosing_a_faction_places_hq_and_eight_troops_then_clockwise_S6_S9():
    state = _at_faction_choice()
    state, _ = play(state, (0, ChooseFaction("khan_industries", "alaska")))
    assert state.armies["alaska"] == (0, 8) and state.hqs == {"alaska": 0}
    assert state.current_seat == 1
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, ChooseFaction("khan_industries", "peru"))
    assert refused.value.code == "faction_taken"


def test_start_must_be_unoccupied_and_unmarked_S7():
    world = World(
        cities={"peru": City("peru", "minor", "Lima", "p1", 1)},
        scars={"brazil": Scar("brazil", "territory", "bunker", "p1", 1)},
    )
    state = _at_faction_choice(world)
    for territory in ("peru", "brazil"):
        with pytest.raises(IllegalMove) as refused:
            apply_move(state, 0, ChooseFaction("khan_industries", territory))
        assert refused.value.code == "start_marked"
    state, _ = play(state, (0, ChooseFaction("khan_industries", "argentina")))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, ChooseFaction("saharan_republic", "argentina"))
    assert refused.value.code == "start_occupied"


def test_cancelled_scar_still_marks_the_territory_DIFF17():
    world = World(scars={"brazil": Scar("brazil", "territory", "bunker", "p1", 1, True)})
    state = _at_faction_choice(world)
    with pytest.raises(IllegalMove):
        apply_move(state, 0, ChooseFaction("khan_industries", "brazil"))


def test_founder_may_start_in_own_major_city_even_with_a_scar_S7b():
    world = World(
        cities={
            "peru": City("peru", "major", "Lima", "p0", 1),
            "brazil": City("brazil", "major", "Rio", "p1", 1),
        },
        scars={"peru": Scar("peru", "territory", "bunker", "p1", 1)},
    )
    state = _at_faction_choice(world)
    with pytest.raises(IllegalMove):
        apply_move(state, 0, ChooseFaction("khan_industries", "brazil"))
    state, _ = play(state, (0, ChooseFaction("khan_industries", "peru")))
    assert state.hqs == {"peru": 0}


def test_hq_cannot_be_placed_next_to_another_hq_at_setup_S7_1():
    state = _at_faction_choice()
    state, _ = play(state, (0, ChooseFaction("khan_industries", "argentina")))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, ChooseFaction("saharan_republic", "brazil"))
    assert refused.value.rule == "S-7.1"
    legal = {m.territory for m in legal_moves(state, 1)}
    assert "brazil" not in legal and "peru" not in legal and "venezuela" in legal


def test_first_chooser_takes_the_first_turn_S11():
    state = rig_dice(fresh_game(3), [2], [6], [1])
    state, _ = _roll_all(state)
    state, _ = play(
        state,
        (1, ChooseFaction("khan_industries", "argentina")),
        (2, ChooseFaction("saharan_republic", "alaska")),
        (0, ChooseFaction("die_mechaniker", "egypt")),
    )
    assert state.phase == "start_of_turn" and state.current_seat == 1


def test_player_count_is_three_to_five_C1():
    from rules.game import new_game

    with pytest.raises(IllegalMove):
        new_game(World(), seat_specs(2), seed=1, game_number=1)
    with pytest.raises(IllegalMove):
        new_game(World(), seat_specs(6), seed=1, game_number=1)


def test_events_and_missions_in_play_are_laid_out_and_the_first_layout_fires_nothing_S12_E7():
    from rules.world import PackOpening

    world = World(
        card_coins=dict.fromkeys(World().card_coins, 2),
        packs_opened={
            "pack_1": PackOpening("pack_1", 3, "test"),
            "pack_3": PackOpening("pack_3", 5, "test"),
        },
        destroyed_box_cards=frozenset({"D121s"}),
    )
    state = fresh_game(3, world=world)
    # Packs 1 and 3 bring ten event cards; an even first layout fires nothing.
    assert sorted(state.event_deck) == [
        *("B73", "B74", "B75", "B76", "B77", "B78", "B79"),
        *("D111", "D112", "D113"),
    ]
    # One mission lies face up, the others wait; a destroyed one (D121s) never comes back.
    laid_out = sorted([state.mission, *state.mission_deck])
    assert laid_out == ["D114", "D115", "D116", "D117", "D118", "D119", "D120s"]


def test_base_game_has_no_events_or_missions_S12():
    state = fresh_game(3)
    assert state.event_deck == () and state.mission is None


def test_hq_spacing_gives_way_when_it_would_leave_no_start_S7_1():
    from rules.data import board

    open_land = {"argentina", "peru", "venezuela"}
    scars = {
        t: Scar(t, "territory", "bunker", "p9", 1)
        for t in board().territories
        if t not in open_land
    }
    state = _at_faction_choice(World(scars=scars))
    state, _ = play(state, (0, ChooseFaction("khan_industries", "argentina")))
    # Venezuela does not border Argentina, so S-7.1 still holds for player 1.
    state, _ = play(state, (1, ChooseFaction("saharan_republic", "venezuela")))
    # Peru borders both HQs, but it is the only start left, so player 2 may take it.
    assert {m.territory for m in legal_moves(state, 2)} == {"peru"}
    state, _ = play(state, (2, ChooseFaction("die_mechaniker", "peru")))
    assert state.phase == "start_of_turn"
