"""Pack 1's event cards (E-7): the chooser by population (G-11), ties doing nothing, each
card's options and effects by print code (B73-B79), knock-outs by an event, the pending choice
in JSON, and bots playing whole games with the event deck in play."""

from __future__ import annotations

import json

import pytest

from rules import box
from rules.bots import HeuristicBot
from rules.data import board
from rules.errors import IllegalMove
from rules.game import (
    GameState,
    Maneuver,
    ResolveEvent,
    SeatSpec,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_move_options,
    legal_moves,
    new_game,
    replay,
    seats_to_act,
)
from rules.game.event_cards import event_chooser
from rules.simulate import customized_world
from rules.world import Fortification, World
from rules.world_events import CityFortified, CityFounded, GameIncident, PackOpened
from rules.world_events.pack_cards import EventResolved

from .helpers import play, position, rig_dice

ROW = ("alaska", "peru", "brazil", "egypt")


def _world(cities: dict[str, str] | None = None, *, base: World | None = None, **settings) -> World:
    """Pack 1 open, the given cities founded, and Siam's card at 2 coins (an even card)."""
    world = PackOpened("pack_1", 1, "the ninth Minor City").apply(base or World())
    for territory, kind in (cities or {}).items():
        world = CityFounded(territory, kind, f"{kind.title()} {territory}", "p9", 1).apply(world)
    return world.evolve(card_coins={**world.card_coins, "siam": 2}, settings=settings)


def _draw(
    card: str,
    armies: dict[str, tuple[int, int]],
    *,
    cities: dict[str, str],
    hqs: dict[str, int] | None = None,
    turn: TurnFlags | None = None,
    dice: tuple[list[int], ...] = (),
    **settings: str,
) -> tuple[GameState, list]:
    """Seat 0 ends its turn by taking Brazil's card from slot 3; Siam (2 coins) is revealed
    into slot 1, so the top event card (`card`) fires (E-7)."""
    state = position(
        armies={"brazil": (0, 2), **armies},
        hqs=hqs,
        world=_world(cities, **settings),
        phase="end_of_turn",
        turn=turn or TurnFlags(conquered=True),
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("siam", "india"), (card, "B79")
    if dice:
        state = rig_dice(state, *dice)
    return play(state, (0, TakeCard(3)))


def _resolved(state: GameState) -> list[EventResolved]:
    return [e for e in state.world_events if isinstance(e, EventResolved)]


def _texts(events) -> str:
    return "\n".join(e.text for e in events)


# --- who chooses (G-11, E-7) ---------------------------------------------------------------------


def test_the_chooser_is_the_one_seat_with_the_largest_population_G11_E7():
    state, events = _draw(
        "B75",
        {"egypt": (1, 2), "peru": (2, 1), "argentina": (2, 1)},
        cities={"egypt": "major", "peru": "minor"},
    )
    assert event_chooser(state)[0] == 1  # a Major City (2) against a Minor City (1)
    assert state.phase == "event_choice" and seats_to_act(state) == [1]
    assert state.event_deck == ("B79",)
    assert "Event card drawn: Control the People (B75)" in _texts(events)
    assert "has the largest population (2) and chooses" in _texts(events)


@pytest.mark.parametrize("card", ["B73", "B74", "B75", "B76"])
def test_a_tie_for_the_largest_population_makes_the_event_do_nothing_E7(card):
    state, events = _draw(
        card,
        {"egypt": (1, 2), "peru": (2, 1)},
        cities={"egypt": "minor", "peru": "minor"},
    )
    assert "tie for the largest population (1): the event does nothing" in _texts(events)
    assert state.phase == "start_of_turn" and state.current_seat == 1
    assert state.event_deck == ("B79",)
    # Drawn all the same: the campaign's history counts it, with nobody choosing.
    [skipped] = _resolved(state)
    assert (skipped.card, skipped.option, skipped.person) == (card, "", None)
    assert card not in state.world.destroyed_box_cards


def test_nobody_with_a_city_means_nobody_chooses_E7():
    state, events = _draw("B73", {"egypt": (1, 2)}, cities={"peru": "major"})
    assert "nobody controls a city" in _texts(events)
    assert state.phase == "start_of_turn"
    assert [(e.card, e.option) for e in _resolved(state)] == [("B73", "")]


def test_an_eliminated_seat_is_not_the_chooser_E7():
    state = position(
        armies={"egypt": (1, 1), "peru": (2, 1)},
        world=_world({"egypt": "minor", "peru": "major"}),
        seat2={"eliminated": True},
    )
    assert event_chooser(state)[0] == 1


# --- Control the People (B75, B76) ---------------------------------------------------------------


def test_control_the_people_B75_puts_5_troops_into_a_city_of_the_chooser():
    state, _ = _draw(
        "B75",
        {"egypt": (1, 2), "east_africa": (1, 1), "peru": (2, 1)},
        cities={"egypt": "major", "peru": "minor"},
    )
    answers = legal_moves(state, 1)
    assert ResolveEvent("troops", ("egypt",)) in answers
    assert ResolveEvent("troops", ("peru",)) not in answers  # not the chooser's city
    assert Maneuver("egypt", "east_africa", 1) in answers
    state, events = play(state, (1, ResolveEvent("troops", ("egypt",))))
    assert state.troops("egypt") == 7
    [resolved] = _resolved(state)
    assert (resolved.card, resolved.option, resolved.person) == ("B75", "troops", "p1")
    assert "Player 1 puts 5 troops into Egypt" in resolved.detail
    assert "B75" not in state.world.destroyed_box_cards  # discarded, not destroyed
    assert state.phase == "start_of_turn" and state.current_seat == 1  # seat 0's turn ended
    assert "Event: Control the People — Player 1 puts 5 troops into Egypt." in _texts(events)


def test_only_the_chooser_answers_and_bad_answers_are_refused_in_words_E7():
    state, _ = _draw(
        "B76",
        {"egypt": (1, 2), "peru": (2, 1), "argentina": (1, 1)},
        cities={"egypt": "major", "peru": "minor"},
    )
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ResolveEvent("troops", ("brazil",)))
    assert refused.value.code == "not_your_turn"
    for move, code in [
        (ResolveEvent("fortification", ("egypt",)), "bad_event_option"),
        (ResolveEvent("troops", ()), "event_cities"),
        (ResolveEvent("troops", ("egypt", "argentina")), "event_cities"),
        (ResolveEvent("troops", ("argentina",)), "no_city"),
        (ResolveEvent("troops", ("peru",)), "not_controlled"),
        (ResolveEvent("troops", ("atlantis",)), "unknown_territory"),
        (ResolveEvent("maneuver", ()), "event_maneuver"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            apply_move(state, 1, move)
        assert refused.value.code == code, move
        assert refused.value.message


def test_control_the_people_B76_maneuver_follows_M3_even_after_the_turns_maneuver():
    """The event's maneuver is its own: the chooser's maneuver this turn does not block it
    (M-2), but the path must run through their own territories (M-3)."""
    state, _ = _draw(
        "B76",
        {"egypt": (0, 6), "east_africa": (0, 1), "peru": (0, 1)},
        cities={"egypt": "major"},
        turn=TurnFlags(conquered=True, maneuvered=True),
    )
    assert seats_to_act(state) == [0]
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Maneuver("egypt", "peru", 3))
    assert (refused.value.code, refused.value.rule) == ("not_connected", "M-3")
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Maneuver("egypt", "east_africa", 6))
    assert refused.value.code == "maneuver_count"
    state, _ = play(state, (0, Maneuver("egypt", "east_africa", 5)))
    assert (state.troops("egypt"), state.troops("east_africa")) == (1, 6)
    [resolved] = _resolved(state)
    assert resolved.option == "maneuver"
    assert "maneuvers 5 troops from Egypt to East Africa" in resolved.detail
    assert state.current_seat == 1


def test_control_the_people_maneuvers_between_any_two_territories_when_the_campaign_says_so():
    state, _ = _draw(
        "B75",
        {"egypt": (0, 6), "peru": (0, 1)},
        cities={"egypt": "major"},
        control_people_maneuver="any",
    )
    assert Maneuver("egypt", "peru", 1) in legal_moves(state, 0)
    state, _ = play(state, (0, Maneuver("egypt", "peru", 4)))
    assert state.troops("peru") == 5


# --- Fortify (B73, B74) ---------------------------------------------------------------------------


def test_fortify_B73_fortification_is_placed_and_the_card_is_destroyed_for_good_X9():
    state, events = _draw(
        "B73",
        {"egypt": (1, 2), "peru": (1, 1)},
        cities={"egypt": "major", "peru": "minor"},
    )
    answers = legal_moves(state, 1)
    assert ResolveEvent("fortification", ("egypt",)) in answers
    assert ResolveEvent("troops", ("egypt", "peru")) in answers
    state, events = play(state, (1, ResolveEvent("fortification", ("peru",))))
    assert state.world.is_fortified("peru") and state.world.fortifications_used == 1
    fortified = [e for e in state.world_events if isinstance(e, CityFortified)]
    assert [(e.territory, e.person) for e in fortified] == [("peru", "p1")]
    assert "B73" in state.world.destroyed_box_cards
    assert "the card is destroyed" in _texts(events)
    assert state.troops("peru") == 1
    # The next game's deck never holds it again; its twin B74 is still there.
    codes = [card.code for card in box.event_deck(state.world)]
    assert "B73" not in codes and "B74" in codes
    next_game = new_game(
        state.world, [SeatSpec(f"p{i}", f"P{i}") for i in range(3)], seed=3, game_number=2
    )
    assert "B73" not in next_game.event_deck and len(next_game.event_deck) == 6


def test_fortify_B74_troops_go_to_up_to_2_cities_and_the_card_is_discarded():
    state, _ = _draw(
        "B74",
        {"egypt": (1, 2), "peru": (1, 1), "argentina": (1, 1)},
        cities={"egypt": "major", "peru": "minor", "argentina": "minor"},
    )
    answers = legal_moves(state, 1)
    assert ResolveEvent("troops", ("argentina",)) in answers
    assert ResolveEvent("troops", ("argentina", "egypt", "peru")) not in answers
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, ResolveEvent("troops", ("egypt", "egypt")))
    assert refused.value.code == "event_cities"
    with pytest.raises(IllegalMove):
        apply_move(state, 1, ResolveEvent("troops", ("argentina", "egypt", "peru")))
    state, _ = play(state, (1, ResolveEvent("troops", ("egypt", "peru"))))
    assert (state.troops("egypt"), state.troops("peru"), state.troops("argentina")) == (4, 3, 1)
    assert "B74" not in state.world.destroyed_box_cards
    assert "2 troops each into Egypt and Peru" in _resolved(state)[0].detail
    assert not [e for e in state.world_events if isinstance(e, CityFortified)]


def test_fortify_offers_only_troops_once_the_fortifications_are_used_up_C10():
    state, _ = _draw("B73", {"egypt": (1, 2)}, cities={"egypt": "major"})
    state.world = state.world.evolve(fortifications_used=5)
    assert legal_moves(state, 1) == [ResolveEvent("troops", ("egypt",))]
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, ResolveEvent("fortification", ("egypt",)))
    assert (refused.value.code, refused.value.rule) == ("no_fortification_left", "C-10")


def test_a_fortified_city_may_be_fortified_again_with_a_fresh_mark_X9():
    state, _ = _draw("B73", {"egypt": (1, 2)}, cities={"egypt": "major"})
    worn = Fortification("egypt", wear=9, game=1)
    state.world = state.world.evolve(fortifications={"egypt": worn}, fortifications_used=1)
    state, _ = play(state, (1, ResolveEvent("fortification", ("egypt",))))
    assert state.world.fortifications["egypt"].wear == 0


# --- Resistance (B78, B79) -----------------------------------------------------------------------


def test_resistance_B78_takes_a_troop_from_minor_cities_held_by_1_or_2_whoever_holds_them():
    state, _ = _draw(
        "B78",
        {"egypt": (1, 1), "peru": (2, 2), "argentina": (0, 3), "east_africa": (1, 1)},
        cities={"egypt": "minor", "peru": "minor", "argentina": "minor", "east_africa": "major"},
    )
    assert state.owner("egypt") is None and not state.occupied("egypt")  # left empty
    assert state.troops("peru") == 1 and state.troops("argentina") == 3
    assert state.troops("east_africa") == 1  # a Major City is untouched
    [resolved] = _resolved(state)
    assert (resolved.card, resolved.option, resolved.person) == ("B78", "", None)
    assert "Egypt (Player 1) loses its last troop" in resolved.detail
    assert "Peru (Player 2) loses 1 of its 2 troops" in resolved.detail
    assert state.phase == "start_of_turn" and state.current_seat == 1


def test_resistance_B79_knocks_out_a_player_it_empties_who_keeps_their_cards_X14():
    state, events = _draw(
        "B79",
        {"egypt": (2, 1), "peru": (1, 4)},
        cities={"egypt": "minor"},
        hqs={"egypt": 2},
    )
    knocked = [e for e in events if e.type == "knocked_out"]
    assert [(e.data["seat"], e.data["by"]) for e in knocked] == [(2, None)]
    assert state.troops_on_board(2) == 0 and not state.seats[2].eliminated
    assert state.hqs == {"egypt": 2}  # an HQ-only territory now, controlled by nobody
    assert state.owner("egypt") is None


def test_resistance_knocks_out_a_player_with_no_legal_start_who_is_then_eliminated_W1():
    """The lone survivor wins: seat 1 loses its last troop to Resistance, has nowhere to
    rejoin on its turn (T-6) and is eliminated; seat 2 already was."""
    armies = {t: (0, 1) for t in board().territories if t != "egypt"}
    armies["brazil"] = (0, 2)
    state = position(
        armies={**armies, "egypt": (1, 1)},
        world=_world({"egypt": "minor"}),
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
        seat2={"eliminated": True},
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("siam", "india"), ("B78",)
    state, events = play(state, (0, TakeCard(3)))
    assert [e.data["seat"] for e in events if e.type == "knocked_out"] == [1]
    assert state.seats[1].eliminated
    assert state.is_over and state.winner == 0
    assert "every other player is eliminated" in _texts(events)


# --- Riots (B77) ----------------------------------------------------------------------------------


def test_riots_B77_rolls_the_die_plus_troops_plus_hq_and_below_6_loses_the_natural_roll():
    """Rolls in turn order from the current seat, then by territory name: Peru (seat 0,
    2 troops and its HQ) rolls 2, Argentina (seat 1, 5 troops) rolls 1, Egypt (seat 1,
    2 troops) rolls 3."""
    state, events = _draw(
        "B77",
        {"peru": (0, 2), "egypt": (1, 2), "argentina": (1, 5)},
        cities={"peru": "major", "egypt": "major", "argentina": "major", "brazil": "capital"},
        hqs={"peru": 0},
        dice=([2], [1], [3]),
    )
    rolls = [e for e in events if e.type == "riot_roll"]
    assert [(e.data["territory"], e.data["dice"], e.data["total"]) for e in rolls] == [
        ("peru", [2], 5),
        ("argentina", [1], 6),
        ("egypt", [3], 5),
    ]
    assert "Event: Riots — Egypt (Player 1) rolls 3 + 2 troops = 5: loses 2 troops." in _texts(
        events
    )
    assert (
        "Peru (Player 0) rolls 2 + 2 troops + 1 for the HQ = 5: loses 2 troops and its HQ is "
        "demolished" in _texts(events)
    )
    assert (
        state.troops("peru") == 0 and state.troops("egypt") == 0 and state.troops("argentina") == 5
    )
    assert "peru" not in state.hqs  # G-10: back in the box for this game
    demolished = [e for e in state.world_events if isinstance(e, GameIncident)]
    assert [(e.incident, e.detail, e.person) for e in demolished] == [
        ("hq_demolished", "peru", "p0")
    ]
    assert state.troops("brazil") == 2  # the World Capital is no Major City: no roll
    assert _resolved(state)[0].card == "B77"


def test_riots_loses_at_most_the_troops_present_and_a_high_total_holds_B77():
    state, events = _draw(
        "B77",
        {"egypt": (1, 1), "peru": (2, 3)},
        cities={"egypt": "major", "peru": "major"},
        dice=([4], [3]),
    )
    assert state.troops("egypt") == 0  # 4 + 1 = 5: loses min(4, 1)
    assert state.troops("peru") == 3  # 3 + 3 = 6 holds
    rolls = {e.data["territory"]: e.data for e in events if e.type == "riot_roll"}
    assert rolls["egypt"]["lost"] == 1


def test_riots_one_roll_per_player_when_the_campaign_reads_it_so_B77():
    state, events = _draw(
        "B77",
        {"egypt": (1, 1), "peru": (1, 1), "east_africa": (1, 9)},
        cities={"egypt": "major", "peru": "major"},
        dice=([2], [6]),
        riots_rolls="per_player",
    )
    rolls = [e.data["dice"] for e in events if e.type == "riot_roll"]
    assert rolls == [[2], [2]]
    assert state.troops("egypt") == 0 and state.troops("peru") == 0


def test_riots_can_knock_out_a_player_B77_X14():
    _, events = _draw(
        "B77",
        {"egypt": (2, 1)},
        cities={"egypt": "major"},
        dice=([1],),
    )
    assert [e.data["seat"] for e in events if e.type == "knocked_out"] == [2]


# --- the state in JSON, replay, bots ------------------------------------------------------------


def test_a_pending_event_choice_survives_json_and_replays():
    state, _ = _draw("B73", {"egypt": (1, 2)}, cities={"egypt": "major"})
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert legal_move_options(again, 1) == legal_move_options(state, 1)
    after, _ = apply_move(again, 1, ResolveEvent("fortification", ("egypt",)))
    assert GameState.from_json(json.loads(json.dumps(after.to_json()))) == after
    result = replay(state, [(1, ResolveEvent("troops", ("egypt",)))])
    assert result.error is None and result.state.troops("egypt") == 4


def test_the_bot_fortifies_a_city_at_the_front_else_reinforces_the_one_in_danger():
    state, _ = _draw(
        "B73",
        {"egypt": (1, 2), "middle_east": (2, 9), "argentina": (1, 3), "peru": (1, 3)},
        cities={"egypt": "minor", "argentina": "major"},
    )
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("fortification", ("egypt",))
    state.world = state.world.evolve(fortifications_used=5)
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("troops", ("argentina", "egypt"))


def _bot_game(seed: int, players: int) -> GameState:
    world = customized_world(seed)
    cities = {"egypt": "major", "peru": "major", "siam": "major", "ontario": "major"}
    cities |= {t: "minor" for t in ("alaska", "brazil", "ukraine", "japan", "congo", "iceland")}
    world = _world(cities, base=world)
    world = world.evolve(card_coins={t: 2 for t in world.card_coins})  # every card fires
    state = new_game(
        world, [SeatSpec(f"p{i}", f"Bot {i}") for i in range(players)], seed=seed, game_number=2
    )
    bots = [HeuristicBot(seed * 10 + i) for i in range(players)]
    for _ in range(20_000):
        if state.is_over:
            break
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
    return state


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 5)])
def test_bots_finish_games_with_the_pack_1_event_deck_in_play(seed, players):
    state = _bot_game(seed, players)
    assert state.is_over and state.winner is not None
    resolved = _resolved(state)
    assert resolved, "no event card was resolved"
    for event in resolved:
        assert event.card in {"B73", "B74", "B75", "B76", "B77", "B78", "B79"}
