"""The box bottom's event cards, The Ancient One (DNO-1..DNO-5, E-7): the player named on the
drawn card chooses; a named player out of the game leaves the card without effect; each of the
four options (every hand discarded, an HQ demolished, 6 troops placed, sea lines closed until
the chooser's next turn) and the bot's answers."""

from __future__ import annotations

import json

import pytest

from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    Expand,
    GameState,
    ResolveEvent,
    SeatSpec,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_moves,
    new_game,
    seats_to_act,
)
from rules.game.rotation import finish_turn
from rules.simulate import customized_world, make_bots, person
from rules.world import World
from rules.world_events import GameIncident, PackOpened
from rules.world_events.pack_cards import EventResolved
from rules.world_events.pockets import CardsNamed

from .helpers import play, position

ROW = ("alaska", "peru", "brazil", "egypt")


def _world(persons: tuple[str, ...] = ("p0", "p1", "p2"), **settings: str) -> World:
    """The box bottom open, `persons` written on DNO-1, DNO-2, ... in order, and Siam's card at
    2 coins, so revealing it into slot 1 fires an event (E-7)."""
    world = PackOpened("do_not_open", 1, "test").apply(World())
    world = CardsNamed(persons, 1).apply(world)
    world = world.evolve(settings={**world.settings, **settings}) if settings else world
    return world.evolve(card_coins={**world.card_coins, "siam": 2})


def _draw(
    card: str,
    armies: dict[str, tuple[int, int]],
    *,
    world: World | None = None,
    hqs: dict[str, int] | None = None,
    **seats: dict,
) -> tuple[GameState, list]:
    """Seat 0 ends its turn taking Brazil's card from slot 3; Siam (2 coins) is revealed into
    slot 1, so `card` fires."""
    state = position(
        armies={"brazil": (0, 2), **armies},
        hqs=hqs,
        world=world or _world(),
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
        **seats,
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("siam", "china"), (card,)
    return play(state, (0, TakeCard(3)))


def _resolved(state: GameState) -> list[EventResolved]:
    return [e for e in state.world_events if isinstance(e, EventResolved)]


# --- who chooses -------------------------------------------------------------------------------


def test_the_player_named_on_the_drawn_card_chooses_among_four_options_DNO2():
    state, events = _draw("DNO-2", {"china": (1, 3), "peru": (2, 2)}, hqs={"peru": 2})
    assert state.phase == "event_choice" and seats_to_act(state) == [1]
    assert "named on the card" in events[-1].text
    assert set(legal_moves(state, 1)) == {
        ResolveEvent("discard_all"),
        ResolveEvent("no_sea"),
        ResolveEvent("demolish_hq", ("peru",)),
        ResolveEvent("troops", ("china",)),
    }


@pytest.mark.parametrize(
    ("persons", "armies", "seat", "why"),
    [
        (("p0", "p9"), {"china": (1, 3)}, {}, "not in this game"),
        (("p0", "p1"), {}, {}, "knocked out"),
        (("p0", "p1"), {"china": (1, 3)}, {"seat1": {"eliminated": True}}, "eliminated"),
    ],
)
def test_the_card_does_nothing_when_its_named_player_is_out_of_the_game_DNO2_E7(
    persons, armies, seat, why
):
    state, events = _draw("DNO-2", armies, world=_world(persons), **seat)
    assert state.phase == "start_of_turn" and state.pending is None
    assert why in "\n".join(e.text for e in events)
    assert _resolved(state)[-1].detail.startswith("skipped")


def test_an_unnamed_card_in_the_deck_goes_to_the_largest_population_DNO5():
    world = _world(("p0",), ancient_unnamed_cards="deck")
    state, events = _draw("DNO-5", {"china": (1, 3)}, world=world)
    assert "largest population" in "\n".join(e.text for e in events)
    assert _resolved(state)[-1].detail.startswith("skipped")


# --- the four options --------------------------------------------------------------------------


def test_discard_all_empties_every_hand_territories_to_the_discard_pile_coins_to_theirs_DNO1():
    state, _ = _draw(
        "DNO-1",
        {"china": (1, 3)},
        seat1={"cards": ("coin", "japan")},
        seat2={"cards": ("india",)},
    )
    coins = state.coin_pile
    state, _ = play(state, (0, ResolveEvent("discard_all")))
    assert all(not s.cards for s in state.seats)
    assert {"japan", "india", "brazil"} <= set(state.discard_pile)
    assert state.coin_pile == coins + 1
    assert _resolved(state)[-1].option == "discard_all"
    assert state.current_seat == 1 and state.phase == "start_of_turn"


def test_demolish_hq_takes_any_hq_off_the_board_and_tells_the_campaign_DNO2():
    state, _ = _draw("DNO-2", {"china": (1, 3), "peru": (2, 2)}, hqs={"peru": 2})
    state, _ = play(state, (1, ResolveEvent("demolish_hq", ("peru",))))
    assert "peru" not in state.hqs and state.armies["peru"] == (2, 2)
    incident = [e for e in state.world_events if isinstance(e, GameIncident)][-1]
    assert (incident.incident, incident.detail, incident.person) == ("hq_demolished", "peru", "p2")
    assert _resolved(state)[-1].territories == ("peru",)


def test_the_hq_option_reads_the_same_when_the_campaign_says_destroy_DNO2():
    world = _world(ancient_hq_option="destroy")
    state, _ = _draw("DNO-2", {"china": (1, 3)}, world=world, hqs={"china": 1})
    state, _ = play(state, (1, ResolveEvent("demolish_hq", ("china",))))
    assert not state.hqs


def test_place_troops_puts_6_on_a_territory_the_chooser_holds_DNO2():
    state, _ = _draw("DNO-2", {"china": (1, 3), "peru": (2, 2)})
    with pytest.raises(IllegalMove) as refused:
        play(state, (1, ResolveEvent("troops", ("peru",))))
    assert refused.value.code == "not_controlled"
    state, _ = play(state, (1, ResolveEvent("troops", ("china",))))
    assert state.armies["china"] == (1, 9)
    assert _resolved(state)[-1].territories == ("china",)


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (ResolveEvent("troops"), "one_territory"),
        (ResolveEvent("no_sea", ("china",)), "nothing_to_name"),
        (ResolveEvent("demolish_hq", ("china",)), "no_hq"),
        (ResolveEvent("curse"), "bad_event_option"),
    ],
)
def test_a_wrong_answer_is_refused_in_plain_words_and_changes_nothing_DNO2(move, code):
    state, _ = _draw("DNO-2", {"china": (1, 3)})
    with pytest.raises(IllegalMove) as refused:
        play(state, (1, move))
    assert refused.value.code == code and refused.value.args
    assert state.phase == "event_choice"


def _acting(state: GameState, seat: int) -> GameState:
    """`state` with `seat` in the middle of its expansions and attacks."""
    during = state.clone()
    during.current_seat, during.phase = seat, "expand_attack"
    return during


def test_no_sea_closes_sea_lines_until_the_named_players_next_turn_DNO1():
    armies = {"brazil": (0, 5), "north_africa": (1, 3), "peru": (2, 4)}
    state, _ = _draw("DNO-1", armies)
    state, _ = play(state, (0, ResolveEvent("no_sea")))
    assert state.sea_ban_until == 0
    for seat in (1, 2):  # the other players' turns: Brazil - North Africa is a sea line
        assert state.current_seat == seat and state.sea_ban_until == 0
        banned = Attack("north_africa", "brazil", 1)
        assert banned not in legal_moves(_acting(state, 1), 1)
        finish_turn(state, events := [])
    # The chooser's own turn begins: the ban is lifted.
    assert state.current_seat == 0 and state.sea_ban_until is None
    assert any(e.type == "sea_ban_lifted" for e in events)
    assert Attack("brazil", "north_africa", 1) in legal_moves(_acting(state, 0), 0)


def test_an_attack_across_a_closed_sea_line_is_refused_in_plain_words_DNO1():
    state = position(armies={"brazil": (0, 5), "north_africa": (1, 2)}, current=1)
    state.sea_ban_until = 0
    with pytest.raises(IllegalMove) as refused:
        play(state, (1, Attack("north_africa", "brazil", 1)))
    assert refused.value.code == "sea_line_closed"
    assert "sea line between North Africa and Brazil" in str(refused.value)


def test_the_sea_ban_leaves_land_borders_open_DNO3():
    state = position(armies={"brazil": (0, 5), "peru": (1, 2), "north_africa": (1, 2)})
    state.sea_ban_until = 1
    moves = legal_moves(state, 0)
    assert Attack("brazil", "peru", 1) in moves
    assert Attack("brazil", "north_africa", 1) not in moves
    assert Expand("brazil", "venezuela", 1) in moves


def test_the_sea_ban_survives_a_json_round_trip_DNO3():
    state, _ = _draw("DNO-3", {"china": (1, 3), "peru": (2, 4)})
    state, _ = play(state, (2, ResolveEvent("no_sea")))
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.sea_ban_until == 2
    older = state.to_json()
    del older["sea_ban_until"]
    assert GameState.from_json(older).sea_ban_until is None


# --- bots --------------------------------------------------------------------------------------


def test_the_bot_reinforces_its_most_threatened_territory_DNO2():
    state, _ = _draw("DNO-2", {"china": (1, 3), "japan": (1, 2), "kamchatka": (2, 9)})
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("troops", ("japan",))


def test_the_bot_demolishes_the_leaders_hq_when_nothing_is_threatened_DNO2():
    armies = {"china": (1, 3), "peru": (2, 2), "argentina": (2, 9)}
    state, _ = _draw("DNO-2", armies, hqs={"peru": 2})
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("demolish_hq", ("peru",))


def test_the_bot_closes_the_sea_lines_otherwise_DNO2():
    state, _ = _draw("DNO-2", {"china": (1, 3), "peru": (2, 2)})
    assert HeuristicBot(1).choose(state, 1) == ResolveEvent("no_sea")


def test_a_bot_game_with_the_box_bottom_open_and_named_cards_finishes_DNO1():
    drawn = 0
    for seed in (1, 2):
        world = PackOpened("do_not_open", 1, "test").apply(customized_world(seed))
        world = CardsNamed(tuple(person(i) for i in range(4)), 1).apply(world)
        seats = [SeatSpec(person(i), f"Bot {i + 1}") for i in range(4)]
        state = new_game(world, seats, seed=seed, game_number=1)
        bots = make_bots(["heuristic"] * 4, seed)
        for _ in range(6000):
            if state.is_over:
                break
            seat = seats_to_act(state)[0]
            state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
        assert state.is_over
        drawn += sum(e.card.startswith("DNO") for e in _resolved(state))
    assert drawn
