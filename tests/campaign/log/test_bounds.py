"""Every door refuses a name or a count past its bounds, writes nothing and opens nothing: the
game log API (before the rules run), the one append service even with an owner's override, and
an import. A 100,000-character city name used to be recorded, and an incident count of 10^30
opened Pocket 1 (U-6)."""

from __future__ import annotations

import json

import pytest

from campaign.errors import ApplicationError
from campaign.models import Campaign, PackUnlock, WorldEventRecord
from campaign.services.export import campaign_export
from campaign.services.game_log.entry import IncidentEntry
from campaign.services.world import world_event_append
from rules.rewards import RewardChoice
from rules.world_events import CityFounded, GameIncident
from tests.campaign.log.factories import api_payload, three_player_entry

pytestmark = pytest.mark.django_db

HUGE_NAME = "Q" * 100_000


def _log(client, campaign, payload):
    return client.post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(payload),
        content_type="application/json",
    )


def test_the_api_refuses_a_city_name_of_100000_characters_END5(campaign, owner_client, persons):
    entry = three_player_entry(persons, winner_reward=RewardChoice("R2", "brazil", HUGE_NAME))
    response = _log(owner_client, campaign, api_payload(entry, override_reason="house rule"))
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["field"] == "name" and "80 characters" in error["message"]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_the_api_refuses_an_incident_count_of_10_to_the_30_and_opens_no_pack_U6(
    campaign, owner_client, persons
):
    incident = IncidentEntry("missiles_on_one_roll", "die_mechaniker", 10**30)
    entry = three_player_entry(persons, incidents=(incident,))
    response = _log(owner_client, campaign, api_payload(entry))
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "count"
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    assert not PackUnlock.objects.filter(campaign=campaign).exists()


@pytest.mark.parametrize(
    "event",
    [
        CityFounded("peru", "minor", HUGE_NAME, "ann", 1),
        GameIncident(1, "missiles_on_one_roll", "ann", count=10**30),
        GameIncident(1, "big_recruit_with_missile", "ann", count=10**30),
    ],
    ids=["city_name", "missiles", "troops"],
)
def test_no_override_accepts_past_the_bounds(campaign, owner, event):
    with pytest.raises(ApplicationError) as refused:
        world_event_append(
            campaign=campaign,
            events=[event],
            user=owner,
            source="log",
            override_reason="Our house rule allows it",
        )
    assert refused.value.violations[0].code in {"too_long", "bad_count"}
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    assert not PackUnlock.objects.filter(campaign=campaign).exists()


def test_an_import_past_the_bounds_is_refused(campaign, owner, owner_client):
    document = campaign_export(campaign=campaign)
    document["events"] = [
        {
            "seq": 1,
            "kind": "game_incident",
            "payload": GameIncident(1, "missiles_on_one_roll", "x", count=10**30).to_json(),
            "source": "log",
        }
    ]
    document["events"][0]["payload"].pop("kind")
    before = Campaign.objects.count()
    response = owner_client.post(
        "/api/v1/campaign-imports/", data=json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 400
    assert "past its bounds" in response.json()["errors"][0]["message"]
    document["events"] = []
    document["campaign"]["name"] = HUGE_NAME
    response = owner_client.post(
        "/api/v1/campaign-imports/", data=json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 400
    assert Campaign.objects.count() == before
