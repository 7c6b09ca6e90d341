"""Invasión's modules over Classic Risk: dealt or picked territories (IN-3, IN-4), starting
units (IN-5), the hand limit (IN-6), its card sets (IN-7), moving along one's own land (IN-8)
and secret objectives (IN-11, IN-12)."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.game import EndTurn, Maneuver, MoveIn, PlaceTroops, view_for
from rules.variants.cards import by_set_value, card_symbols, is_set
from rules.variants.objectives import met
from tests.rules.variants.helpers import TERRITORIES, board, bots_until, first_turn, fresh, play
from tests.rules.variants.test_classic_turn import _conquer, _infantry, _of_each


@pytest.mark.parametrize("players", [2, 4, 5])
def test_in_3_random_assignment_is_balanced(players):
    state = bots_until(fresh("invasion", players), "cl_setup_place")
    counts = [len(state.controlled(s)) for s in range(players)]
    assert sum(counts) == 42 and max(counts) - min(counts) <= 1
    assert all(n == 1 for _owner, n in state.armies.values())


def test_in_4_picked_in_turns_like_claiming():
    state = bots_until(fresh("invasion", 3, assignment="pick"), "cl_claim")
    assert not state.armies
    done = bots_until(state, "cl_setup_place")
    assert set(done.armies) == set(TERRITORIES)


@pytest.mark.parametrize("units", [0, 10, 17])
def test_in_5_each_player_places_the_starting_units_freely(units):
    state = bots_until(fresh("invasion", 3, starting_units=units), "cl_reinforce")
    for seat in range(3):
        assert state.troops_on_board(seat) == len(state.controlled(seat)) + units


def test_in_5_a_player_may_place_all_starting_units_at_once():
    state = bots_until(fresh("invasion", 3), "cl_setup_place")
    seat = state.current_seat
    territory = state.controlled(seat)[0]
    after, _ = play(state, (seat, PlaceTroops(territory, 10)))
    assert after.troops(territory) == 11 and after.current_seat != seat


def test_in_6_no_card_is_taken_at_the_hand_limit():
    state = first_turn("invasion", 3)
    hand = tuple(_infantry(5))
    position = board(state, {"alaska": (0, 30), "kamchatka": (1, 1)}, rest=2, seat0={"cards": hand})
    position, _ = _conquer(position, "alaska", "kamchatka", 3, 1)
    position, _ = play(position, (0, MoveIn(3)), (0, EndTurn()))
    assert position.seats[0].cards == hand


def test_in_6_a_knocked_out_players_cards_fill_the_hand_up_to_the_limit_only():
    state = first_turn("invasion", 3, hand_limit=4)
    owners = {"alaska": (0, 30), "kamchatka": (1, 1)}
    position = board(
        state,
        owners,
        rest=2,
        seat0={"cards": tuple(_infantry(2))},
        seat1={"cards": tuple(_infantry(5)[2:])},
    )
    position, _ = _conquer(position, "alaska", "kamchatka", 3, 1)
    assert len(position.seats[0].cards) == 4
    assert position.phase == "cl_move_in"  # no forced trade in Invasión


def test_in_7_a_wildcard_only_completes_cards_that_are_alike():
    infantry, cavalry, _artillery = _of_each()
    assert is_set([*_infantry(2), "wild_1"], strict_wild=True)
    assert not is_set([infantry, cavalry, "wild_1"], strict_wild=True)
    assert by_set_value(_infantry(3)) == 4 and by_set_value(_of_each()) == 10
    assert by_set_value([*_infantry(2), "wild_2"]) == 4


def test_in_7_trade_values_by_set_do_not_grow():
    from rules.game import TradeCards

    state = first_turn("invasion", 3)
    hand = tuple(_of_each())
    position = board(state, {}, rest=1, phase="cl_reinforce", recruits=3, seat0={"cards": hand})
    position.table = {**position.table, "trade_ins": 9}
    after, _ = play(position, (0, TradeCards(hand)))
    assert after.turn.recruits_left == 3 + 10


def test_in_8_armies_move_along_a_chain_of_own_territories():
    state = first_turn("invasion", 3)
    owners = {"alaska": (0, 5), "northwest_territory": (0, 1), "ontario": (0, 1)}
    after, _ = play(board(state, owners, rest=1), (0, Maneuver("alaska", "ontario", 4)))
    assert after.troops("ontario") == 5
    adjacent = first_turn("invasion", 3, fortify="adjacent")
    with pytest.raises(IllegalMove) as refused:
        play(board(adjacent, owners, rest=1), (0, Maneuver("alaska", "ontario", 4)))
    assert refused.value.rule == "IN-8"


def test_in_11_each_player_sees_only_their_own_objective():
    state = first_turn("invasion", 4, mode="objectives")
    assert set(view_for(state, 2)["table"]["objectives"]) == {"2"}
    assert view_for(state, None)["table"]["objectives"] == {}
    assert "text" in view_for(state, 2)["table"]["objectives"]["2"]


def test_in_12_an_objective_is_met_by_holding_what_it_names():
    state = first_turn("invasion", 4, mode="objectives")
    from rules.data import rules_board

    continents = rules_board().continents
    held = {t: (0, 1) for c in ("asia", "africa") for t in continents[c].territories}
    position = board(state, held, rest=1)
    position.table = {
        **position.table,
        "objectives": [{"kind": "continents", "continents": ["asia", "africa"]}, None, None, None],
    }
    assert met(position, 0)
    wide = {t: (0, 2) for t in TERRITORIES[:18]}
    position = board(state, wide, rest=1)
    position.table = {
        **position.table,
        "objectives": [{"kind": "territories", "count": 18, "armies": 2}, None, None, None],
    }
    assert met(position, 0)
    position.armies = {**position.armies, TERRITORIES[0]: (0, 1)}
    assert not met(position, 0)


def test_in_12_a_knock_out_objective_turns_into_24_territories_when_someone_else_does_it():
    state = first_turn("invasion", 4, mode="objectives")
    position = board(
        state,
        {t: (0, 1) for t in TERRITORIES[:24]},
        rest=1,
        seat3={"eliminated": True, "knocked_out_by": 1},
    )
    position.table = {
        **position.table,
        "objectives": [{"kind": "knock_out", "target": 3}, None, None, None],
    }
    assert met(position, 0)
    position.set_seat(3, knocked_out_by=0)
    assert met(position, 0)


def test_in_11_meeting_an_objective_ends_the_game():
    state = first_turn("invasion", 4, mode="objectives")
    position = board(
        state, {t: (0, 2) for t in TERRITORIES[:18]}, rest=1, phase="cl_reinforce", recruits=3
    )
    position.table = {
        **position.table,
        "objectives": [{"kind": "territories", "count": 18, "armies": 2}, None, None, None],
    }
    after, _events = play(position, (0, PlaceTroops(TERRITORIES[0], 3)))
    assert after.is_over and after.winner == 0


def test_in_1_every_territory_is_always_held():
    state = bots_until(fresh("invasion", 3), "cl_reinforce")
    assert set(state.armies) == set(TERRITORIES)
    assert card_symbols()  # the deck is the classic one (CL-8)
