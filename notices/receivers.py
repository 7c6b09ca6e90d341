"""Notices that follow the world's log: a pack opened tells every member of its campaign."""

from __future__ import annotations

from django.dispatch import receiver

from campaign.models import Membership
from campaign.services.hooks import world_events_appended
from notices.kinds import Kind
from notices.services import notify


@receiver(world_events_appended, dispatch_uid="notices.packs_opened")
def _packs_opened(sender, campaign, records, **kwargs) -> None:
    """Sent after the append commits, whoever opened the pack (a logged game, a digital game,
    the unlock task, an owner by hand)."""
    packs = [r.payload.get("pack", "") for r in records if r.kind == "pack_opened"]
    if not packs:
        return
    members = list(Membership.objects.filter(campaign=campaign).values_list("user_id", flat=True))
    for pack in packs:
        notify(
            Kind.PACK_OPENED, members, campaign=campaign, params={"pack": pack}, ref=f"pack:{pack}"
        )
