"""`game_result` for the stand-alone rule sets: who won, how (CL-20, CL-24, CL-31, IN-11) and
each seat's outcome, with no Legacy world events; the game's view says the same at the end."""

from __future__ import annotations

from rules.game import game_result
from rules.simulate import play_game
from rules.variants import objectives
from rules.variants.common import headquarters_won
from rules.variants.view import variant_view


def test_cl_24_a_two_player_classic_game_is_won_by_knocking_the_opponent_out():
    state = play_game(4, ["heuristic"] * 2, rule_set="classic").state
    result = game_result(state)
    loser = 1 - result.winner_seat
    assert result.ended_by == "domination" and result.world_events == []
    assert result.seats[result.winner_seat].outcome == "won"
    assert result.seats[loser].outcome == "eliminated"


def test_cl_31_a_shorter_classic_game_is_won_by_the_headquarters():
    options = {"short_game": "all_hqs"}
    state = play_game(4, ["heuristic"] * 4, rule_set="classic", options=options).state
    result = game_result(state)
    assert result.ended_by == "headquarters" and headquarters_won(state, result.winner_seat)
    assert [s.outcome for s in result.seats].count("won") == 1


def test_in_11_an_invasion_objective_win_is_told_and_shown_to_everyone():
    options = {"mode": "objectives"}
    state = play_game(2, ["heuristic"] * 3, rule_set="invasion", options=options).state
    result = game_result(state)
    assert result.ended_by == "objective" and objectives.met(state, result.winner_seat)
    other = (result.winner_seat + 1) % 3
    view = variant_view(state, other)
    assert view["result"] == {"winner": result.winner_seat, "ended_by": "objective"}
    assert str(result.winner_seat) in view["table"]["objectives"]
