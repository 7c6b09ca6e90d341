"""Fewer actions for a later game (issue 21, item 14): "held at the end" starts as each
faction's start (END-6), and each player's reward of the last game is chosen again where the
rules still offer it on the same target (END-5, END-6); one no longer possible is not copied,
and the page says which were copied and which were not."""

from __future__ import annotations

import re

import pytest

from campaign.services.game_log.record import game_log
from rules.rewards import RewardChoice
from tests.campaign.log.factories import (
    later_game_players,
    log_step,
    three_player_entry,
    with_player,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_1(campaign, owner, persons):
    """The player held on with a coin on Central Africa (congo), the viewer on Peru (H2)."""
    entry = with_player(three_player_entry(persons), 1, reward=RewardChoice("H2", "congo"))
    entry = with_player(
        entry, 2, troops_at_end=True, held=("peru",), reward=RewardChoice("H2", "peru")
    )
    game_log(campaign=campaign, user=owner, entry=entry)
    return campaign


def _selected(page: str, name: str) -> list[str]:
    field = re.search(rf'<select name="{name}".*?</select>', page, re.DOTALL).group(0)
    return re.findall(r'<option value="([^"]*)"[^>]*selected', field)


def _to_outcome(client, campaign, persons) -> None:
    players = later_game_players(persons, "2026-02-10")
    assert client.post(log_step(campaign, "players"), players).status_code == 302
    assert client.post(log_step(campaign, "during"), {}).status_code == 302


def test_each_faction_held_its_start_unless_told_otherwise_END6(game_1, player_client, persons):
    _to_outcome(player_client, game_1, persons)
    page = player_client.get(log_step(game_1, "outcome")).content.decode()
    assert _selected(page, "h_khan_industries") == ["congo"]
    assert _selected(page, "h_saharan_republic") == ["argentina"]

    # Marked off the board, the start filled in for it is dropped; one picked is refused (G-6).
    off = {"winner": "die_mechaniker", "t_die_mechaniker": "on", "t_khan_industries": "on"}
    refused = player_client.post(
        log_step(game_1, "outcome"), {**off, "h_saharan_republic": ["peru"]}
    )
    assert refused.status_code == 200
    assert "holds no territory" in refused.content.decode()
    kept = player_client.post(
        log_step(game_1, "outcome"), {**off, "h_saharan_republic": ["argentina"]}
    )
    assert kept.status_code == 302


def test_last_games_rewards_are_copied_only_where_still_offered_END5_END6(
    game_1, player_client, persons
):
    _to_outcome(player_client, game_1, persons)
    outcome = {
        "winner": "die_mechaniker",
        "t_die_mechaniker": "on",
        "t_khan_industries": "on",
        "t_saharan_republic": "on",
        "h_khan_industries": ["egypt"],  # Central Africa no longer held: its coin is not copied
        "h_saharan_republic": ["peru", "argentina"],
    }
    assert player_client.post(log_step(game_1, "outcome"), outcome).status_code == 302
    page = player_client.get(log_step(game_1, "rewards")).content.decode()

    copied, not_copied = page.split("Not copied from game 1")
    assert "vera_viewer: Add a coin to a territory card (H2) on Peru" in copied
    assert "pete_player: Add a coin to a territory card (H2) on Central Africa" in not_copied
    assert "olga_owner: Found a Major City (R2) on Brazil" in not_copied  # Rio stands there
    assert _selected(page, "hr_saharan_republic_code") == ["H2"]
    assert _selected(page, "hr_saharan_republic_target") == ["peru"]
    # Not copied: the single territory held takes the coin, as before (END-6 H2).
    assert _selected(page, "hr_khan_industries_target") == ["egypt"]
    assert _selected(page, "wr_target") == [""]  # the new city's place is still to choose
