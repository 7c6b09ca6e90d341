"""Bots and the engine decide from a state's content alone. PostgreSQL's jsonb gives a stored
state back with its keys in another order, so the same state with its JSON keys shuffled at
every level must bring the same choices, the same events and the same next states."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.bots import Bot
from rules.game import GameState, SeatSpec, apply_move, new_game, seats_to_act
from rules.simulate import legacy_world, make_bots, person, seat_kinds

STEPS_COMPARED = 12


def shuffled(data: Any, rng: random.Random) -> Any:
    """`data` with the keys of every object, at every level, in a random order."""
    if isinstance(data, dict):
        keys = list(data)
        rng.shuffle(keys)
        return {key: shuffled(data[key], rng) for key in keys}
    if isinstance(data, list):
        return [shuffled(item, rng) for item in data]
    return data


def stored(state: GameState, rng: random.Random | None = None) -> GameState:
    """The state as read back from the database, its keys shuffled when `rng` is given."""
    data = json.loads(json.dumps(state.to_json()))
    return GameState.from_json(shuffled(data, rng) if rng else data)


def content(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def bots(kind: str, seed: int, players: int) -> list[Bot]:
    return make_bots(seat_kinds(kind, players), seed)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(1, 100_000),
    players=st.integers(3, 5),
    moves_before=st.integers(0, 300),
    kind=st.sampled_from(["heuristic", "random", "mixed"]),
    order=st.randoms(use_true_random=False),
)
def test_a_state_whose_json_keys_were_reordered_plays_on_alike(
    seed: int, players: int, moves_before: int, kind: str, order: random.Random
) -> None:
    world = legacy_world(seed)
    seats = [SeatSpec(person=person(i), name=f"Bot {i + 1}") for i in range(players)]
    state = new_game(world, seats, seed=seed, game_number=world.next_game_number)
    players_before = bots(kind, seed, players)
    for _ in range(moves_before):
        if state.is_over:
            return
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, players_before[seat].choose(state, seat))
    plain, reordered = stored(state), stored(state, order)
    assert content(plain) == content(reordered)
    plain_bots, reordered_bots = bots(kind, seed, players), bots(kind, seed, players)
    for _ in range(STEPS_COMPARED):
        if plain.is_over:
            break
        seat = seats_to_act(plain)[0]
        assert seats_to_act(reordered)[0] == seat
        move = plain_bots[seat].choose(plain, seat)
        assert reordered_bots[seat].choose(reordered, seat) == move
        plain, events = apply_move(plain, seat, move)
        reordered, reordered_events = apply_move(reordered, seat, move)
        assert [e.to_json() for e in reordered_events] == [e.to_json() for e in events]
        assert content(reordered) == content(plain)
        # Every step of the way, as a game does, the state goes to the database and back.
        plain, reordered = stored(plain), stored(reordered, order)
