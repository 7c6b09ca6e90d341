"""A whole campaign of bot games through the services: CPU seconds of `simulate_campaign`.

Run `.venv/bin/python bench/simulate_campaign.py [--games 15] [--rounds 3]`. It builds its own
test database (SQLite in memory, or `test_<name>` of `DATABASE_URL`), so it never touches a
real one. Each round runs the command once (a new campaign, seed `--seed`) and, beside it, the
same number of four-bot games in the engine alone (`rules.simulate`), so the ratio shows what
the services add to the rules. Times are CPU seconds of this process; nothing is asserted.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from config.celery import app  # noqa: E402
from rules.simulate import play_game, seat_kinds  # noqa: E402

CPU_SECONDS_TARGET = 5.0


def campaign_seconds(games: int, players: int, seed: int, round_: int) -> float:
    started = time.process_time()
    call_command(
        "simulate_campaign",
        games=games,
        players=players,
        seed=seed,
        name=f"Bench campaign {round_}",
        stdout=io.StringIO(),
    )
    return time.process_time() - started


def engine_seconds(games: int, players: int, seed: int) -> float:
    kinds = seat_kinds("heuristic", players)
    started = time.process_time()
    for index in range(games):
        play_game(seed + index, kinds)
    return time.process_time() - started


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} (min {min(values):.2f}, max {max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    setup_test_environment()
    app.conf.task_always_eager = True  # the unlock task runs in-process, as in the tests
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        campaign, engine = [], []
        for round_ in range(args.rounds):
            campaign.append(campaign_seconds(args.games, args.players, args.seed, round_))
            engine.append(engine_seconds(args.games, args.players, args.seed))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"{args.games} games of {args.players} bots, seed {args.seed}, {args.rounds} rounds")
    print(f"simulate_campaign, CPU s: {spread(campaign)}")
    print(f"the same number of games in the engine alone, CPU s: {spread(engine)}")
    mid = statistics.median(campaign)
    print(
        f"campaign/engine {mid / statistics.median(engine):.1f}x; target <= "
        f"{CPU_SECONDS_TARGET:.0f} s: {'met' if mid <= CPU_SECONDS_TARGET else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
