"""End of turn (E-1..E-9): the resource card, the slots, reshuffles, the coin pile, events and
missions."""

import pytest

from rules.errors import IllegalMove
from rules.game import EndTurn, TakeCard, TurnFlags, apply_move, effects, legal_moves
from rules.world import Scar

from .helpers import play, position, with_world

ROW = ("alaska", "peru", "brazil", "egypt")


def _end_of_turn(armies, *, conquered=True, slots=ROW, draw=("siam", "india"), **kwargs):
    state = position(armies=armies, turn=TurnFlags(conquered=conquered), **kwargs).clone()
    state.slots = slots
    state.draw_pile = draw
    state, events = play(state, (0, EndTurn()))
    return state, events


def test_no_card_without_a_conquest_by_attack_E2():
    state, _ = _end_of_turn({"brazil": (0, 2)}, conquered=False)
    assert state.current_seat == 1 and state.phase == "start_of_turn"
    assert state.seats[0].cards == ()


def test_taking_a_middle_card_shifts_the_left_cards_and_reveals_into_slot_1_E4_DIFF1():
    state, _ = _end_of_turn({"brazil": (0, 2)})
    assert state.phase == "end_of_turn"
    assert legal_moves(state, 0) == [TakeCard(3), EndTurn()]
    state, _events = play(state, (0, TakeCard(3)))
    assert state.slots == ("siam", "alaska", "peru", "egypt")
    assert state.seats[0].cards == ("brazil",)
    assert state.current_seat == 1


def test_taking_slot_4_or_slot_1_follows_the_examples_E4():
    state, _ = _end_of_turn({"egypt": (0, 2), "alaska": (0, 2)})
    taken4, _ = play(state, (0, TakeCard(4)))
    assert taken4.slots == ("siam", "alaska", "peru", "brazil")
    taken1, _ = play(state, (0, TakeCard(1)))
    assert taken1.slots == ("siam", "peru", "brazil", "egypt")


def test_must_take_a_card_of_a_controlled_territory_when_one_is_face_up_E3():
    state, _ = _end_of_turn({"brazil": (0, 2)})
    for wrong in (TakeCard(1), TakeCard("coin")):
        with pytest.raises(IllegalMove) as refused:
            apply_move(state, 0, wrong)
        assert refused.value.rule == "E-3"


def test_coin_card_when_no_face_up_card_is_controlled_discards_slot_4_E3_E4():
    state, _ = _end_of_turn({"argentina": (0, 2)})
    assert legal_moves(state, 0) == [TakeCard("coin"), EndTurn()]
    state, _ = play(state, (0, TakeCard("coin")))
    assert state.slots == ("siam", "alaska", "peru", "brazil")
    assert state.discard_pile == ("egypt",)
    assert state.coin_pile == 9 and state.seats[0].cards == ("coin",)


def test_nothing_when_no_card_can_be_taken_E3():
    armies = {"argentina": (0, 2)}
    state = position(armies=armies, turn=TurnFlags(conquered=True)).clone()
    state.slots, state.coin_pile = ROW, 0
    state, _ = play(state, (0, EndTurn()))
    assert state.current_seat == 1 and state.seats[0].cards == ()


def test_drawing_is_optional_E2():
    state, _ = _end_of_turn({"brazil": (0, 2)})
    state, _ = play(state, (0, EndTurn()))
    assert state.current_seat == 1 and state.seats[0].cards == ()
    assert state.slots == ROW


def test_empty_draw_pile_is_reshuffled_from_the_discards_E5():
    armies = {"brazil": (0, 2)}
    state = position(armies=armies, turn=TurnFlags(conquered=True)).clone()
    state.slots, state.draw_pile, state.discard_pile = ROW, (), ("siam",)
    state, _ = play(state, (0, EndTurn()))
    state, events = play(state, (0, TakeCard(3)))
    assert "deck_reshuffled" in [e.type for e in events]
    assert state.slots[0] == "siam" and state.discard_pile == ()


def test_slot_1_stays_empty_when_both_piles_are_empty_E5():
    armies = {"brazil": (0, 2)}
    state = position(armies=armies, turn=TurnFlags(conquered=True)).clone()
    state.slots, state.draw_pile, state.discard_pile = ROW, (), ()
    state, _ = play(state, (0, EndTurn()))
    state, _ = play(state, (0, TakeCard(3)))
    assert state.slots == (None, "alaska", "peru", "egypt")


def _last_coin(armies):
    state = position(armies=armies, turn=TurnFlags(conquered=True)).clone()
    state.slots, state.coin_pile = ROW, 1
    state, _ = play(state, (0, EndTurn()))
    return play(state, (0, TakeCard("coin")))


def test_emptying_the_coin_pile_gives_a_red_star_to_most_territories_E6():
    state, events = _last_coin({"argentina": (0, 2), "siam": (1, 1), "india": (1, 1)})
    assert state.seats[1].red_star_tokens == 2
    assert state.coin_award_done
    assert next(e for e in events if e.type == "coin_pile_empty").data["seat"] == 1


def test_coin_pile_award_goes_to_nobody_on_a_tie_E6():
    state, _events = _last_coin({"argentina": (0, 1), "siam": (1, 1)})
    assert [s.red_star_tokens for s in state.seats] == [1, 1, 1]
    assert state.coin_award_done


def test_coin_pile_award_is_given_once_per_game_E6():
    armies = {"argentina": (0, 2), "siam": (1, 1), "india": (1, 1)}
    state = position(armies=armies, turn=TurnFlags(conquered=True)).clone()
    state.slots, state.coin_pile, state.coin_award_done = ROW, 1, True
    state, _ = play(state, (0, EndTurn()))
    state, _ = play(state, (0, TakeCard("coin")))
    assert state.seats[1].red_star_tokens == 1


def test_coin_award_can_win_the_game_E6_W1():
    armies = {"argentina": (0, 2), "siam": (1, 1), "india": (1, 1)}
    state, _ = _last_coin(armies | {"alaska": (1, 1)})
    assert not state.is_over
    state = position(
        armies=armies, hqs={"siam": 1, "india": 1}, turn=TurnFlags(conquered=True)
    ).clone()
    state.slots, state.coin_pile = ROW, 1
    state, _ = play(state, (0, EndTurn()))
    state, _events = play(state, (0, TakeCard("coin")))
    assert state.is_over and state.winner == 1


def test_event_fires_when_the_new_slot_1_card_shows_even_coins_E7(monkeypatch):
    fired = []
    monkeypatch.setitem(effects.EVENT_EFFECTS, "test_event", lambda s, c, e: fired.append(c))
    state, _ = _end_of_turn({"brazil": (0, 2)})
    state = with_world(state, card_coins={**state.world.card_coins, "siam": 2}).clone()
    state.event_deck = ("test_event", "other")
    state, events = play(state, (0, TakeCard(3)))
    assert fired == ["test_event"] and state.event_deck == ("other",)
    assert "event_revealed" in [e.type for e in events]


def test_odd_coins_or_an_empty_event_deck_fire_nothing_E7():
    state, _ = _end_of_turn({"brazil": (0, 2)})
    odd = state.clone()
    odd.event_deck = ("test_event",)
    odd, events = play(odd, (0, TakeCard(3)))
    assert odd.event_deck == ("test_event",)
    even = with_world(state, card_coins={**state.world.card_coins, "siam": 2})
    even, events = play(even, (0, TakeCard(3)))
    assert "event_revealed" not in [e.type for e in events]


def test_end_of_turn_scar_triggers_on_the_players_own_territories_E9(monkeypatch):
    seen = []
    monkeypatch.setitem(
        effects.END_OF_TURN_SCARS, "defence_best_die_plus_one", lambda s, t, e: seen.append(t)
    )
    scars = {
        "brazil": Scar("brazil", "territory", "bunker", "p1", 1),
        "siam": Scar("siam", "territory", "bunker", "p1", 1),
    }
    state = with_world(position(armies={"brazil": (0, 2), "siam": (1, 1)}), scars=scars)
    play(state, (0, EndTurn()))
    assert seen == ["brazil"]


def test_end_of_turn_scars_come_before_the_card_decision_E1(monkeypatch):
    phases = []
    monkeypatch.setitem(
        effects.END_OF_TURN_SCARS,
        "defence_best_die_plus_one",
        lambda s, t, e: phases.append((s.phase, len(s.seats[0].cards))),
    )
    scars = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1)}
    state = with_world(
        position(armies={"brazil": (0, 2)}, turn=TurnFlags(conquered=True)), scars=scars
    ).clone()
    state.slots = ROW
    state, _ = play(state, (0, EndTurn()))
    assert phases == [("expand_attack", 0)]
    assert state.phase == "end_of_turn"
