"""Building stand-alone games for rule tests: a game played by bots up to its first turn, and
board positions set by hand on top of it."""

from __future__ import annotations

from typing import Any

from rules.bots import HeuristicBot
from rules.data import rules_board
from rules.game import GameState, SeatSpec, apply_move, new_game, seats_to_act
from rules.game.moves import Move
from rules.game.state import TurnFlags
from rules.world import World

TERRITORIES = sorted(rules_board().territories)


def seats(count: int) -> list[SeatSpec]:
    return [SeatSpec(f"p{i}", f"Player {i}") for i in range(count)]


def fresh(rule_set: str = "classic", players: int = 3, seed: int = 1, **options: Any) -> GameState:
    return new_game(
        World(), seats(players), seed=seed, game_number=1, rule_set=rule_set, options=options
    )


def bots_until(state: GameState, phase: str, *, limit: int = 2000) -> GameState:
    """Bots play until the game reaches `phase`."""
    bots = [HeuristicBot(seat) for seat in range(state.seat_count)]
    for _ in range(limit):
        if state.phase == phase:
            return state
        seat = seats_to_act(state)[0]
        state, _events = apply_move(state, seat, bots[seat].choose(state, seat))
    raise AssertionError(f"never reached {phase}")


def first_turn(rule_set: str = "classic", players: int = 3, seed: int = 1, **options: Any):
    return bots_until(fresh(rule_set, players, seed, **options), "cl_reinforce")


def board(
    state: GameState,
    owners: dict[str, tuple[int, int]],
    *,
    rest: int = 0,
    phase: str = "cl_attack",
    seat: int = 0,
    recruits: int = 0,
    **seat_changes: Any,
) -> GameState:
    """`state` with the given territories' armies; every other territory holds 1 army of seat
    `rest`. `seat_changes` like `seat0={"cards": (...)}` adjust single seats."""
    new = state.clone()
    new.armies = {t: owners.get(t, (rest, 1)) for t in TERRITORIES}
    new.__post_init__()
    for key, changes in seat_changes.items():
        new.set_seat(int(key.removeprefix("seat")), **changes)
    new.phase = phase
    new.pending = None
    new.current_seat = seat
    new.turn = TurnFlags(recruits_left=recruits)
    return new


def play(state: GameState, *moves: tuple[int, Move]) -> tuple[GameState, list]:
    events: list = []
    for seat, move in moves:
        state, produced = apply_move(state, seat, move)
        events += produced
    return state, events
