"""`GamesBroughtIn`: the games played before a campaign's record began (S-1)."""

from __future__ import annotations

from rules.bring_in_world_events import GamesBroughtIn
from rules.world import World
from rules.world_events import VictorSigned
from tests.campaign.worlds import first_powers, game, pregame_coins


def _customized() -> World:
    world = World()
    for event in [*first_powers(), pregame_coins()]:
        world = event.apply(world)
    return world


def test_six_games_brought_in_make_the_next_game_game_7_s1():
    world = GamesBroughtIn(6, 7).apply(_customized())

    assert world.next_game_number == 7
    assert game(7, ["ann", "bo", "cy"]).check(world) == []
    assert [v.code for v in game(6, ["ann", "bo", "cy"]).check(world)] == ["game_number"]


def test_a_game_with_unknown_winner_leaves_its_victors_line_blank_end4():
    world = GamesBroughtIn(6, 7).apply(_customized())
    world = VictorSigned("ann", 1, "", "").apply(world)

    assert [s.game for s in world.signatures] == [1]
    assert VictorSigned("bo", 2, "", "").check(world) == []


def test_games_are_brought_in_only_before_the_first_recorded_game_s1():
    world = game(1, ["ann", "bo", "cy"]).apply(_customized())

    assert [v.code for v in GamesBroughtIn(6, 7).check(world)] == ["record_started"]


def test_the_next_game_must_follow_the_count_s1():
    assert [v.code for v in GamesBroughtIn(6, 9).check(World())] == ["game_number"]
    assert [v.code for v in GamesBroughtIn(0, 1).check(World())] == ["game_count"]
