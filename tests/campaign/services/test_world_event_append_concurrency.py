"""Two appends at the same moment on PostgreSQL: the campaign lock serializes them, so the
second is checked against the world the first committed (P-2 refuses a second power)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from campaign.errors import ApplicationError
from campaign.models import WorldEventRecord
from campaign.selectors.world import world_current, world_snapshot_mismatches
from campaign.services.campaigns import campaign_create
from campaign.services.world import world_event_append
from rules.data import content
from rules.world_events import StartingPowerChosen

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_simultaneous_power_choices_for_one_faction_keep_exactly_one(owner):
    campaign = campaign_create(owner=owner, name="Race")
    faction = next(iter(content().base_factions.values()))
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def choose(power: str) -> None:
        try:
            start.wait(timeout=10)
            world_event_append(
                campaign=campaign,
                events=[StartingPowerChosen(faction.key, power)],
                user=owner,
                source="setup",
            )
            outcomes.append("appended")
        except ApplicationError as error:
            outcomes.append(error.violations[0].code)
        finally:
            connection.close()

    threads = [threading.Thread(target=choose, args=(p.key,)) for p in faction.powers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes) == ["appended", "power_already_chosen"]
    assert list(
        WorldEventRecord.objects.filter(campaign=campaign).values_list("seq", flat=True)
    ) == [1]
    assert faction.key in world_current(campaign=campaign).starting_powers
    assert world_snapshot_mismatches(campaign=campaign) == []
