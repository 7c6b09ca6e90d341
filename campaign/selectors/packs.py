"""Sealed packs due (U-1): which ones a campaign should open now, read from the triggers the
append keeps, and which campaigns have one that no claim records yet."""

from __future__ import annotations

from django.db.models import Count, Q

from campaign.models import Campaign, PackTrigger, WorldEventRecord
from campaign.selectors.world import world_current
from rules.data import content
from rules.unlocks import Names, PackDue, is_optional, packs_due_after
from rules.world import World
from rules.world_events import event_from_json


def packs_due_now(
    *, campaign: Campaign, world: World | None = None, names: Names | None = None
) -> list[PackDue]:
    """The packs whose condition holds and that `world` (the campaign's world now, by default)
    has not opened, in pack order, each with the reason its trigger gives: the triggers are a
    projection of the log, so nothing is replayed."""
    world = world_current(campaign=campaign) if world is None else world
    seqs = dict(
        PackTrigger.objects.filter(campaign=campaign)
        .exclude(pack__in=list(world.packs_opened))
        .values_list("pack", "seq")
    )
    if not seqs:
        return []
    records = WorldEventRecord.objects.filter(campaign=campaign, seq__in=seqs.values())
    events = {r.seq: event_from_json({"kind": r.kind, **r.payload}) for r in records}
    triggers = {pack: (seq, events[seq]) for pack, seq in seqs.items()}
    return packs_due_after(triggers, world, names=names)


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
    return [c for c in candidates.iterator() if packs_due_now(campaign=c)]
