"""Classic Risk's setup: players and starting armies (CL-1), the order roll (CL-2), claiming
(CL-3), placing the rest (CL-4), the two-player neutral army (CL-21, CL-22) and the secret
headquarters (CL-30)."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.game import ClaimTerritory, PlaceNeutral, PlaceTroops, RollForOrder, legal_move_options
from rules.variants.steps import STARTING_ARMIES
from tests.rules.variants.helpers import TERRITORIES, bots_until, fresh, play


def test_cl_1_classic_takes_two_to_six_players():
    with pytest.raises(IllegalMove) as refused:
        fresh("classic", players=7)
    assert refused.value.rule == "CL-1"
    assert fresh("classic", players=6).seat_count == 6


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cl_1_and_cl_4_each_player_ends_setup_with_the_starting_armies(players):
    state = bots_until(fresh("classic", players), "cl_reinforce")
    for seat in range(players):
        assert state.troops_on_board(seat) == STARTING_ARMIES[players]
    assert set(state.armies) == set(TERRITORIES)


def test_cl_2_the_highest_roll_claims_first():
    state = fresh("classic", 3)
    while state.phase == "cl_order":
        state, _events = play(
            state, (state.pending["contenders"][len(state.pending["rolls"])], RollForOrder())
        )
    assert state.phase == "cl_claim" and state.current_seat == state.first_seat


def test_cl_3_territories_are_claimed_one_army_at_a_time_and_never_twice():
    state = bots_until(fresh("classic", 3), "cl_claim")
    first = state.current_seat
    state, _ = play(state, (first, ClaimTerritory("alaska")))
    assert state.armies["alaska"] == (first, 1)
    assert state.current_seat == (first + 1) % 3
    with pytest.raises(IllegalMove) as refused:
        play(state, (state.current_seat, ClaimTerritory("alaska")))
    assert refused.value.rule == "CL-3"


def test_cl_4_after_claiming_armies_go_one_at_a_time_on_own_territories():
    state = bots_until(fresh("classic", 3), "cl_setup_place")
    seat = state.current_seat
    options = legal_move_options(state, seat)
    assert {o.max_count for o in options} == {1}
    theirs = next(t for t, (owner, _n) in state.armies.items() if owner != seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, (seat, PlaceTroops(theirs, 1)))
    assert refused.value.rule == "CL-4"


def test_cl_21_two_players_share_the_board_with_a_neutral_army_of_14_territories():
    state = bots_until(fresh("classic", 2), "cl_setup_place")
    neutral = state.table["neutral"]
    assert neutral == 2 and state.seats[neutral].person == ""
    for seat in (0, 1, neutral):
        assert len(state.controlled(seat)) == 14


def test_cl_22_each_two_player_turn_places_two_own_armies_and_one_neutral():
    state = bots_until(fresh("classic", 2), "cl_setup_place")
    seat = state.current_seat
    assert state.pending["own"] == 2 and state.pending["neutral"] == 1
    mine = state.controlled(seat)[0]
    neutral_land = state.controlled(2)[0]
    state, _ = play(state, (seat, PlaceTroops(mine, 2)), (seat, PlaceNeutral(neutral_land)))
    assert state.troops(neutral_land) == 2 and state.current_seat != seat
    done = bots_until(state, "cl_reinforce")
    assert [done.troops_on_board(s) for s in (0, 1, 2)] == [40, 40, 40]


def test_cl_22_a_neutral_army_goes_only_on_neutral_land():
    state = bots_until(fresh("classic", 2), "cl_setup_place")
    seat = state.current_seat
    with pytest.raises(IllegalMove) as refused:
        play(state, (seat, PlaceNeutral(state.controlled(seat)[0])))
    assert refused.value.rule == "CL-22"


def test_cl_30_headquarters_are_hidden_until_everyone_has_chosen():
    from rules.game import ChooseHeadquarters, view_for

    state = bots_until(fresh("classic", 3, short_game="all_hqs"), "cl_headquarters")
    first = state.current_seat
    mine = state.controlled(first)[0]
    state, _ = play(state, (first, ChooseHeadquarters(mine)))
    assert view_for(state, first)["table"]["headquarters"][first] == mine
    assert view_for(state, None)["table"]["headquarters"][first] is None
    state = bots_until(state, "cl_reinforce")
    assert state.table["hq_revealed"] and None not in state.table["headquarters"]
    assert not set(state.table["headquarters"]) & set(state.draw_pile)  # their cards are out
    assert view_for(state, None)["table"]["headquarters"][first] == mine
