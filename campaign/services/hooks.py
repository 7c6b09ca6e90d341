"""Signals sent after use cases commit, so other parts (tasks) can react without coupling.

`world_events_appended` is sent once per successful `world_event_append`, after the
transaction commits, with `campaign` and `records` (the new `WorldEventRecord` rows).
Connect a receiver (e.g. in an AppConfig.ready) that enqueues a Celery task with ids only::

    @receiver(world_events_appended)
    def _enqueue_unlocks(sender, campaign, records, **kwargs):
        packs_unlock_due.delay(campaign.pk)
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import Signal

logger = logging.getLogger(__name__)

world_events_appended = Signal()


def world_events_appended_on_commit(*, campaign, records) -> None:
    """Send `world_events_appended` once the current transaction commits.

    A failing receiver (say the broker is down) must not turn an already committed append into
    an error page, so failures are logged, not raised."""

    def send() -> None:
        for receiver, result in world_events_appended.send_robust(
            sender=type(campaign), campaign=campaign, records=records
        ):
            if isinstance(result, Exception):
                logger.error(
                    "world_events_appended receiver %r failed for campaign %s",
                    receiver,
                    campaign.pk,
                    exc_info=result,
                )

    transaction.on_commit(send)
