"""`GamesBroughtIn`: the games played before a campaign's record began (S-1); `FactionWinBroughtIn`:
which faction won one of them, where known (S-10)."""

from __future__ import annotations

from rules.lead_faction import lead_among
from rules.world import World
from rules.world_events import VictorSigned
from rules.world_events.bring_in import FactionWinBroughtIn, GamesBroughtIn
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


def test_a_faction_win_brought_in_is_a_won_row_on_its_card_back_s10_e125s():
    """Game 2 was won by Die Mechaniker, by whom nobody remembers: the card's back counts the
    win (the lead faction reads it, E125s), with no player and no start on the row."""
    world = GamesBroughtIn(6, 7).apply(_customized())

    world = FactionWinBroughtIn(2, "die_mechaniker", None).apply(world)
    world = FactionWinBroughtIn(3, "die_mechaniker", "bo").apply(world)

    assert world.wins("die_mechaniker") == 2
    row = world.faction_records[0]
    assert (row.game, row.player, row.start, row.outcome) == (2, None, None, "won")
    assert world.faction_records[1].player == "bo"
    assert lead_among(world, ["die_mechaniker", "khan_industries"]).faction == "die_mechaniker"


def test_a_faction_win_brought_in_is_refused_when_it_cannot_be_s1_end2():
    world = GamesBroughtIn(6, 7).apply(_customized())
    world = FactionWinBroughtIn(2, "die_mechaniker", None).apply(world)

    def codes(event):
        return [v.code for v in event.check(world)]

    assert codes(FactionWinBroughtIn(2, "khan_industries", None)) == ["one_winner"]
    assert codes(FactionWinBroughtIn(7, "khan_industries", None)) == ["game_number"]
    assert codes(FactionWinBroughtIn(0, "khan_industries", None)) == ["game_number"]
    assert codes(FactionWinBroughtIn(3, "atlantis", None)) == ["unknown_faction"]
    assert codes(FactionWinBroughtIn("3", {"x": 1}, 5)) == ["bad_event"]  # type: ignore[arg-type]
