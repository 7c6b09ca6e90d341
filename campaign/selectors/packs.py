"""Which campaigns have a sealed pack due that no claim records yet (U-1)."""

from __future__ import annotations

from django.db.models import Count

from campaign.models import Campaign
from campaign.selectors.world import world_event_entries
from rules.data import content
from rules.unlocks import packs_due


def campaigns_with_packs_due() -> list[Campaign]:
    """Campaigns whose log meets the condition of a pack not opened yet: normally none, as the
    unlock task opens a pack right after the event that made it due. Campaigns with every pack
    opened are not replayed."""
    packs = len(content().packs)
    candidates = (
        Campaign.objects.annotate(opened=Count("pack_unlocks"))
        .filter(opened__lt=packs)
        .order_by("pk")
    )
    return [c for c in candidates.iterator() if packs_due(world_event_entries(campaign=c))]
