"""Backups that restore: whatever the service holds exports and imports back identically, and
the restore check (`verify_worlds`) is right about every campaign it restored."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.core.management import call_command

from campaign.models import Campaign, GameLog
from campaign.selectors.world import world_current, world_snapshot_mismatches
from campaign.services.campaigns import campaign_create
from campaign.services.export import campaign_export, campaign_import
from campaign.services.game_log import game_log
from campaign.services.game_log_correct import game_log_correct
from campaign.tasks import packs_evaluate
from tests.campaign.log.factories import owner_wins_again, three_player_entry

pytestmark = pytest.mark.django_db

VOLATILE = ("exported_at", "created_at")


def comparable(document: dict) -> dict:
    """The document without what an import cannot keep (times it was written)."""
    text = json.dumps(document, sort_keys=True)
    loaded = json.loads(text)
    loaded.pop("exported_at", None)
    for part in ("events", "game_logs", "digital_games"):
        for row in loaded.get(part, []):
            for key in VOLATILE:
                row.pop(key, None)
            for move in row.get("moves", []):
                move.pop("created_at", None)
    return loaded


def round_trip(campaign: Campaign, owner) -> Campaign:
    """Export, import as the server's restore does, and check the copy exports the same."""
    document = json.loads(json.dumps(campaign_export(campaign=campaign)))
    copy = campaign_import(document=document, owner=owner, link_accounts=True)
    again = campaign_export(campaign=copy)
    assert comparable(again) == comparable(document)
    assert world_current(campaign=copy) == world_current(campaign=campaign)
    return copy


def test_a_correction_that_removes_a_pack_condition_after_it_opened_restores_U1(
    campaign, owner, persons
):
    """Game 1 and game 2 won by Ann (Pack 3 opens on her second signature), then game 2
    corrected so Ben won: the pack stays open, and the backup of that campaign restores
    (the import refused it: pack_not_due)."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    game_log(campaign=campaign, user=owner, entry=owner_wins_again(persons))
    packs_evaluate(campaign.pk)
    assert "pack_3" in world_current(campaign=campaign).packs_opened
    ben_wins = replace(owner_wins_again(persons), winner="khan_industries")
    game_log_correct(
        campaign=campaign, user=owner, game_number=2, entry=ben_wins, reason="Ben won."
    )
    assert "pack_3" in world_current(campaign=campaign).packs_opened
    assert GameLog.objects.filter(campaign=campaign).count() == 3

    copy = round_trip(campaign, owner)

    assert "pack_3" in world_current(campaign=copy).packs_opened


def test_an_empty_campaign_restores_and_verifies_DESIGN(owner, capsys):
    """A campaign with no events is not broken (109 false alarms after a restore)."""
    empty = campaign_create(owner=owner, name="Not started", is_public=False)

    copy = round_trip(empty, owner)

    assert world_snapshot_mismatches(campaign=copy) == []
    call_command("verify_worlds")
    assert "Every world equals the replay of its log." in capsys.readouterr().out
