"""Bot levels (issue 20): the normal bot is the heuristic bot move for move, every level
decides from the state and its seed alone, and the hard bot reads the exact odds (X-7, X-8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bot_levels import LEVELS, HardBot, bot_for
from rules.bots import HeuristicBot
from rules.game import Move, SeatSpec, apply_move, new_game, seats_to_act
from rules.odds import attack_until, fight_with
from rules.simulate import customized_world, person
from rules.world import Scar

from .game.helpers import position, with_world


def moves_of(make, seed: int, players: int = 4, limit: int = 400) -> list[tuple[int, Move]]:
    world = customized_world(seed)
    seats = [SeatSpec(person=person(i), name=f"Bot {i + 1}") for i in range(players)]
    state = new_game(world, seats, seed=seed, game_number=world.next_game_number)
    bots = [make(seed * 101 + seat) for seat in range(players)]
    played = []
    while not state.is_over and len(played) < limit:
        seat = seats_to_act(state)[0]
        move = bots[seat].choose(state, seat)
        state, _ = apply_move(state, seat, move)
        played.append((seat, move))
    return played


def test_the_normal_level_is_the_heuristic_bot_move_for_move():
    assert moves_of(lambda s: bot_for("normal", s), 5) == moves_of(HeuristicBot, 5)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(1, 10_000), level=st.sampled_from(LEVELS))
def test_every_level_plays_the_same_game_from_the_same_seed(seed: int, level: str):
    make = lambda s: bot_for(level, s)  # noqa: E731
    assert moves_of(make, seed, limit=150) == moves_of(make, seed, limit=150)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown bot level"):
        bot_for("grandmaster", 1)


def test_the_hard_bot_counts_a_bunker_where_the_normal_bot_does_not_x8():
    scar = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1)}
    state = with_world(position(armies={"argentina": (0, 6), "brazil": (1, 4)}), scars=scar)
    hard = HardBot(1)._chance(state, 0, "argentina", "brazil", 5)
    normal = HeuristicBot(1)._chance(state, 0, "argentina", "brazil", 5)
    assert hard == attack_until(fight_with(scar="bunker"), 5, 4).conquer
    assert hard < normal
