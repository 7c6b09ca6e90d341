"""Which campaigns have a sealed pack due that no claim records yet (U-1)."""

from __future__ import annotations

from django.db.models import Count, Q

from campaign.models import Campaign
from campaign.selectors.world import world_event_entries
from rules.data import content
from rules.unlocks import is_optional, packs_due


def campaigns_with_packs_due() -> list[Campaign]:
    """Campaigns whose log meets the condition of a pack not opened yet: normally none, as the
    unlock task opens a pack right after the event that made it due. Campaigns with every pack
    a game can open already opened are not replayed (the box bottom opens only by choice)."""
    optional = [p.key for p in content().packs.values() if is_optional(p)]
    packs = len(content().packs) - len(optional)
    candidates = (
        Campaign.objects.annotate(
            opened=Count("pack_unlocks", filter=~Q(pack_unlocks__pack__in=optional))
        )
        .filter(opened__lt=packs)
        .order_by("pk")
    )
    return [c for c in candidates.iterator() if packs_due(world_event_entries(campaign=c))]
