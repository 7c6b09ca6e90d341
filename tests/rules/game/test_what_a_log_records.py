"""What the engine reports so that a digital game is recorded exactly as a logged one: where an
event card's option went (E-7, read from the option's data like the log's checks, STYLE 3),
who knocked out whom (X-13, END-2), and the comeback picks a finished game still owes (X-15)."""

from __future__ import annotations

import json
from itertools import groupby

from rules.data import content
from rules.event_targets import (
    CITY_TROOPS,
    FORTIFICATION,
    MANEUVER,
    OptionTargets,
    option_targets,
)
from rules.game import (
    Attack,
    DefendWith,
    GameState,
    Maneuver,
    ResolveEvent,
    TakeCard,
    TurnFlags,
    game_result,
    legal_moves,
)
from rules.game.comeback import owed_at_game_end
from rules.world import World
from rules.world_events import CityFounded, PackOpened, event_from_json
from rules.world_events.pack_cards import EventResolved

from .helpers import FACTIONS, play, position, rig_dice

ROW = ("alaska", "peru", "brazil", "egypt")
CITIES = {"egypt": "major", "peru": "minor", "argentina": "minor"}


def _pack_1(cities: dict[str, str]) -> World:
    world = PackOpened("pack_1", 1, "the ninth Minor City").apply(World())
    for territory, kind in cities.items():
        world = CityFounded(territory, kind, f"{kind} {territory}", "p9", 1).apply(world)
    return world.evolve(card_coins={**world.card_coins, "siam": 2})


def _drawn(card: str, armies: dict[str, tuple[int, int]]) -> GameState:
    """Seat 0 takes Brazil's card and reveals Siam's (2 coins): `card` fires (E-7)."""
    state = position(
        armies={"brazil": (0, 2), **armies},
        world=_pack_1(CITIES),
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("siam", "india"), (card, "B79")
    state, _ = play(state, (0, TakeCard(3)))
    return state


def _resolved(state: GameState) -> EventResolved:
    [resolved] = [e for e in state.world_events if isinstance(e, EventResolved)]
    return resolved


# --- one source for where an option lands (E-7, STYLE 3) ----------------------------------------


def test_every_choice_on_an_event_card_says_in_the_pack_data_what_it_does_E7():
    for card in content().event_cards.values():
        for option in card.options:
            if card.chooser:
                assert option.effect, card.code
            else:
                assert option.effect == "" and option_targets(option) == OptionTargets()
    pack_1 = {
        o.effect for c in content().event_cards.values() if c.pack == "pack_1" for o in c.options
    }
    assert pack_1 == {CITY_TROOPS, FORTIFICATION, MANEUVER, ""}


def test_fortify_B74_troops_go_to_one_or_two_cities_by_its_data_E7():
    option = content().event_cards["B74"].option("troops")
    assert option is not None and (option.troops, option.cities) == (2, 2)
    assert option_targets(option) == OptionTargets(least=1, most=2, cities=True)


def test_the_engine_offers_exactly_the_city_groups_option_targets_allows_B73_B75():
    """The chooser (seat 1) holds three cities: the sizes of the groups offered for each
    option are the range the option's data gives, nothing more."""
    armies = {"egypt": (1, 2), "peru": (1, 1), "argentina": (1, 1)}
    for code in ("B73", "B75"):
        state = _drawn(code, armies)
        card = content().event_cards[code]
        offered = [m for m in legal_moves(state, 1) if isinstance(m, ResolveEvent)]
        for key, moves in groupby(sorted(offered, key=lambda m: m.option), lambda m: m.option):
            option = card.option(key)
            assert option is not None
            targets = option_targets(option)
            sizes = {len(m.territories) for m in moves}
            assert sizes == set(range(targets.least, targets.most + 1)), (code, key)


# --- where the option went, in the world event (E-7) ---------------------------------------------


def test_a_resolved_event_names_the_cities_its_troops_went_to_B74():
    state = _drawn("B74", {"egypt": (1, 2), "peru": (1, 1), "argentina": (1, 1)})
    state, _ = play(state, (1, ResolveEvent("troops", ("egypt", "peru"))))
    assert _resolved(state).territories == ("egypt", "peru")


def test_a_resolved_event_names_the_city_it_fortified_B73_X9():
    state = _drawn("B73", {"egypt": (1, 2)})
    state, _ = play(state, (1, ResolveEvent("fortification", ("egypt",))))
    assert _resolved(state).territories == ("egypt",)


def test_a_resolved_maneuver_names_where_from_and_where_to_B76_M3():
    state = _drawn("B76", {"egypt": (1, 6), "east_africa": (1, 1)})
    state, _ = play(state, (1, Maneuver("egypt", "east_africa", 2)))
    assert _resolved(state).territories == ("egypt", "east_africa")


def test_a_card_without_a_choice_names_no_territory_B78():
    state = _drawn("B78", {"peru": (1, 1)})
    assert _resolved(state).territories == ()


def test_an_event_stored_before_territories_were_recorded_loads_with_none_E7():
    stored = {"kind": "event_resolved", "game": 1, "card": "B74", "option": "troops"}
    assert event_from_json(stored).territories == ()  # type: ignore[attr-defined]
    again = EventResolved(1, "B74", "troops", "p1", "", ("egypt",))
    assert event_from_json(json.loads(json.dumps(again.to_json()))) == again


# --- who knocked out whom (X-13, END-2) -----------------------------------------------------------


def _last_hq_taken(world: World) -> GameState:
    """Seat 0 (3 red stars) conquers Brazil, seat 1's HQ and last territory: the fourth red
    star ends the game in the same move that knocks seat 1 out (W-1, END-2)."""
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 2), "peru": (2, 3)},
        hqs={"brazil": 1},
        world=world,
        seat0={"red_star_tokens": 3},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [6, 5, 4], [1, 1])
    state, _ = play(state, (1, DefendWith(2)))
    return state


def test_a_conquest_that_knocks_a_seat_out_is_remembered_and_named_in_the_result_X13_END2():
    state = _last_hq_taken(World())
    assert state.is_over and state.seats[1].knocked_out_by == 0
    result = game_result(state)
    assert [(s.outcome, s.eliminated_by) for s in result.seats] == [
        ("won", None),
        ("eliminated", FACTIONS[0]),
        ("held_on", None),
    ]


def test_a_knock_out_by_an_event_names_nobody_X14():
    state = _drawn("B78", {"peru": (2, 1), "egypt": (1, 3)})
    assert state.troops_on_board(2) == 0 and state.seats[2].knocked_out_by is None


def test_who_knocked_a_seat_out_survives_json_and_old_states_load_without_it():
    state = _last_hq_taken(World())
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.seats[1].knocked_out_by == 0
    stored = state.to_json()
    for seat in stored["seats"]:
        del seat["knocked_out_by"]
    assert GameState.from_json(stored).seats[1].knocked_out_by is None


# --- comeback picks a finished game still owes (X-15) ---------------------------------------------


def test_a_knock_out_by_the_games_last_move_leaves_its_pick_to_the_record_X15_END2():
    """The engine asks nothing once the game is over; the seat stays owed, and the faction the
    game eliminated is owed a pick as the game is recorded."""
    world = PackOpened("pack_2", 1, "opened for the test").apply(World())
    state = _last_hq_taken(world)
    assert state.is_over and state.phase == "game_over" and state.comeback_due == (1,)
    eliminated = [s.faction for s in game_result(state).seats if s.outcome == "eliminated"]
    assert owed_at_game_end(state.world, eliminated) == [FACTIONS[1]]


def test_nothing_is_owed_without_rule_E_or_to_a_faction_that_holds_a_power_X15_G3():
    assert owed_at_game_end(World(), [FACTIONS[1]]) == []
    world = PackOpened("pack_2", 1, "opened for the test").apply(World())
    holding = world.evolve(comeback_powers={FACTIONS[1]: "mobile"})
    assert owed_at_game_end(holding, [FACTIONS[1], FACTIONS[2]]) == [FACTIONS[2]]
