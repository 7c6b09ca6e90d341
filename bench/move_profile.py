"""Where a move POST's server CPU goes, part by part, beside the bare authenticated DRF view.

Run `.venv/bin/python bench/move_profile.py [--moves 300]`. The same hot-seat game and requests
as `bench/moves.py`, each move POST and a bare view GET in turn, both under cProfile on the CPU
clock (which slows everything alike, several times over: read the shares, not the
milliseconds). Prints each part of a move as profiled milliseconds per request and its share of
the move, with the bare view's whole cost for scale. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import override_settings, setup_test_environment

from bench.moves import table

# Functions whose cumulative time makes a part, by (file ending, function name).
MOVE_SUBMIT = ("campaign/services/digital/moves.py", "move_submit")
LOCKED_READ = ("campaign/services/digital/moves.py", "locked_for_move")
RULES = ("campaign/services/digital/moves.py", "player_move")
AFTER_MOVE = ("campaign/services/digital/moves.py", "_advance")
ANSWER = ("campaign/api/digital.py", "_state_for")
WORDS = ("campaign/wording.py", "worded_events")
VIEW = ("rest_framework/views.py", "dispatch")
WHOLE = ("django/test/client.py", "request")


def cumulative(stats: pstats.Stats, where: tuple[str, str]) -> float:
    """The cumulative seconds of a function (0 if it never ran)."""
    found = [
        row[3]
        for (path, _line, name), row in stats.stats.items()  # type: ignore[attr-defined]
        if path.endswith(where[0]) and name == where[1]
    ]
    return max(found, default=0.0)


def parts(move: pstats.Stats) -> list[tuple[str, float]]:
    whole, view = cumulative(move, WHOLE), cumulative(move, VIEW)
    submit, answer = cumulative(move, MOVE_SUBMIT), cumulative(move, ANSWER)
    words = cumulative(move, WORDS)
    locked, rules, after = (cumulative(move, w) for w in (LOCKED_READ, RULES, AFTER_MOVE))
    return [
        ("middlewares, session, user (as the bare view)", whole - view),
        ("DRF: body, validation, rendering", view - submit - answer - words),
        ("game read under its lock, seats, role", locked),
        ("rules: the move parsed and applied", rules),
        ("after it: bots, clock, notices, writes", after),
        ("begin, commit, the push to the pages", submit - locked - rules - after),
        ("answer: the seat's view, legal moves", answer),
        ("answer: events in the reader's words", words),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(ROOT_URLCONF="bench.urls", DEBUG=False):
            run(args.moves)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(moves: int) -> None:
    owner = get_user_model().objects.create_user("bench", "bench@example.com", "bench-password")
    game = table("Game 1", owner, 0)
    move_profile = cProfile.Profile(time.process_time)
    bare_profile = cProfile.Profile(time.process_time)
    for _ in range(moves):
        body = game.next_move()
        move_profile.runcall(game.post, body)
        bare_profile.runcall(game.client.get, "/bench/ok/")
    move, bare = pstats.Stats(move_profile), pstats.Stats(bare_profile)
    total, bare_total = cumulative(move, WHOLE), cumulative(bare, WHOLE)
    print(f"{connection.vendor}, {moves} move POSTs and bare GETs, profiled (CPU clock)")
    print(f"{'part of a move':<48} {'ms':>6} {'share':>6}")
    for name, seconds in parts(move):
        print(f"{name:<48} {seconds / moves * 1000:>6.2f} {seconds / total:>6.1%}")
    print(f"{'the whole move':<48} {total / moves * 1000:>6.2f} {1:>6.1%}")
    bare_view = cumulative(bare, VIEW)
    for name, seconds in (("the bare view, whole", bare_total), ("the bare view's DRF", bare_view)):
        print(f"{name:<48} {seconds / moves * 1000:>6.2f} {seconds / total:>6.1%}")


if __name__ == "__main__":
    main()
