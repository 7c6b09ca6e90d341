"""Bot levels chosen per seat (issue 20): the new-game form stores each bot seat's level, seats
stored before levels play as the normal bot, and the levels the pages offer are the engine's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from rules.bot_levels import LEVELS

pytestmark = pytest.mark.django_db


def test_the_seat_levels_are_the_engines_levels():
    assert tuple(GameSeat.BotLevel.values) == LEVELS


def test_the_new_game_form_stores_each_bot_seats_level(owner_client, campaign):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    seats = {f"seat{i}_kind": "bot" for i in range(3)} | {
        "seat0_level": "hard",
        "seat2_level": "easy",
    }
    response = owner_client.post(url, seats)
    assert response.status_code == 302
    game = DigitalGame.objects.get(campaign=campaign)
    assert [s.bot_level for s in game.seats.order_by("index")] == ["hard", "normal", "easy"]
    # Only bots at the table: they play the game to its end at once.
    assert game.status != DigitalGame.Status.PLAYING
    assert GameMove.objects.filter(game=game, actor=GameMove.Actor.BOT).exists()


def test_an_unknown_level_is_refused_in_words_and_nothing_starts(owner_client, campaign):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    seats = {f"seat{i}_kind": "bot" for i in range(3)} | {"seat1_level": "grandmaster"}
    response = owner_client.post(url, seats)
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert not DigitalGame.objects.filter(campaign=campaign).exists()


def test_the_new_game_page_offers_the_levels_in_spanish(owner_client, campaign):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    page = owner_client.get(url, HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9").content.decode()
    assert "Nivel del bot" in page
    assert "Difícil" in page and "Fácil" in page
