"""The poll of the game panel answers only for the games of the campaign in its URL: a member
of one campaign learns nothing of another's games (their versions) and takes no overdue
default there (X-6)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.services.campaigns import campaign_create, person_create
from campaign.services.digital.start import SeatRequest, digital_game_start
from tests.campaign.digital.conftest import HOTSEAT_SESSION, play_until

HOTSEAT = GameSeat.Kind.HOTSEAT


@pytest.fixture
def other_game(outsider) -> DigitalGame:
    """A bots' game of a private campaign the test campaign's members do not belong to."""
    other = campaign_create(owner=outsider, name="Another table", is_public=False)
    seats = [SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(3)]
    return digital_game_start(campaign=other, user=outsider, seats=seats, seed=3)


def _poll(campaign, game: DigitalGame) -> str:
    return reverse(
        "campaign:digital_game_panel", kwargs={"slug": campaign.slug, "game_id": game.pk}
    )


def test_polling_another_campaigns_game_is_404_whatever_the_version(
    owner_client, campaign, other_game
):
    url = _poll(campaign, other_game)
    for version in (other_game.version, other_game.version + 1, 0):
        assert owner_client.get(url, {"v": version}).status_code == 404


def test_polling_another_campaigns_game_takes_no_overdue_default_X6(
    owner_client, campaign, outsider
):
    other = campaign_create(owner=outsider, name="Another table", is_public=False)
    seats = [
        SeatRequest(person=person_create(campaign=other, display_name=name), kind=HOTSEAT)
        for name in ("Ann", "Ben", "Cat")
    ]
    game = digital_game_start(
        campaign=other, user=outsider, seats=seats, seed=7, session_key=HOTSEAT_SESSION
    )
    game = play_until(game, outsider, "attack_defender_dice")
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    moves = GameMove.objects.filter(game=game).count()
    response = owner_client.get(_poll(campaign, game), {"v": game.version})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.state["phase"] == "attack_defender_dice"
    assert GameMove.objects.filter(game=game).count() == moves
