"""`python -m rules.simulate --rule-set ...`: bots finish classic games with six players by
domination (CL-20) within a bounded number of turns, and the options reach the game."""

from __future__ import annotations

import json

import pytest

from rules.simulate import main, play_game

MAX_TURNS = 400


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cl_20_six_classic_bots_play_to_world_domination(seed):
    run = play_game(seed, ["heuristic"] * 6, rule_set="classic")
    assert run.state.is_over and not run.capped
    assert run.how_won() == "domination"
    assert run.state.turn_number <= MAX_TURNS
    winner = run.winner
    assert all(run.state.owner(t) == winner for t in run.state.armies)
    assert run.state.table["trade_ins"] > 0  # CL-11: bots trade their sets


@pytest.mark.parametrize("seed", [215, 231])
def test_cl_20_five_classic_bots_with_two_seats_left_push_to_the_end(seed):
    """Seed 231 once ran past 20,000 moves: the last two seats traded single rolls while
    escalating trade-ins (CL-13) refilled both; the stronger one now masses and pushes."""
    run = play_game(seed, ["heuristic"] * 5, rule_set="classic", max_moves=10_000)
    assert run.state.is_over and not run.capped
    assert all(run.state.owner(t) == run.winner for t in run.state.armies)


def test_cl_24_two_classic_players_with_the_neutral_army_finish():
    run = play_game(4, ["heuristic"] * 2, rule_set="classic")
    assert run.state.is_over and run.winner in (0, 1)


def test_in_11_invasion_objectives_end_games(capsys):
    args = ["--rule-set", "invasion", "--players", "4", "--games", "2", "--json"]
    assert main([*args, "--option", "mode=objectives", "--option", "hand_limit=4"]) == 0
    *games, summary = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert summary["finished"] == 2
    assert all(g["rule_set"] == "invasion" and g["ended_by"] for g in games)


def test_rs_2_a_bad_option_on_the_command_line_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["--rule-set", "classic", "--players", "3", "--option", "short_game=some_hqs"])
    assert "CL-31" in capsys.readouterr().err
