"""The game-log API records what the pockets bring (U-6, U-7): the nuke with its pocket's
opening (J162s-J164s), Alien Island (K180s-K182s) and missile powers (J167s), and refuses a
nuke of a sealed pocket in words that name nothing of it (U-8), writing nothing."""

from __future__ import annotations

import json

import pytest

from campaign.models import WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.game_log.entry import MissilePowerEntry
from rules.world_events.pockets import NOTHING_SUCH
from tests.campaign.log.factories import api_payload, owner_wins_again, with_player
from tests.campaign.log.pocket_entries import (
    BRINGER,
    COLLABORATOR,
    FALLOUT,
    ISLAND_ENDS,
    island_game,
    nuke_game,
    pockets_opened_in_game_1,
)
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db


def _log(client, campaign, payload):
    return client.post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(payload, default=str),
        content_type="application/json",
    )


def test_the_api_logs_the_nuke_that_opened_pocket_1_J162s_J164s(campaign, persons, player_client):
    response = _log(player_client, campaign, api_payload(nuke_game(persons)))
    assert response.status_code == 201, response.content
    assert response.json()["entry"]["nukes"] == [{"territory": FALLOUT, "by_faction": BRINGER}]
    world = world_current(campaign=campaign)
    assert (world.fallout, world.bringer) == (FALLOUT, BRINGER)
    assert FALLOUT in world.destroyed_cards


def test_the_api_refuses_a_nuke_while_pocket_1_is_sealed_naming_nothing_U8(
    campaign, persons, player_client
):
    payload = api_payload(nuke_game(persons), incidents=[])
    response = _log(player_client, campaign, payload)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["message"], error["overridable"]) == (
        "nukes.0",
        NOTHING_SUCH,
        False,
    )
    assert not spoilers_in(response.content.decode(), ("pocket_1", "pocket_2"))
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_the_api_logs_alien_island_with_pocket_2_K180s_K182s(campaign, persons, player_client):
    response = _log(player_client, campaign, api_payload(island_game(persons)))
    assert response.status_code == 201, response.content
    world = world_current(campaign=campaign)
    assert world.alien_island == ISLAND_ENDS
    assert world.faction_scars[COLLABORATOR].kind == "alien_collaborator"


def test_an_island_with_one_end_is_a_plain_400_K182s(campaign, persons, player_client):
    payload = api_payload(island_game(persons))
    payload["islands"][0]["ends"] = ["brazil"]
    response = _log(player_client, campaign, payload)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("ends", "min_length")
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_the_api_logs_an_alien_seat_on_the_island_and_a_missile_power_J167s_K184(
    campaign, owner, persons, player_client
):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="aliens", start="alien_island")
    payload = api_payload(entry, missile_powers=[MissilePowerEntry(BRINGER, "recon").__dict__])
    response = _log(player_client, campaign, payload)
    assert response.status_code == 201, response.content
    assert world_current(campaign=campaign).missile_powers == {BRINGER: "recon"}
