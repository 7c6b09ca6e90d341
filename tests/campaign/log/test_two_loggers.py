"""Two loggers at once: a member drafting a game in the log form is told, on every step and on
the confirm step, that someone else is drafting the same game, before either confirms (S-1:
games are numbered in order, so only one of them can be game N)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from campaign.models import GameLogDraft
from tests.campaign.log.test_game_log_form import REWARDS, _players, _step, _walk

pytestmark = pytest.mark.django_db


def _others(page) -> bool:
    return "is also logging game" in page.content.decode()


def test_the_second_logger_is_told_who_else_logs_the_game_and_since_when_S1(
    campaign, persons, player_client, owner_client
):
    assert player_client.get(_step(campaign, "players")).status_code == 200
    GameLogDraft.objects.filter(campaign=campaign).update(
        started_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    page = owner_client.get(_step(campaign, "players")).content.decode()
    name = persons["player"].display_name
    assert f"{name} is also logging game 1 (started 5\xa0minutes ago)" in page
    # Each sees the other; nobody is warned about themself.
    mine = player_client.get(_step(campaign, "players")).content.decode()
    assert f"{persons['owner'].display_name} is also logging game 1" in mine
    assert f"{name} is also logging" not in mine


def test_the_warning_is_on_the_confirm_step_before_confirming_S1(
    campaign, persons, player_client, owner_client
):
    owner_client.get(_step(campaign, "players"))
    assert _walk(player_client, campaign, persons, REWARDS).status_code == 302
    confirm = player_client.get(_step(campaign, "confirm"))
    assert _others(confirm)
    assert "founded the major city Rio in Brazil" in confirm.content.decode()


def test_once_one_confirms_the_other_draft_is_for_the_next_game_S1(
    campaign, persons, player_client, owner_client
):
    owner_client.get(_step(campaign, "players"))
    _walk(player_client, campaign, persons, REWARDS)
    done = player_client.post(_step(campaign, "confirm"), {"confirm": "1"})
    assert done.status_code == 302
    assert not GameLogDraft.objects.filter(campaign=campaign, user=persons["player"].user).exists()
    page = owner_client.get(_step(campaign, "players"))
    assert not _others(page)
    assert "Log game 2" in page.content.decode()
    assert list(GameLogDraft.objects.values_list("game_number", flat=True)) == [2]


def test_a_discarded_or_day_old_draft_warns_nobody(campaign, persons, player_client, owner_client):
    player_client.post(_step(campaign, "players"), _players(persons))
    player_client.post(_step(campaign, "players"), {"discard": "1"})
    assert not _others(owner_client.get(_step(campaign, "players")))

    player_client.get(_step(campaign, "players"))
    GameLogDraft.objects.filter(user=persons["player"].user).update(
        touched_at=timezone.now() - datetime.timedelta(days=2)
    )
    assert not _others(owner_client.get(_step(campaign, "players")))
