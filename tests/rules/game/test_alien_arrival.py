"""Pocket 2's opening in digital play (U-7, T-12; K180s-K186) and Alien Island as a territory
of the game: reached by its two sea lines only, counted for recruiting, its card in the deck,
a legal start when empty, and a state holding it that survives JSON."""

from __future__ import annotations

import json

import pytest

from rules import board_links
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    AcknowledgePack,
    Attack,
    Expand,
    GameState,
    PlaceAlienIsland,
    Recruit,
    apply_move,
    legal_moves,
    new_game,
    seats_to_act,
)
from rules.game.common import legal_starts
from rules.game.turn import base_recruits
from rules.world import World
from rules.world_events.pockets import AlienIslandPlaced
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2

from .helpers import play, position, seat_specs, with_world

ISLAND = "alien_island"
CARDS = ("peru", "brazil", "egypt", "siam", "india")


def _about_to_open(world: World | None = None, **seat0) -> GameState:
    """Seat 0 (Die Mechaniker) recruits 33 troops holding a missile: Pocket 2 opens (U-7)."""
    state = position(
        armies={"alaska": (0, 1), "kamchatka": (1, 2), "ural": (2, 2)},
        phase="start_of_turn",
        world=world,
        seat0={"cards": CARDS, "missiles": 1, **seat0},
    )
    state = with_world(state, card_coins={**state.world.card_coins, **dict.fromkeys(CARDS, 2)})
    state, _ = play(state, (0, Recruit(CARDS)), (0, AcknowledgePack("pocket_2")))
    return state


def _island_world(**options) -> World:
    return with_pocket_2(World(), **options)


# --- the opening sequence (K180s-K184) -----------------------------------------------------------


def test_after_the_pocket_opens_the_recruiting_player_places_alien_island_first_U7_K181():
    state = _about_to_open()
    assert state.phase == "alien_island_placement" and seats_to_act(state) == [0]
    moves = legal_moves(state, 0)
    ends = {end for move in moves for end in (move.territory, move.target)}
    # Two different coastal territories, in either order.
    assert all(isinstance(m, PlaceAlienIsland) and m.territory != m.target for m in moves)
    assert "irkutsk" not in ends and "afghanistan" not in ends
    assert len(moves) == 40 * 39
    assert board_links.ALIEN_ISLAND not in state.armies  # no troop placed before the island


def test_placing_the_island_lands_all_recruits_with_10_aliens_and_records_it_K182s_K183():
    state = _about_to_open()
    state, events = play(state, (0, PlaceAlienIsland("western_australia", "brazil")))
    assert state.owner(ISLAND) == 0 and state.troops(ISLAND) == 33 + 10
    assert state.turn.recruits_left == 0 and state.phase == "expand_attack"
    assert state.world.alien_island == ("western_australia", "brazil")
    # K180s: the recruiting faction is now the Alien Collaborator (its yellow slot).
    assert state.world.faction_scars["die_mechaniker"].kind == "alien_collaborator"
    recorded = state.world_events[-1]
    assert isinstance(recorded, AlienIslandPlaced)
    assert (recorded.faction, recorded.person, recorded.game) == ("die_mechaniker", "p0", 1)
    assert events[-1].type == "alien_island_placed" and events[-1].data["troops"] == 43


def test_the_island_card_K186_is_shuffled_into_this_games_deck_worth_3_coins():
    before = _about_to_open()
    state, _ = play(before, (0, PlaceAlienIsland("brazil", "japan")))
    assert ISLAND in state.draw_pile and len(state.draw_pile) == len(before.draw_pile) + 1
    assert state.card_coins(ISLAND) == 3


def test_the_alien_events_and_weakness_cards_wait_for_the_next_game_K183():
    before = _about_to_open()
    state, _ = play(before, (0, PlaceAlienIsland("brazil", "japan")))
    assert state.event_deck == before.event_deck
    assert all(seat.scar_card is None for seat in state.seats)


@pytest.mark.parametrize(
    ("a", "b", "code"),
    [
        ("brazil", "brazil", "two_ends"),
        ("brazil", "irkutsk", "not_coastal"),
        ("brazil", "atlantis", "unknown_territory"),
    ],
)
def test_island_ends_must_be_two_different_coastal_territories_U7(a, b, code):
    state = _about_to_open()
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlaceAlienIsland(a, b))
    assert refused.value.code == code
    assert state.world.alien_island is None and ISLAND not in state.armies


def test_no_island_end_goes_on_the_fallout_zone_U7():
    state = _about_to_open(with_pocket_1(World(), fallout="brazil"))
    assert all("brazil" not in (m.territory, m.target) for m in legal_moves(state, 0))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlaceAlienIsland("brazil", "japan"))
    assert refused.value.code == "fallout_unchangeable"


def test_only_the_recruiting_player_places_the_island_U7():
    state = _about_to_open()
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, PlaceAlienIsland("brazil", "japan"))
    assert refused.value.code == "not_your_turn"


def test_the_bot_joins_the_island_next_to_its_own_troops_U7():
    state = _about_to_open()
    move = HeuristicBot(1).choose(state, 0)
    assert isinstance(move, PlaceAlienIsland)
    assert "alaska" in (move.territory, move.target)  # its only territory
    state, _ = play(state, (0, move))
    assert state.owner(ISLAND) == 0


# --- Alien Island on the board (K185s) -----------------------------------------------------------


def test_the_island_is_reached_only_by_its_two_sea_lines_K181():
    world = _island_world(ends=("brazil", "western_australia"))
    state = position(armies={"brazil": (0, 5), "peru": (0, 5)}, world=world)
    assert board_links.neighbours(world, ISLAND) == {"brazil", "western_australia"}
    state, _ = play(state, (0, Expand("brazil", ISLAND, 3)))
    assert state.owner(ISLAND) == 0
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Expand("peru", "western_australia", 2))
    assert refused.value.code == "not_adjacent"


def test_attacks_cross_the_sea_lines_both_ways_K181():
    world = _island_world(ends=("brazil", "western_australia"))
    state = position(
        armies={ISLAND: (0, 6), "western_australia": (1, 2), "peru": (1, 2)}, world=world
    )
    attacks = [m for m in legal_moves(state, 0) if isinstance(m, Attack)]
    assert {m.target for m in attacks} == {"western_australia"}


def test_the_island_counts_as_a_territory_for_recruiting_T8():
    world = _island_world()
    held = ["alaska", "alberta", "ontario", "quebec", "greenland", "iceland", "peru", "egypt"]
    armies = {t: (0, 1) for t in [*held, "japan", "india", "siam"]}
    without = position(armies=armies, world=world)
    with_island = position(armies={**armies, ISLAND: (0, 1)}, world=world)
    assert base_recruits(without, 0) == 3  # 11 territories
    assert base_recruits(with_island, 0) == 4  # 12 with the island


def test_the_island_belongs_to_no_continent_T10():
    world = _island_world()
    state = position(armies={ISLAND: (0, 20)}, world=world, phase="start_of_turn")
    state, events = play(state, (0, Recruit()))
    assert events[0].data["continents"] == {}


def test_later_games_deal_the_island_card_and_start_the_island_empty_S2():
    world = _island_world()
    state = new_game(world, seat_specs(3), seed=4, game_number=2)
    cards = [*state.draw_pile, *state.slots]
    assert cards.count(ISLAND) == 1 and ISLAND not in state.armies


def test_an_empty_island_is_a_legal_start_it_carries_no_mark_S7():
    state = new_game(_island_world(), seat_specs(3), seed=4, game_number=2)
    assert ISLAND in legal_starts(state, 0, setup=True)


def test_before_pocket_2_the_island_is_nowhere_in_the_game_U8():
    state = position(armies={"brazil": (0, 5)})
    assert ISLAND not in legal_starts(state, 1, setup=False)
    assert ISLAND not in new_game(World(), seat_specs(3), seed=4, game_number=1).draw_pile
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Expand("brazil", ISLAND, 2))
    assert refused.value.code == "unknown_territory"
    assert "Alien" not in refused.value.message


def test_a_game_state_with_the_island_round_trips_through_json():
    waiting = _about_to_open()
    placed, _ = play(waiting, (0, PlaceAlienIsland("brazil", "japan")))
    for state in (waiting, placed):
        again = GameState.from_json(json.loads(json.dumps(state.to_json())))
        assert again == state
        assert again.to_json() == state.to_json()


def test_bots_play_on_after_the_island_rose_U7():
    state = _about_to_open()
    bots = [HeuristicBot(seed) for seed in range(3)]
    for _ in range(400):
        if state.is_over:
            break
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
        assert all(board_links.on_board(state.world, t) for t in state.armies)
    assert state.world.alien_island is not None
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_mutants_may_become_the_alien_collaborator_their_yellow_slot_is_open_K180s():
    state = _about_to_open(with_pocket_1(World()), faction="mutants")
    state, _ = play(state, (0, PlaceAlienIsland("brazil", "japan")))
    assert state.world.faction_scars["mutants"].kind == "alien_collaborator"
