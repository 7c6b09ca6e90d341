"""`python -m rules.simulate`: deterministic output, every game won, the move cap reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rules.simulate import customized_world, main

ROOT = Path(__file__).resolve().parents[2]


def _simulate(*args: str, hash_seed: int) -> str:
    """Run the CLI in a fresh process; a different PYTHONHASHSEED changes the iteration order
    of every set of strings, which must not change a game."""
    done = subprocess.run(
        [sys.executable, "-m", "rules.simulate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
    )
    return done.stdout


def test_json_output_is_the_same_byte_for_byte_and_every_game_has_a_winner():
    args = ("--players", "4", "--seed", "3", "--games", "3", "--json")
    first = _simulate(*args, hash_seed=1)
    assert _simulate(*args, hash_seed=2) == first
    *games, summary = [json.loads(line) for line in first.splitlines()]
    assert [g["seed"] for g in games] == [3, 4, 5]
    for game in games:
        assert game["winner"] in range(4) and not game["capped"]
        assert game["outcomes"][game["winner"]] == "won"
        assert game["red_stars"][game["winner"]] >= 4 or game["outcomes"].count("eliminated") == 3
    assert summary["games"] == summary["finished"] == 3 and summary["capped"] == 0
    assert sum(summary["wins_per_seat"]) == 3


def test_random_and_heuristic_bots_play_the_same_games_in_every_process():
    args = ("--players", "5", "--seed", "1", "--games", "4", "--bots", "mixed", "--json")
    assert _simulate(*args, "--veterans", "2", hash_seed=1) == _simulate(
        *args, "--veterans", "2", hash_seed=2
    )


def test_mixed_bots_and_veterans_on_five_seats(capsys):
    assert main(["--players", "5", "--seed", "1", "--games", "2", "--bots", "mixed"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 2 finished, 0 capped" in out
    assert main(["--players", "3", "--games", "1", "--veterans", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["winner"] is not None


def test_a_game_that_hits_the_move_cap_is_reported_and_fails_the_run(capsys):
    assert main(["--games", "1", "--max-moves", "10", "--json"]) == 1
    game, summary = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert game["capped"] and game["winner"] is None
    assert summary["capped"] == 1


def test_the_world_is_customized_from_the_seed_p2_p3():
    world = customized_world(7)
    assert world.customized
    assert sum(world.card_coins.values()) == 42 + 12
    assert customized_world(7) == world != customized_world(8)
