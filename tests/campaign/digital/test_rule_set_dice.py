"""Verifying the dice of a stand-alone game (RS-3): its start is made again from the seed under
its own rule set and options, the neutral army of a two-player classic game included."""

from __future__ import annotations

import pytest

from campaign.selectors.dice import _start_from_seed
from rules.game import SeatSpec, new_game
from rules.world import World

SEED = "ab" * 32


@pytest.mark.parametrize(
    ("rule_set", "players", "options"),
    [
        ("classic", 2, {}),
        ("classic", 4, {"short_game": "some_hqs"}),
        ("invasion", 3, {"mode": "objectives"}),
    ],
)
def test_rs_3_a_stand_alone_games_start_is_made_again_from_its_seed(rule_set, players, options):
    seats = [SeatSpec(f"p{i}", f"Player {i}") for i in range(players)]
    start = new_game(World(), seats, seed=SEED, game_number=1, rule_set=rule_set, options=options)
    assert _start_from_seed(SEED, start) == start.to_json()
    assert _start_from_seed("cd" * 32, start) != start.to_json()
