"""load_demo (idempotent) and verify_worlds (snapshot == replay for every campaign)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from campaign.models import Campaign, WorldEventRecord, WorldSnapshot
from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from campaign.tasks import world_snapshot_verify
from tests.campaign.worlds import first_powers


@pytest.mark.django_db
def test_load_demo_creates_a_customized_public_world_once():
    call_command("load_demo")
    call_command("load_demo")

    demo = get_user_model().objects.get(username="demo")
    assert demo.check_password("demo-password")
    campaign = Campaign.objects.get(name="Demo world")
    assert campaign.is_public and campaign.owner == demo
    world = world_current(campaign=campaign)
    assert world.customized and world.games_played >= 1 and world.cities
    count = WorldEventRecord.objects.filter(campaign=campaign).count()
    call_command("load_demo")
    assert WorldEventRecord.objects.filter(campaign=campaign).count() == count
    assert Campaign.objects.filter(name="Demo world").count() == 1


@pytest.mark.django_db
def test_the_demo_world_page_shows_something_to_anyone(client):
    call_command("load_demo")
    page = client.get("/campaigns/demo-world/").content.decode()
    assert "<svg" in page and "New Thebes" in page and "Port Ana" in page
    assert (
        client.post("/accounts/login/", {"login": "demo", "password": "demo-password"}).status_code
        == 302
    )


def test_verify_worlds_passes_when_snapshots_equal_the_replay(campaign, owner, capsys):
    world_event_append(campaign=campaign, events=first_powers(), user=owner, source="setup")
    call_command("verify_worlds")
    assert f"{campaign.slug}: ok" in capsys.readouterr().out
    assert world_snapshot_verify.delay(campaign.pk).get() == []


def test_verify_worlds_fails_naming_the_campaign_whose_snapshot_drifted(campaign, owner, capsys):
    world_event_append(campaign=campaign, events=first_powers(), user=owner, source="setup")
    snapshot = WorldSnapshot.objects.get(campaign=campaign, is_current=True)
    snapshot.world["starting_powers"] = {}
    snapshot.save()

    with pytest.raises(CommandError, match=campaign.slug):
        call_command("verify_worlds")
    assert "starting_powers" in capsys.readouterr().err
    assert world_snapshot_verify.delay(campaign.pk).get()
