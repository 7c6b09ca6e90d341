"""Building game states for rule tests: worlds, seated games, board positions and rigged dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.game import GameState, SeatSpec, TurnFlags, apply_move, new_game
from rules.game.moves import Move
from rules.rng import SplitMix64
from rules.world import World

FACTIONS = [
    "die_mechaniker",
    "enclave_of_the_bear",
    "imperial_balkania",
    "khan_industries",
    "saharan_republic",
]


def seat_specs(count: int) -> list[SeatSpec]:
    return [SeatSpec(f"p{i}", f"Player {i}") for i in range(count)]


def fresh_game(count: int = 3, *, seed: int = 1, world: World | None = None) -> GameState:
    return new_game(world or World(), seat_specs(count), seed=seed, game_number=1)


def position(
    *,
    armies: dict[str, tuple[int, int]],
    hqs: dict[str, int] | None = None,
    seats: int = 3,
    world: World | None = None,
    phase: str = "expand_attack",
    current: int = 0,
    seed: int = 1,
    turn: TurnFlags | None = None,
    **seat_changes: Any,
) -> GameState:
    """A mid-game state: seat i plays FACTIONS[i], troops as given, `current` to act in
    `phase`. `seat_changes` like `seat0={"cards": ("coin",)}` adjust single seats."""
    state = fresh_game(seats, seed=seed, world=world).clone()
    for index in range(seats):
        state.set_seat(index, faction=FACTIONS[index], start=None, scar_card=None)
    for key, changes in seat_changes.items():
        state.set_seat(int(key.removeprefix("seat")), **changes)
    state.armies = dict(armies)
    state.hqs = dict(hqs or {})
    state.phase = phase
    state.pending = None
    state.current_seat = current
    state.first_seat = 0
    state.turn_number = 1
    state.turn = turn or TurnFlags()
    return state


def play(state: GameState, *moves: tuple[int, Move]) -> tuple[GameState, list]:
    events: list = []
    for seat, move in moves:
        state, produced = apply_move(state, seat, move)
        events.extend(produced)
    return state, events


def rig_dice(state: GameState, *rolls: list[int]) -> GameState:
    """The same state with a generator position whose next dice are `rolls` (each roll is a
    group compared sorted, as the engine sorts each side's dice)."""
    wanted = [sorted(r, reverse=True) for r in rolls]
    for candidate in range(1, 5_000_000):
        rng = SplitMix64(candidate * 0x9E3779B97F4A7C15)
        start = rng.state
        if all(sorted(rng.dice(len(r)), reverse=True) == r for r in wanted):
            new = state.clone()
            new.rng = start
            return new
    raise AssertionError("no generator position found")


def with_world(state: GameState, **changes: Any) -> GameState:
    new = state.clone()
    new.world = replace(new.world, **changes)
    return new
