"""Pocket 2's event cards (E-7): Beam Down (K190, K191), Die Humans (K187s-K189s) and
Mysterious Island (K192, K193). Who decides each (the Aliens' player, the holder of Alien
Island), the card doing nothing when that seat is absent, each option and the pass, and the
second event a refilled slot 1 may set off."""

from __future__ import annotations

import json

import pytest

from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import GameState, ResolveEvent, TakeCard, TurnFlags, legal_moves, seats_to_act
from rules.world import World
from rules.world_events import CityFounded, GameIncident
from rules.world_events.pack_cards import EventResolved
from rules.world_events.pockets import CityRuined
from tests.rules.pocket_worlds import with_pocket_2

from .helpers import play, position

ROW = ("alaska", "peru", "brazil", "egypt")
CITIES = {"egypt": "major", "peru": "minor", "japan": "minor", "india": "minor"}


def _world(cities: dict[str, str] | None = None) -> World:
    """Pocket 2 open (Alien Island off Brazil and Western Australia), the cities founded, and
    Siam's card at 2 coins, so revealing it into slot 1 fires an event."""
    world = with_pocket_2(World())
    for territory, kind in (CITIES if cities is None else cities).items():
        world = CityFounded(territory, kind, f"{kind.title()} {territory}", "p9", 1).apply(world)
    return world.evolve(card_coins={**world.card_coins, "siam": 2, "indonesia": 4, "china": 1})


def _draw(
    card: str,
    armies: dict[str, tuple[int, int]],
    *,
    aliens: int | None = 1,
    hqs: dict[str, int] | None = None,
    draw_pile: tuple[str, ...] = ("siam", "china"),
    deck: tuple[str, ...] = ("B79",),
) -> tuple[GameState, list]:
    """Seat 0 ends its turn taking Brazil's card from slot 3; Siam (2 coins) is revealed into
    slot 1, so `card` fires (E-7). Seat `aliens` plays the Aliens (None: nobody does)."""
    changes = {f"seat{aliens}": {"faction": "aliens"}} if aliens is not None else {}
    state = position(
        armies={"brazil": (0, 2), **armies},
        hqs=hqs,
        world=_world(),
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
        **changes,
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, draw_pile, (card, *deck)
    return play(state, (0, TakeCard(3)))


def _resolved(state: GameState) -> list[EventResolved]:
    return [e for e in state.world_events if isinstance(e, EventResolved)]


# --- Beam Down (K190, K191) --------------------------------------------------------------------


def test_beam_down_waits_on_the_aliens_player_who_drops_5_troops_into_an_empty_city_K190():
    state, _ = _draw("K190", {"china": (1, 3), "egypt": (2, 2)})
    assert state.phase == "event_choice" and seats_to_act(state) == [1]
    answers = legal_moves(state, 1)
    # Empty cities only (Egypt holds troops), and the pass.
    assert set(answers) == {
        ResolveEvent("beam_down", ("india",)),
        ResolveEvent("beam_down", ("japan",)),
        ResolveEvent("beam_down", ("peru",)),
        ResolveEvent("pass"),
    }
    state, _ = play(state, (1, ResolveEvent("beam_down", ("peru",))))
    # Placement, not an expansion: no population loss (X-3 does not apply).
    assert state.armies["peru"] == (1, 5)
    assert _resolved(state)[-1].territories == ("peru",)
    assert "K190" not in state.world.destroyed_box_cards  # discarded, back to the box
    assert state.current_seat == 1 and state.phase == "start_of_turn"


@pytest.mark.parametrize(
    ("target", "code"),
    [("egypt", "target_occupied"), ("argentina", "no_city"), ("atlantis", "unknown_territory")],
)
def test_beam_down_refuses_a_city_with_pieces_or_a_territory_without_a_city_K191(target, code):
    state, _ = _draw("K191", {"china": (1, 3), "egypt": (2, 2)})
    with pytest.raises(IllegalMove) as refused:
        play(state, (1, ResolveEvent("beam_down", (target,))))
    assert refused.value.code == code


def test_beam_down_refuses_a_city_holding_only_an_hq_K190():
    state, _ = _draw("K190", {"china": (1, 3)}, hqs={"japan": 2})
    assert ResolveEvent("beam_down", ("japan",)) not in legal_moves(state, 1)
    with pytest.raises(IllegalMove):
        play(state, (1, ResolveEvent("beam_down", ("japan",))))


def test_passing_beam_down_places_nothing_and_discards_it_K190():
    state, _ = _draw("K190", {"china": (1, 3)})
    state, events = play(state, (1, ResolveEvent("pass")))
    assert "peru" not in state.armies and state.current_seat == 1
    assert "beams nothing down" in events[0].text
    assert "K190" not in state.world.destroyed_box_cards


@pytest.mark.parametrize("card", ["K190", "K187s"])
def test_an_alien_card_does_nothing_when_the_aliens_are_not_in_the_game_E7(card):
    state, events = _draw(card, {"china": (1, 3)}, aliens=None)
    assert state.phase == "start_of_turn" and state.current_seat == 1
    assert "the Aliens are not in this game" in "\n".join(e.text for e in events)
    assert _resolved(state)[-1].detail.startswith("skipped")


def test_an_alien_card_does_nothing_while_the_aliens_are_knocked_out_E7():
    state, _ = _draw("K190", {"china": (1, 3)}, aliens=2)
    assert state.phase == "start_of_turn"
    assert "are knocked out" in _resolved(state)[-1].detail


def test_the_waiting_alien_choice_survives_json_K190():
    state, _ = _draw("K190", {"china": (1, 3)})
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert legal_moves(again, 1) == legal_moves(state, 1)


# --- Die Humans (K187s-K189s) ------------------------------------------------------------------


def test_die_humans_ruins_a_minor_city_its_troops_and_hq_go_and_the_card_is_destroyed_K187s():
    state, _ = _draw("K187s", {"china": (1, 3), "japan": (2, 4), "egypt": (2, 2)}, hqs={"japan": 2})
    assert seats_to_act(state) == [1]
    answers = legal_moves(state, 1)
    # Any Minor City, whoever holds it; never the Major City (Egypt).
    assert ResolveEvent("ruin", ("japan",)) in answers
    assert ResolveEvent("ruin", ("peru",)) in answers
    assert ResolveEvent("ruin", ("egypt",)) not in answers
    state, events = play(state, (1, ResolveEvent("ruin", ("japan",))))
    assert "japan" not in state.armies and "japan" not in state.hqs
    assert "japan" not in state.world.cities and "japan" in state.world.ruins
    assert "K187s" in state.world.destroyed_box_cards
    kinds = [type(e) for e in state.world_events]
    assert CityRuined in kinds and GameIncident in kinds
    ruined = next(e for e in state.world_events if isinstance(e, CityRuined))
    assert (ruined.territory, ruined.person, ruined.game) == ("japan", "p1", 1)
    assert "the card is destroyed" in events[0].text
    assert state.current_seat == 1


def test_die_humans_emptying_a_players_last_territory_knocks_them_out_K188s():
    state, events = _draw("K188s", {"china": (1, 3), "india": (2, 3)})
    state, events = play(state, (1, ResolveEvent("ruin", ("india",))))
    assert "knocked_out" in [e.type for e in events]
    assert state.troops_on_board(2) == 0


def test_die_humans_refuses_a_major_city_K189s():
    state, _ = _draw("K189s", {"china": (1, 3)})
    with pytest.raises(IllegalMove) as refused:
        play(state, (1, ResolveEvent("ruin", ("egypt",))))
    assert refused.value.code == "not_minor_city"
    with pytest.raises(IllegalMove):
        play(state, (1, ResolveEvent("ruin")))


def test_passing_die_humans_ruins_nothing_and_discards_the_card_K187s():
    state, _ = _draw("K187s", {"china": (1, 3)})
    state, events = play(state, (1, ResolveEvent("pass")))
    assert not state.world.ruins and "K187s" not in state.world.destroyed_box_cards
    assert "ruins nothing" in events[0].text


# --- Mysterious Island (K192, K193) ------------------------------------------------------------


def test_mysterious_island_lets_the_island_holder_take_any_face_up_card_K192():
    state, _ = _draw("K192", {"alien_island": (2, 3), "china": (1, 3)})
    assert seats_to_act(state) == [2]  # the holder, not the Aliens' player
    answers = legal_moves(state, 2)
    assert set(answers) == {
        *(ResolveEvent("take_card", (t,)) for t in ("siam", "alaska", "peru", "egypt")),
        ResolveEvent("pass"),
    }
    state, _ = play(state, (2, ResolveEvent("take_card", ("peru",))))
    assert state.seats[2].cards == ("peru",)
    # E-4: Peru was in slot 3; the cards to its left shift right and China is revealed.
    assert state.slots == ("china", "siam", "alaska", "egypt")
    assert state.current_seat == 1 and state.phase == "start_of_turn"


def test_mysterious_island_refused_for_a_card_not_face_up_K193():
    state, _ = _draw("K193", {"alien_island": (2, 3)})
    with pytest.raises(IllegalMove) as refused:
        play(state, (2, ResolveEvent("take_card", ("brazil",))))
    assert refused.value.code == "not_face_up"


def test_mysterious_island_refilling_slot_1_with_an_even_card_sets_off_the_next_event_E7():
    state, _ = _draw(
        "K192",
        {"alien_island": (2, 3), "china": (1, 3)},
        draw_pile=("siam", "indonesia"),
        deck=("K190",),
    )
    state, events = play(state, (2, ResolveEvent("take_card", ("alaska",))))
    assert state.slots[0] == "indonesia"  # 4 coins: even
    assert [e.type for e in events].count("event_revealed") == 1
    assert state.phase == "event_choice" and state.pending["card"] == "K190"
    assert seats_to_act(state) == [1]
    state, _ = play(state, (1, ResolveEvent("pass")))
    assert state.current_seat == 1 and state.phase == "start_of_turn"


def test_mysterious_island_does_nothing_when_nobody_holds_the_island_E7():
    state, _ = _draw("K192", {"china": (1, 3)})
    assert state.phase == "start_of_turn"
    assert "nobody holds Alien Island" in _resolved(state)[-1].detail


def test_passing_mysterious_island_takes_no_card_K192():
    state, _ = _draw("K192", {"alien_island": (0, 3)})
    assert seats_to_act(state) == [0]
    state, events = play(state, (0, ResolveEvent("pass")))
    assert state.seats[0].cards == ("brazil",)
    assert "takes no card" in events[0].text


# --- the bot's answers -------------------------------------------------------------------------


def test_the_bot_ruins_the_city_holding_an_enemy_hq_and_never_its_own_K187s():
    state, _ = _draw(
        "K187s",
        {"china": (1, 3), "japan": (2, 2), "peru": (1, 2), "india": (0, 6)},
        hqs={"japan": 2},
    )
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("ruin", ("japan",))


def test_the_bot_passes_die_humans_when_a_ruin_would_only_hurt_itself_K187s():
    world = _world({"peru": "minor"})
    state = position(
        armies={"peru": (1, 3), "china": (1, 2), "brazil": (0, 2)},
        world=world,
        seat1={"faction": "aliens"},
    ).clone()
    state.phase = "event_choice"
    state.pending = {"kind": "event_choice", "card": "K187s", "seat": 1}
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("pass")


def test_the_bot_beams_down_and_takes_the_richest_face_up_card_K190_K192():
    state, _ = _draw("K190", {"china": (1, 3), "egypt": (2, 2)})
    move = HeuristicBot(1).choose(state, 1)
    assert move.option == "beam_down" and move.territories[0] in {"india", "japan", "peru"}
    state, _ = _draw("K192", {"alien_island": (2, 3)})
    # Siam, revealed into slot 1, shows 2 coins; the other face-up cards 1.
    assert HeuristicBot(1).choose(state, 2) == ResolveEvent("take_card", ("siam",))
