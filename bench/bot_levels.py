"""Bot levels benchmark: easy, normal and hard bots play each other, and each level's win rate
and thinking time per move are printed.

Run `.venv/bin/python bench/bot_levels.py [--games 100] [--players 4] [--seed 1]`. Each pairing
(hard against normal, normal against easy, hard against easy) plays `--games` games on fresh
customized worlds, the two levels on alternate seats, swapped every other game so neither
always moves first. Win rates are of the games a level's seats won out of all games in that
pairing (an even split is 50 %). Times are CPU milliseconds inside `choose`, per bot move.
Nothing here is asserted (tests never time things); hard should clearly beat normal, and
normal beat easy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.bot_levels import EASY, HARD, LEVELS, NORMAL, bot_for
from rules.game import SeatSpec, apply_move, new_game, seats_to_act
from rules.simulate import DEFAULT_MAX_MOVES, customized_world, person

PAIRINGS = ((HARD, NORMAL), (NORMAL, EASY), (HARD, EASY))


def play(seed: int, levels: list[str], times: dict[str, list[float]]) -> int | None:
    """One game to its end; the winning seat (None if capped). Adds each move's CPU time to
    `times` under the level that thought it."""
    world = customized_world(seed)
    seats = [SeatSpec(person=person(i), name=f"Bot {i + 1}") for i in range(len(levels))]
    state = new_game(world, seats, seed=seed, game_number=world.next_game_number)
    bots = [bot_for(level, seed * 101 + seat) for seat, level in enumerate(levels)]
    for _ in range(DEFAULT_MAX_MOVES):
        if state.is_over:
            return state.winner
        seat = seats_to_act(state)[0]
        started = time.process_time()
        move = bots[seat].choose(state, seat)
        times[levels[seat]].append(time.process_time() - started)
        state, _ = apply_move(state, seat, move)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    totals = {level: [0, 0] for level in LEVELS}  # games won, games played
    started = time.perf_counter()
    print(f"{args.games} games per pairing, {args.players} seats, seeds from {args.seed}")
    for first, second in PAIRINGS:
        wins = {first: 0, second: 0}
        capped = 0
        for game in range(args.games):
            pair = (first, second) if game % 2 == 0 else (second, first)
            levels = [pair[seat % 2] for seat in range(args.players)]
            winner = play(args.seed + game, levels, times)
            if winner is None:
                capped += 1
                continue
            wins[levels[winner]] += 1
        for level in (first, second):
            totals[level][0] += wins[level]
            totals[level][1] += args.games
        print(
            f"{first:>6} vs {second:<6}: {first} won {wins[first]} "
            f"({100 * wins[first] / args.games:.1f} %), {second} won {wins[second]} "
            f"({100 * wins[second] / args.games:.1f} %), {capped} capped",
            flush=True,
        )
    print("win rate over all its pairings:")
    for level in (HARD, NORMAL, EASY):
        won, played = totals[level]
        print(f"  {level:>6}: {won} of {played} games ({100 * won / played:.1f} %)")
    print("CPU ms per bot move (median, mean, max):")
    for level in (HARD, NORMAL, EASY):
        ms = [t * 1000 for t in times[level]]
        print(
            f"  {level:>6}: {statistics.median(ms):.3f}, {statistics.fmean(ms):.3f}, "
            f"{max(ms):.1f} over {len(ms)} moves"
        )
    print(f"elapsed {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
