"""A Classic Risk turn: reinforcements (CL-6, CL-7), cards (CL-8..CL-13), attacks
(CL-14..CL-17), knock-outs (CL-18), fortify (CL-19), victory (CL-20, CL-23, CL-24, CL-31)."""

from __future__ import annotations

import pytest

from rules.data import rules_board
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    DefendWith,
    EndTurn,
    Maneuver,
    MoveIn,
    PlaceTroops,
    TradeCards,
    legal_move_options,
)
from rules.variants.cards import card_symbols, escalating_value, full_deck, is_set
from rules.variants.common import reinforcements
from tests.rules.variants.helpers import board, first_turn, play

AUSTRALIA = rules_board().continents["australia"].territories


def _infantry(n: int) -> list[str]:
    return [t for t, s in sorted(card_symbols().items()) if s == "infantry"][:n]


def _of_each() -> list[str]:
    """An infantry, a cavalry and an artillery card, in that order."""
    found: dict[str, str] = {}
    for territory, kind in sorted(card_symbols().items()):
        found.setdefault(kind, territory)
    return [found["infantry"], found["cavalry"], found["artillery"]]


def test_cl_6_reinforcements_are_territories_over_three_but_at_least_three():
    state = first_turn()
    mine = {t: (0, 1) for t in sorted(rules_board().territories)[:14]}
    assert reinforcements(board(state, mine, rest=1), 0) == 4
    few = {t: (0, 1) for t in ["alaska", "brazil"]}
    assert reinforcements(board(state, few, rest=1), 0) == 3


def test_cl_7_a_whole_continent_adds_its_bonus():
    state = first_turn()
    held = {t: (0, 1) for t in AUSTRALIA}
    assert reinforcements(board(state, held, rest=1), 0) == 3 + 2


def test_cl_8_the_deck_has_42_territory_cards_of_three_kinds_and_two_wildcards():
    deck = full_deck()
    assert len(deck) == 44 and len(set(deck)) == 44
    kinds = list(card_symbols().values())
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "infantry": 14,
        "cavalry": 14,
        "artillery": 14,
    }


def test_cl_10_sets_are_three_alike_one_of_each_or_two_and_a_wildcard():
    assert is_set(_infantry(3))
    assert is_set(_of_each())
    assert is_set([*_infantry(1), _of_each()[1], "wild_1"])
    assert not is_set([*_infantry(2), _of_each()[1]])


def test_cl_11_trade_values_rise_for_the_whole_table():
    assert [escalating_value(n) for n in range(1, 10)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]
    state = first_turn()
    hand = tuple(_infantry(3))
    position = board(state, {}, rest=1, phase="cl_reinforce", recruits=3, seat0={"cards": hand})
    position.table = {**position.table, "trade_ins": 5}
    after, _ = play(position, (0, TradeCards(hand)))
    assert after.table["trade_ins"] == 6 and after.turn.recruits_left == 3 + 15


def test_cl_12_a_traded_card_of_a_held_territory_puts_two_armies_there_once_a_turn():
    state = first_turn()
    first, second = _infantry(3), _infantry(6)[3:]
    mine = {t: (0, 1) for t in [*first, *second]}
    position = board(
        state, mine, rest=1, phase="cl_reinforce", recruits=3, seat0={"cards": (*first, *second)}
    )
    after, events = play(position, (0, TradeCards(tuple(first))))
    assert sum(after.troops(t) for t in first) == 3 + 2
    after, _ = play(after, (0, TradeCards(tuple(second))))
    assert sum(after.troops(t) for t in second) == 3  # no second bonus this turn
    assert any(e.type == "pictured_bonus" for e in events)


def test_cl_13_five_cards_force_a_trade_before_placing():
    state = first_turn()
    hand = (*_infantry(3), *_of_each()[1:])
    mine = {"alaska": (0, 3)}
    position = board(state, mine, rest=1, phase="cl_reinforce", recruits=3, seat0={"cards": hand})
    assert all(isinstance(o.move, TradeCards) for o in legal_move_options(position, 0))
    with pytest.raises(IllegalMove) as refused:
        play(position, (0, PlaceTroops("alaska", 3)))
    assert refused.value.rule == "CL-13"


def test_cl_14_attacks_need_a_neighbour_and_one_army_more_than_the_dice():
    state = first_turn()
    position = board(state, {"alaska": (0, 3), "kamchatka": (1, 2)}, rest=1)
    for move in (Attack("alaska", "kamchatka", 3), Attack("alaska", "brazil", 1)):
        with pytest.raises(IllegalMove) as refused:
            play(position, (0, move))
        assert refused.value.rule == "CL-14"


def _conquer(position, origin, target, dice, defender):
    while position.owner(target) != 0:
        position, events = play(
            position, (0, Attack(origin, target, dice)), (defender, DefendWith(1))
        )
    return position, events


def test_cl_15_and_cl_16_the_defender_rolls_then_the_conqueror_moves_in_at_least_the_dice():
    state = first_turn()
    position = board(state, {"alaska": (0, 30), "kamchatka": (1, 1)}, rest=2)
    position, _events = _conquer(position, "alaska", "kamchatka", 3, 1)
    assert position.phase == "cl_move_in"
    option = legal_move_options(position, 0)[0]
    assert option.min_count == 3 and option.max_count == position.troops("alaska") + 3 - 1
    assert position.troops("kamchatka") == 3  # CL-17: never empty, even before moving in
    with pytest.raises(IllegalMove) as refused:
        play(position, (0, MoveIn(2)))
    assert refused.value.rule == "CL-16"


def test_cl_18_a_knocked_out_players_cards_pass_over_and_six_must_be_traded_down():
    state = first_turn()
    theirs = (*_infantry(3), _of_each()[1])
    mine = (*_of_each()[2:], "wild_1")
    owners = {"alaska": (0, 30), "kamchatka": (1, 1)}
    position = board(state, owners, rest=2, seat0={"cards": mine}, seat1={"cards": theirs})
    position, _events = _conquer(position, "alaska", "kamchatka", 3, 1)
    position, _ = play(position, (0, MoveIn(3)))
    assert position.seats[1].eliminated and position.seats[1].cards == ()
    assert len(position.seats[0].cards) == 6 and position.phase == "cl_reinforce"
    options = legal_move_options(position, 0)
    assert options and all(isinstance(o.move, TradeCards) for o in options)
    position, _ = play(position, (0, options[0].move))
    assert len(position.seats[0].cards) == 3 and position.phase == "cl_reinforce"
    position, _ = play(position, (0, PlaceTroops("kamchatka", position.turn.recruits_left)))
    assert position.phase == "cl_attack"


def test_cl_19_fortify_moves_once_to_a_neighbour_and_ends_the_turn():
    state = first_turn()
    owners = {"alaska": (0, 5), "northwest_territory": (0, 1), "ontario": (0, 1)}
    position = board(state, owners, rest=1)
    with pytest.raises(IllegalMove) as refused:
        play(position, (0, Maneuver("alaska", "ontario", 2)))  # joined, but no neighbour
    assert refused.value.rule == "CL-19"
    after, _ = play(position, (0, Maneuver("alaska", "northwest_territory", 4)))
    assert after.troops("northwest_territory") == 5 and after.current_seat == 1


def test_cl_9_one_card_after_a_turn_with_a_conquest():
    state = first_turn()
    position = board(state, {"alaska": (0, 30), "kamchatka": (1, 1), "japan": (1, 1)}, rest=2)
    position, _ = _conquer(position, "alaska", "kamchatka", 3, 1)
    position, _ = play(position, (0, MoveIn(3)))
    quiet, _ = play(board(state, {}, rest=1), (0, EndTurn()))
    after, _ = play(position, (0, EndTurn()))
    assert len(after.seats[0].cards) == 1 and quiet.seats[0].cards == ()


def test_cl_20_holding_every_territory_wins():
    state = first_turn()
    owners = {"alaska": (0, 30), "kamchatka": (1, 1)}
    position = board(state, owners, rest=0, seat2={"eliminated": True})
    position, _events = _conquer(position, "alaska", "kamchatka", 3, 1)
    assert position.is_over and position.winner == 0


def test_cl_23_and_cl_24_the_other_player_defends_the_neutral_army_and_neutrals_need_not_fall():
    state = first_turn("classic", 2)
    owners = {"alaska": (0, 30), "kamchatka": (2, 1), "brazil": (1, 1)}
    position = board(state, owners, rest=0)
    position, _ = play(position, (0, Attack("alaska", "kamchatka", 3)))
    assert position.pending["defender"] == 1
    position = board(state, {"alaska": (0, 30), "kamchatka": (1, 1), "japan": (2, 3)}, rest=0)
    position, _ = _conquer(position, "alaska", "kamchatka", 3, 1)
    assert position.is_over and position.winner == 0 and position.troops("japan") == 3


def test_cl_31_taking_every_enemy_headquarters_while_keeping_ones_own_wins():
    state = first_turn("classic", 3, short_game="all_hqs")
    owners = {"alaska": (0, 30), "kamchatka": (1, 1), "brazil": (0, 1), "peru": (1, 1)}
    position = board(state, owners, rest=2)
    position.table = {
        **position.table,
        "headquarters": ["brazil", "kamchatka", "egypt"],
        "hq_revealed": True,
    }
    position.armies = {**position.armies, "egypt": (0, 1)}
    position, _ = _conquer(position, "alaska", "kamchatka", 3, 1)
    assert position.is_over and position.winner == 0
