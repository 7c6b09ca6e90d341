"""A due pack opens even when its unlock task was lost (U-1): the task is retried on a dropped
database connection and redelivered when its worker dies, and a periodic sweep run by Celery
beat opens whatever is still due, once."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.conf import settings
from django.db import OperationalError

from campaign import tasks
from campaign.models import PackUnlock, WorldEventRecord
from campaign.selectors.packs import campaigns_with_packs_due
from campaign.services.campaigns import campaign_create
from campaign.services.packs import packs_open_due
from campaign.services.world import world_event_append
from config.celery import app
from tests.campaign.worlds import first_powers, game, pregame_coins

pytestmark = pytest.mark.django_db


@pytest.fixture
def unlock_lost(campaign, owner, persons):
    """Game 1 eliminated a faction, so Pack 2 is due (U-3), and the unlock task never ran (the
    after-commit hook does not fire in these tests): what a dead worker or a broker that was
    down leaves behind."""
    recorded = game(1, [persons[role].key for role in ("owner", "player", "viewer")])
    players = (*recorded.players[:2], {**recorded.players[2], "outcome": "eliminated"})
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    world_event_append(
        campaign=campaign, events=[replace(recorded, players=players)], user=owner, source="log"
    )
    assert not PackUnlock.objects.filter(campaign=campaign).exists()
    return campaign


def test_the_unlock_task_is_redelivered_when_its_worker_dies_U1():
    task = tasks.packs_evaluate
    assert task.acks_late and task.reject_on_worker_lost
    assert OperationalError in task.autoretry_for
    assert 0 < task.max_retries <= 10


def test_the_unlock_task_retries_after_a_dropped_connection_U1(unlock_lost, monkeypatch):
    campaign = unlock_lost
    calls: list[int] = []

    def flaky(*, campaign_id: int):
        calls.append(campaign_id)
        if len(calls) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return packs_open_due(campaign_id=campaign_id)

    monkeypatch.setattr(tasks, "packs_open_due", flaky)
    # In process, as a worker would: the retry runs again instead of failing the task.
    assert tasks.packs_evaluate.apply((campaign.pk,), throw=False).get() == ["pack_2"]
    assert calls == [campaign.pk, campaign.pk]


def test_the_sweep_opens_what_a_lost_task_left_due_once_U1(unlock_lost, owner):
    campaign = unlock_lost
    quiet = campaign_create(owner=owner, name="Nothing logged yet", is_public=False)
    assert campaigns_with_packs_due() == [campaign]
    assert tasks.packs_sweep() == {campaign.slug: ["pack_2"]}
    assert tasks.packs_sweep() == {}
    assert campaigns_with_packs_due() == []
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 1
    assert not PackUnlock.objects.filter(campaign=quiet).exists()


def test_celery_beat_runs_the_sweep_every_minute():
    (entry,) = [
        e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"].endswith("packs_sweep")
    ]
    assert entry["task"] == tasks.packs_sweep.name
    assert entry["task"] in app.tasks
    assert entry["schedule"] <= 60
