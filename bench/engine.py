"""Engine benchmark: moves applied per second and milliseconds per complete 4-bot game.

Run `.venv/bin/python bench/engine.py [--games 20] [--bots heuristic]`. Prints figures only;
nothing here is asserted (tests never time things).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.game import apply_move
from rules.simulate import play_game, seat_kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    kinds = seat_kinds(args.bots, args.players)

    game_ms: list[float] = []
    runs = []
    for seed in range(args.seed, args.seed + args.games):
        started = time.perf_counter()
        run = play_game(seed, kinds)
        game_ms.append((time.perf_counter() - started) * 1000)
        runs.append(run)
    capped = sum(1 for r in runs if r.capped)

    # The engine alone: apply each game's recorded moves again, with no bot thinking.
    moves = sum(len(r.moves) for r in runs)
    replays = []
    for _ in range(3):
        started = time.perf_counter()
        for run in runs:
            state = run.initial
            for seat, move in run.moves:
                state, _ = apply_move(state, seat, move)
        replays.append(time.perf_counter() - started)
    engine_seconds = statistics.median(replays)

    # Where a game's time goes: bots choosing vs the engine applying.
    timed = [play_game(seed, kinds, timed=True) for seed in range(args.seed, args.seed + 5)]
    bot_time = sum(r.bot_seconds for r in timed)
    engine_time = sum(r.engine_seconds for r in timed)

    print(f"{args.games} games of {args.players} {args.bots} bots, seeds {args.seed}..", end="")
    print(f"{args.seed + args.games - 1}; {capped} hit the move cap")
    print(f"moves per game: median {statistics.median(len(r.moves) for r in runs):.0f}")
    print(f"complete game with bots: median {statistics.median(game_ms):.1f} ms", end="")
    print(f" (min {min(game_ms):.1f}, max {max(game_ms):.1f})")
    print(f"engine alone (replaying the moves, median of 3): {moves / engine_seconds:,.0f} moves/s")
    print(f"full games (bots + engine): {moves / (sum(game_ms) / 1000):,.0f} moves/s")
    share = bot_time / (bot_time + engine_time)
    print(f"time share over 5 games: bots {share:.0%}, engine {1 - share:.0%}")


if __name__ == "__main__":
    main()
