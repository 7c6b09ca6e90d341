"""A real Celery worker on Redis runs campaign tasks against the test PostgreSQL database.

Runs only when DATABASE_URL (PostgreSQL) and REDIS_URL are set: otherwise conftest deselects
it (see `pytest_collection_modifyitems`), so it is never a skip that cannot run.
"""

from __future__ import annotations

import pytest

from campaign.models import WorldSnapshot
from campaign.services.campaigns import campaign_create
from campaign.services.world import world_event_append
from campaign.tasks import world_snapshot_verify
from tests.campaign.worlds import first_powers, pregame_coins

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_verifies_a_committed_world_and_sees_drift(celery_worker_process, owner):
    campaign = campaign_create(owner=owner, name="Worker world")
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )

    assert world_snapshot_verify.delay(campaign.pk).get(timeout=30) == []

    snapshot = WorldSnapshot.objects.get(campaign=campaign, is_current=True)
    snapshot.world["pregame_coins_placed"] = False
    snapshot.save()
    problems = world_snapshot_verify.delay(campaign.pk).get(timeout=30)
    assert problems and "pregame_coins_placed" in problems[0]
