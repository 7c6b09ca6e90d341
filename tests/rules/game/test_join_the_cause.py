"""Pack 3's Join the Cause event cards (D111-D113, E-7): the chooser splits 3 troops among their
city territories, or lays out a mission of the deck in place of the face-up one (E-8)."""

from __future__ import annotations

import json

import pytest

from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    GameState,
    ResolveEvent,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_move_options,
)
from rules.world_events.pack_cards import EventResolved

from .helpers import play, position
from .test_missions import pack_3_world

ROW = ("alaska", "peru", "brazil", "egypt")


def _draw(card: str, armies, cities: dict[str, str]) -> tuple[GameState, list]:
    """Seat 0 takes Brazil's card; Siam (2 coins) is revealed into slot 1, so the event card
    `card` fires (E-7). Seat 1 holds the cities, so seat 1 chooses."""
    world = pack_3_world(cities)
    world = world.evolve(card_coins={**world.card_coins, "siam": 2})
    state = position(
        armies={"brazil": (0, 2), **armies},
        world=world,
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("siam", "india"), (card,)
    state.mission, state.mission_deck = "D121s", ("D114", "D115", "D119")
    return play(state, (0, TakeCard(3)))


def _cities_of_seat_1() -> tuple[GameState, list]:
    armies = {"egypt": (1, 2), "peru": (1, 1), "congo": (1, 4)}
    return _draw("D111", armies, {"egypt": "major", "peru": "minor"})


def test_join_the_cause_D111_waits_on_the_seat_with_the_largest_population_E7():
    state, events = _cities_of_seat_1()
    assert state.phase == "event_choice" and state.pending["seat"] == 1
    assert "Join the Cause" in next(e.text for e in events if e.type == "event_choice")


def test_join_the_cause_D111_splits_3_troops_among_the_choosers_cities_as_they_like():
    state, _ = _cities_of_seat_1()
    splits = {
        o.move.territories
        for o in legal_move_options(state, 1)
        if o.move.option == "troops"  # type: ignore[attr-defined]
    }
    assert splits == {
        ("egypt", "egypt", "egypt"),
        ("egypt", "egypt", "peru"),
        ("egypt", "peru", "peru"),
        ("peru", "peru", "peru"),
    }
    after, events = play(state, (1, ResolveEvent("troops", ("peru", "egypt", "peru"))))
    assert after.troops("peru") == 3 and after.troops("egypt") == 3
    resolved = [e for e in after.world_events if isinstance(e, EventResolved)]
    assert [(e.card, e.option) for e in resolved] == [("D111", "troops")]
    text = next(e.text for e in events if e.type == "event_resolved")
    assert "2 troops into Peru and 1 troop into Egypt" in text
    assert after.current_seat == 1 and after.phase == "start_of_turn"


@pytest.mark.parametrize(
    "territories",
    [("egypt", "peru"), ("egypt", "egypt", "egypt", "peru"), ("egypt", "congo", "peru")],
)
def test_join_the_cause_puts_exactly_3_troops_into_cities_the_chooser_holds_E7(territories):
    state, _ = _cities_of_seat_1()
    with pytest.raises(IllegalMove):
        apply_move(state, 1, ResolveEvent("troops", territories))


def test_join_the_cause_D112_lays_out_a_mission_of_the_deck_in_place_of_the_face_up_one_E8():
    armies = {"egypt": (1, 2), "peru": (1, 1)}
    state, _ = _draw("D112", armies, {"egypt": "major"})
    offered = sorted(
        o.move.mission  # type: ignore[attr-defined]
        for o in legal_move_options(state, 1)
        if o.move.option == "mission"  # type: ignore[attr-defined]
    )
    assert offered == ["D114", "D115", "D119"]
    after, events = play(state, (1, ResolveEvent("mission", mission="D119")))
    assert after.mission == "D119"
    assert sorted(after.mission_deck) == ["D114", "D115"]  # Explore the World is discarded
    text = next(e.text for e in events if e.type == "event_resolved")
    assert "Imperial Might (D119) in place of Explore the World (D121s)" in text


@pytest.mark.parametrize(
    "move",
    [
        ResolveEvent("mission", mission="D121s"),  # face up, not in the deck
        ResolveEvent("mission", ("egypt",), mission="D114"),
        ResolveEvent("troops", ("egypt", "egypt", "egypt"), mission="D114"),
    ],
)
def test_join_the_cause_mission_choice_is_one_mission_of_the_deck_and_nothing_else_E8(move):
    state, _ = _draw("D113", {"egypt": (1, 2)}, {"egypt": "major"})
    with pytest.raises(IllegalMove):
        apply_move(state, 1, move)


def test_the_bot_lays_out_a_mission_it_already_meets_else_takes_the_troops():
    state, _ = _cities_of_seat_1()
    assert HeuristicBot(1).choose(state, 1).option == "troops"  # type: ignore[attr-defined]
    asia = ("ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan")
    asia += ("afghanistan", "china", "middle_east", "india", "siam")
    rich, _ = _draw("D111", {"egypt": (1, 2), **{t: (1, 1) for t in asia}}, {"egypt": "major"})
    assert HeuristicBot(1).choose(rich, 1) == ResolveEvent("mission", mission="D119")


def test_a_pending_join_the_cause_survives_json():
    state, _ = _cities_of_seat_1()
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and legal_move_options(again, 1) == legal_move_options(state, 1)
