"""The Django admin lists every campaign model; world events and snapshots are read-only."""

from __future__ import annotations

import pytest

from campaign.models import WorldEventRecord, WorldSnapshot
from campaign.services.world import world_event_append
from tests.campaign.worlds import first_powers

MODELS = ["campaign", "person", "membership", "invite", "worldeventrecord", "worldsnapshot"]


@pytest.fixture
def admin_client_with_world(admin_client, campaign, owner):
    world_event_append(campaign=campaign, events=first_powers(), user=owner, source="setup")
    return admin_client


@pytest.mark.parametrize("model", MODELS)
def test_every_model_has_a_changelist(admin_client_with_world, model):
    assert admin_client_with_world.get(f"/admin/campaign/{model}/").status_code == 200


def test_world_events_cannot_be_added_changed_or_deleted(admin_client_with_world):
    record = WorldEventRecord.objects.first()
    base = f"/admin/campaign/worldeventrecord/{record.pk}"
    client = admin_client_with_world

    assert client.get("/admin/campaign/worldeventrecord/add/").status_code == 403
    assert client.get(f"{base}/delete/").status_code == 403
    assert client.post(f"{base}/change/", {"kind": "forged"}).status_code == 403
    record.refresh_from_db()
    assert record.kind == "starting_power_chosen"
    view = client.get(f"{base}/change/").content.decode()
    assert 'name="_save"' not in view
    snapshot = WorldSnapshot.objects.first()
    assert client.get(f"/admin/campaign/worldsnapshot/{snapshot.pk}/delete/").status_code == 403
