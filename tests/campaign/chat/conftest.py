"""Fixtures of chat: a digital game of the shared test campaign (the owner and the player on
their own browsers, one bot), addresses of both chats, and rate counters emptied per test
(users of different tests may share an id)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.chat import chat_rate_key
from campaign.services.digital.start import SeatRequest, digital_game_start


@pytest.fixture(autouse=True)
def _fresh_rate_counts(owner, player, viewer, outsider):
    """Only these people's counts: the cache may be a Redis other tests share."""
    keys = [chat_rate_key(user.pk) for user in (owner, player, viewer, outsider)]
    cache.delete_many(keys)
    yield
    cache.delete_many(keys)


@pytest.fixture
def game(campaign, owner, persons) -> DigitalGame:
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    return digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)


def game_chat_url(game: DigitalGame) -> str:
    return reverse(
        "campaign:digital_game_chat", kwargs={"slug": game.campaign.slug, "game_id": game.pk}
    )


def campaign_chat_url(campaign) -> str:
    return reverse("campaign:campaign_chat", kwargs={"slug": campaign.slug})
