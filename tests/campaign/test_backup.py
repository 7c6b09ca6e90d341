"""Backups: each day beat has every campaign exported into a dated folder, the oldest beyond
the count kept are deleted, and one campaign comes back from its file with `import_campaign`
(the README's restore) with the same world and log."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command

from campaign import tasks
from campaign.models import Campaign, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.backup import backups_in, campaigns_backup
from campaign.services.campaigns import campaign_create
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from config.celery import app
from tests.campaign.log.factories import three_player_entry
from tests.campaign.worlds import first_powers, pregame_coins

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(campaign, owner, persons) -> Campaign:
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    return campaign


def test_a_backup_restores_a_campaign_with_its_world_and_log(played, owner, outsider, tmp_path):
    campaign_create(owner=outsider, name="Another table")
    call_command("back_up_campaigns", folder=tmp_path, keep=3)
    (backup,) = backups_in(tmp_path)
    assert sorted(p.name for p in backup.iterdir()) == ["another-table.json", f"{played.slug}.json"]

    call_command("import_campaign", str(backup / f"{played.slug}.json"), owner=owner.username)
    restored = Campaign.objects.exclude(pk=played.pk).get(name=played.name)
    assert restored.slug != played.slug
    assert world_current(campaign=restored) == world_current(campaign=played)
    kinds = list(WorldEventRecord.objects.filter(campaign=played).values_list("kind", "payload"))
    assert (
        list(WorldEventRecord.objects.filter(campaign=restored).values_list("kind", "payload"))
        == kinds
    )


def test_only_the_newest_backups_are_kept(played, tmp_path):
    keep_me = tmp_path / "notes.txt"
    keep_me.write_text("not a backup")
    start = datetime(2026, 3, 1, 3, 0, tzinfo=UTC)
    for day in range(4):
        campaigns_backup(folder=tmp_path, keep=2, now=start + timedelta(days=day))
    assert [p.name for p in backups_in(tmp_path)] == ["20260303T030000Z", "20260304T030000Z"]
    assert keep_me.exists()
    document = json.loads((tmp_path / "20260304T030000Z" / f"{played.slug}.json").read_text())
    assert document["format"] == "risk-legacy-campaign"


def test_beat_backs_up_every_day_into_the_configured_folder(played, tmp_path, settings):
    entry = settings.CELERY_BEAT_SCHEDULE["back-up-campaigns"]
    assert entry["task"] == tasks.campaigns_back_up.name
    assert entry["task"] in app.tasks
    assert entry["schedule"].hour == {settings.BACKUP_HOUR}
    settings.BACKUP_DIR = tmp_path / "daily"
    written = tasks.campaigns_back_up()
    assert [str(p) for p in backups_in(tmp_path / "daily")] == [written]
