"""The demo campaign comes with three logged games and their history (load_demo)."""

import io

import pytest
from django.core.management import call_command

from campaign.models import Campaign, GameLog
from campaign.selectors.world import world_current

pytestmark = pytest.mark.django_db


def test_the_demo_has_three_logged_games_and_runs_twice_safely(
    django_capture_on_commit_callbacks, anon_client
):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())
    campaign = Campaign.objects.get(name="Demo world")
    world = world_current(campaign=campaign)
    assert world.games_played == 3
    assert GameLog.objects.filter(campaign=campaign).count() == 3
    assert world.continent_names["north_america"].name == "Ana's Reach"
    assert world.is_fortified("egypt")
    assert {"pack_2", "pack_3"} <= set(world.packs_opened)
    timeline = anon_client.get(f"/campaigns/{campaign.slug}/history/games/")
    assert timeline.status_code == 200
    assert "Twice the sands" in timeline.content.decode()
