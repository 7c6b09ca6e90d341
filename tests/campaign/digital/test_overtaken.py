"""A digital game started before a table game was logged is told, on its page, that it will
now be game N+1 (S-1: games are numbered as they are recorded), what the world recorded in
between, and is offered to go on or to restart on today's board."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.digital_overtaken import digital_overtaken
from campaign.selectors.world import world_current
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from campaign.services.game_log.record import game_log
from rules.rewards import RewardChoice

pytestmark = pytest.mark.django_db


@pytest.fixture
def bots_game(campaign, owner) -> DigitalGame:
    return digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 3, seed=3
    )


def _log_table_game(campaign, owner, persons, guest_person) -> None:
    table = [
        ("die_mechaniker", persons["owner"], "alaska"),
        ("khan_industries", persons["player"], "brazil"),
        ("saharan_republic", guest_person, "india"),
    ]
    game_log(
        campaign=campaign,
        user=owner,
        entry=GameLogEntry(
            played_on=datetime.date(2026, 11, 1),
            players=tuple(PlayerEntry(faction=f, person=p.key, start=t) for f, p, t in table),
            winner="die_mechaniker",
            winner_reward=RewardChoice("R6", "peru"),
        ),
    )


def test_a_game_still_next_is_told_nothing(bots_game, owner_client):
    assert digital_overtaken(game=bots_game) is None
    page = owner_client.get(bots_game.get_absolute_url()).content.decode()
    assert "will now be game" not in page


def test_a_table_game_logged_meanwhile_makes_it_game_two_and_says_what_changed_S1(
    bots_game, campaign, owner, persons, guest_person, owner_client
):
    _log_table_game(campaign, owner, persons, guest_person)

    overtaken = digital_overtaken(game=bots_game)
    assert (overtaken.started_as, overtaken.recorded_as) == (1, 2)
    assert any("Game 1 played on 2026-11-01" in c for c in overtaken.changes)
    page = owner_client.get(bots_game.get_absolute_url()).content.decode()
    assert "This game will now be game 2" in page
    assert "Game 1 played on 2026-11-01" in page
    assert "Restart on today's board" in page


def test_restarting_abandons_it_without_changing_the_world_S1(
    bots_game, campaign, owner, persons, guest_person, owner_client
):
    _log_table_game(campaign, owner, persons, guest_person)
    before = world_current(campaign=campaign)
    response = owner_client.post(
        reverse(
            "campaign:digital_game_abandon", kwargs={"slug": campaign.slug, "game_id": bots_game.pk}
        )
    )
    assert response["Location"] == reverse(
        "campaign:digital_game_new", kwargs={"slug": campaign.slug}
    )
    bots_game.refresh_from_db()
    assert bots_game.status == DigitalGame.Status.ABANDONED
    assert digital_overtaken(game=bots_game) is None
    assert world_current(campaign=campaign) == before
