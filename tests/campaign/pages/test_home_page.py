"""The home page: your campaigns, every public campaign (your own public ones included, marked
with your role), and on each card how far the campaign has come."""

from __future__ import annotations

import pytest

from campaign.services.world import world_event_append
from tests.campaign.worlds import first_powers, game, pregame_coins

pytestmark = pytest.mark.django_db


def _public_cards(client) -> list:
    return client.get("/").context["public_campaigns"]


def test_a_public_campaign_you_play_in_is_listed_among_the_public_ones(
    player_client, outsider_client, public_campaign
):
    mine = _public_cards(player_client)
    assert [(c.pk, role) for c, _, role in mine] == [(public_campaign.pk, "Player")]
    assert "you: player" in player_client.get("/").content.decode()
    assert [(c.pk, role) for c, _, role in _public_cards(outsider_client)] == [
        (public_campaign.pk, None)
    ]


def test_a_campaign_card_shows_the_games_played_and_packs_opened(
    owner_client, campaign, owner, persons
):
    assert "No game played yet · 0 packs opened" in owner_client.get("/").content.decode()
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(
        campaign=campaign,
        events=[*first_powers(), pregame_coins(), game(1, keys)],
        user=owner,
        source="setup",
    )
    [(_, progress)] = owner_client.get("/").context["memberships"]
    assert (progress.games_played, progress.packs_opened) == (1, 0)
    assert "1 game played · 0 packs opened" in owner_client.get("/").content.decode()
