"""Sealed packs open once each, with the reason (U-1..U-8): a pack due during a game opens in
the logged game itself, one due at the end of a game after the log commits (the task)."""

import threading

import pytest
from django.db import connection

from campaign.models import PackUnlock, WorldEventRecord
from campaign.selectors.history.packs import packs_status
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log
from campaign.services.packs import packs_open_due
from campaign.tasks import packs_evaluate
from tests.campaign.log.factories import owner_wins_again, three_player_entry

pytestmark = pytest.mark.django_db


def _pack_3_due(campaign, owner, persons) -> None:
    """Two games won by the owner, logged with no task after them: Pack 3 is due (U-4)."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    game_log(campaign=campaign, user=owner, entry=owner_wins_again(persons))


def test_the_first_elimination_opens_pack_2_in_the_logged_game_itself_U3(campaign, owner, persons):
    """Pack 2 opens during the game (mid_or_end_of_game), so the log opens and claims it in
    its own transaction: nothing is left for the task."""
    log = game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))  # no task
    world = world_current(campaign=campaign)
    assert set(world.packs_opened) == {"pack_2"}
    opening = world.packs_opened["pack_2"]
    assert opening.game == 1
    assert opening.reason == "Saharan Republic (vera_viewer) was eliminated in game 1"
    unlock = PackUnlock.objects.get(campaign=campaign)
    assert unlock.trigger_seq == 1  # the game_recorded event that eliminated the faction
    opened = WorldEventRecord.objects.get(campaign=campaign, kind="pack_opened")
    assert opened.seq == 2 and log.first_seq <= opened.seq <= log.last_seq
    assert packs_evaluate(campaign.pk) == []
    status = packs_status(campaign=campaign)
    assert [p["name"] for p in status.open_now] == ["Pack 2"]


def test_a_second_signature_opens_pack_3_after_the_log_commits_U4(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
        game_log(campaign=campaign, user=owner, entry=owner_wins_again(persons))
    world = world_current(campaign=campaign)
    assert set(world.packs_opened) == {"pack_2", "pack_3"}
    assert world.packs_opened["pack_3"].game == 2
    record = WorldEventRecord.objects.get(campaign=campaign, kind="pack_opened", game_number=2)
    assert record.source == "system"


def test_running_the_task_twice_opens_nothing_twice_U1(campaign, owner, persons):
    _pack_3_due(campaign, owner, persons)
    assert packs_evaluate(campaign.pk) == ["pack_3"]
    assert packs_evaluate(campaign.pk) == []
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 2
    assert PackUnlock.objects.filter(campaign=campaign).count() == 2  # Pack 2 and Pack 3


def test_a_claim_already_taken_is_not_opened_again_U1(campaign, owner, persons):
    """The unique claim guards even a run that evaluated before another committed."""
    _pack_3_due(campaign, owner, persons)
    PackUnlock.objects.create(campaign=campaign, pack="pack_3", reason="claimed elsewhere")
    assert packs_open_due(campaign_id=campaign.pk) == []
    opened = WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened")
    assert list(opened.values_list("payload__pack", flat=True)) == ["pack_2"]


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
    _pack_3_due(campaign, owner, persons)
    assert not PackUnlock.objects.filter(campaign=campaign, pack="pack_3").exists()
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
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 2
    assert sorted(map(len, opened)) == [0, 1]


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_opens_the_pack_once(
    campaign, owner, persons, no_pack_hook, celery_worker_process
):
    """packs_evaluate through Redis on a real Celery worker, twice: opened once."""
    _pack_3_due(campaign, owner, persons)
    assert packs_evaluate.delay(campaign.pk).get(timeout=60) == ["pack_3"]
    assert packs_evaluate.delay(campaign.pk).get(timeout=60) == []
    assert set(world_current(campaign=campaign).packs_opened) == {"pack_2", "pack_3"}
