"""Engine benchmark: four-bot games on a Legacy world with every pack open, beside the same
games on a world whose box holds the base game only.

Run `.venv/bin/python bench/engine.py [--games 10] [--rounds 5]`. Each round plays the games on
both worlds, one after the other (interleaved, so a busy machine slows both alike), then
replays the recorded moves with no bot thinking (the engine alone). Times are CPU seconds of
this process. Prints min/median/max over the rounds, the ratio of the Legacy figures to the
base ones, and each figure against the target of issue 18. Nothing here is asserted (tests
never time things).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.game import apply_move
from rules.simulate import GameRun, customized_world, legacy_world, play_game, seat_kinds
from rules.world import World

MOVES_PER_SECOND_TARGET = 50_000
GAME_MS_TARGET = 30.0


def play(
    seeds: range, kinds: list[str], world: Callable[[int], World]
) -> list[tuple[float, GameRun]]:
    """Each game with its CPU milliseconds (the world is built before the clock starts)."""
    played = []
    for seed in seeds:
        board = world(seed)
        started = time.process_time()
        run = play_game(seed, kinds, world=board)
        played.append(((time.process_time() - started) * 1000, run))
    return played


def replay_rate(runs: list[GameRun]) -> float:
    """Moves per CPU second applying the recorded moves again."""
    started = time.process_time()
    for run in runs:
        state = run.initial
        for seat, move in run.moves:
            state, _ = apply_move(state, seat, move)
    return sum(len(r.moves) for r in runs) / (time.process_time() - started)


def spread(values: list[float], form: str) -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"median {mid:{form}} (min {low:{form}}, max {high:{form}})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games per world and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    kinds = seat_kinds(args.bots, args.players)
    seeds = range(args.seed, args.seed + args.games)
    worlds = {"legacy": legacy_world, "base": customized_world}

    game_ms: dict[str, list[float]] = {name: [] for name in worlds}
    rates: dict[str, list[float]] = {name: [] for name in worlds}
    moves: dict[str, list[int]] = {name: [] for name in worlds}
    capped = {name: 0 for name in worlds}
    for _ in range(args.rounds):
        for name, world in worlds.items():
            played = play(seeds, kinds, world)
            runs = [run for _, run in played]
            game_ms[name].append(statistics.median(ms for ms, _ in played))
            rates[name].append(replay_rate(runs))
            moves[name] = [len(r.moves) for r in runs]
            capped[name] = sum(r.capped for r in runs)

    print(f"{args.games} games of {args.players} {args.bots} bots per world, seeds ", end="")
    print(f"{seeds.start}..{seeds.stop - 1}, {args.rounds} interleaved rounds (CPU time)")
    for name in worlds:
        print(
            f"{name:>6} world: {statistics.median(moves[name]):.0f} moves a game (median), "
            f"{capped[name]} capped"
        )
    legacy_ms, base_ms = statistics.median(game_ms["legacy"]), statistics.median(game_ms["base"])
    legacy_rate, base_rate = statistics.median(rates["legacy"]), statistics.median(rates["base"])
    print("whole four-bot game, median per round, ms:")
    for name in worlds:
        print(f"  {name:>6}: {spread(game_ms[name], '.1f')}")
    print(
        f"  legacy/base {legacy_ms / base_ms:.2f}x; target <= {GAME_MS_TARGET:.0f} ms: "
        f"{'met' if legacy_ms <= GAME_MS_TARGET else 'NOT met'}"
    )
    print("engine alone (replaying the recorded moves), moves per second:")
    for name in worlds:
        print(f"  {name:>6}: {spread(rates[name], ',.0f')}")
    print(
        f"  legacy/base {legacy_rate / base_rate:.2f}x; target >= {MOVES_PER_SECOND_TARGET:,}: "
        f"{'met' if legacy_rate >= MOVES_PER_SECOND_TARGET else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
