"""Sealed packs open after world events commit, once each, with the reason (U-1..U-8)."""

import threading

import pytest
from django.db import connection

from campaign.models import PackUnlock, WorldEventRecord
from campaign.selectors.history import packs_status
from campaign.selectors.world import world_current
from campaign.services.game_log import game_log
from campaign.services.packs import packs_open_due
from campaign.tasks import packs_evaluate
from tests.campaign.log.factories import three_player_entry

pytestmark = pytest.mark.django_db


def test_an_elimination_opens_pack_2_after_the_log_commits_U3(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    world = world_current(campaign=campaign)
    assert set(world.packs_opened) == {"pack_2"}
    opening = world.packs_opened["pack_2"]
    assert opening.game == 1
    assert opening.reason == "Saharan Republic (vera_viewer) was eliminated in game 1"
    unlock = PackUnlock.objects.get(campaign=campaign)
    assert unlock.trigger_seq == 1  # the game_recorded event that eliminated the faction
    status = packs_status(campaign=campaign)
    assert [p["name"] for p in status.open_now] == ["Pack 2"]


def test_running_the_task_twice_opens_nothing_twice_U1(campaign, owner, persons):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))  # no on_commit
    assert packs_evaluate(campaign.pk) == ["pack_2"]
    assert packs_evaluate(campaign.pk) == []
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 1
    assert PackUnlock.objects.filter(campaign=campaign).count() == 1


def test_a_claim_already_taken_is_not_opened_again_U1(campaign, owner, persons):
    """The unique claim guards even a run that evaluated before another committed."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    PackUnlock.objects.create(campaign=campaign, pack="pack_2", reason="claimed elsewhere")
    assert packs_open_due(campaign_id=campaign.pk) == []
    assert not WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").exists()


def test_progress_toward_countable_conditions_is_shown(campaign, owner, persons):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    progress = {
        p["name"]: (p["current"], p["target"]) for p in packs_status(campaign=campaign).progress
    }
    assert progress == {"Pack 1": (1, 9), "Pack 3": (1, 2)}


def test_an_unknown_campaign_opens_nothing():
    assert packs_open_due(campaign_id=987654) == []


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_concurrent_runs_open_a_pack_once_U1(campaign, owner, persons, no_pack_hook):
    """Two workers at once on PostgreSQL: the campaign lock and the unique claim."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    assert not PackUnlock.objects.filter(campaign=campaign).exists()
    opened: list[list[str]] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        try:
            barrier.wait()
            opened.append([u.pack for u in packs_open_due(campaign_id=campaign.pk)])
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 1
    assert sorted(map(len, opened)) == [0, 1]


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_opens_the_pack_once(
    campaign, owner, persons, no_pack_hook, celery_worker_process
):
    """packs_evaluate through Redis on a real Celery worker, twice: opened once."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    assert packs_evaluate.delay(campaign.pk).get(timeout=60) == ["pack_2"]
    assert packs_evaluate.delay(campaign.pk).get(timeout=60) == []
    assert set(world_current(campaign=campaign).packs_opened) == {"pack_2"}
