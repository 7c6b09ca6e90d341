"""Where a campaign's record begins: game 1, or the game after those brought in."""

from __future__ import annotations

from campaign.models import Campaign, WorldEventRecord
from rules.world_events.bring_in import GamesBroughtIn


def record_begins(*, campaign: Campaign) -> int | None:
    """The first recorded game of a campaign brought in part-way, None when its record
    starts at game 1 (a correction voiding the bring-in counts)."""
    records = WorldEventRecord.objects.filter(
        campaign=campaign, kind__in=[GamesBroughtIn.kind, "events_voided"]
    ).order_by("seq")
    voided = {seq for r in records if r.kind == "events_voided" for seq in r.corrects}
    begins = [
        r.payload["before_game"]
        for r in records
        if r.kind == GamesBroughtIn.kind and r.seq not in voided
    ]
    return begins[-1] if begins else None
