"""Opening sealed packs when their conditions are met (U-1 to U-8), exactly once each."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from campaign.models import Campaign, EventSource, PackUnlock
from campaign.selectors.campaigns import person_names
from campaign.selectors.packs import packs_due_now
from campaign.services.world import world_event_append
from campaign.wording import reason_text
from rules.unlocks import PackDue
from rules.world_events import PackOpened


def packs_open_due(*, campaign_id: int) -> list[PackUnlock]:
    """Record every pack now due as opened: a `PackUnlock` claim and a `PackOpened` world
    event carrying the reason and the game. Safe to run twice or concurrently: the claim is
    unique per (campaign, pack), so a pack is never opened twice."""
    with transaction.atomic():
        # Lock the campaign so a concurrent run waits and then sees this run's openings; the
        # unique claim below is the backstop if a run ever gets past the lock.
        campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
        if campaign is None:
            return []
        due = packs_due_now(campaign=campaign, names=person_names(campaign=campaign))
        claimed = [(d, unlock) for d in due if (unlock := _claim(campaign, d)) is not None]
        if claimed:
            world_event_append(
                campaign=campaign,
                events=[PackOpened(pack=d.pack, game=d.game, reason=d.reason) for d, _u in claimed],
                user=None,
                source=EventSource.SYSTEM,
            )
    return [unlock for _d, unlock in claimed]


def pack_unlocks_claim(*, campaign: Campaign, openings: list[PackDue]) -> list[PackUnlock]:
    """Claim packs a game opened during play, in the transaction that appends its events
    (their `PackOpened` is among them), so the unlock task later finds them open and claimed
    and opens nothing twice. `seq` of each is the appended seq of the event that set it off.
    A pack claimed before (a corrected game opening it again) keeps its first claim."""
    return [unlock for due in openings if (unlock := _claim(campaign, due)) is not None]


def _claim(campaign: Campaign, due: PackDue) -> PackUnlock | None:
    try:
        with transaction.atomic():
            return PackUnlock.objects.create(
                campaign=campaign,
                pack=due.pack,
                trigger_seq=due.seq,
                game_number=due.game,
                reason=reason_text(due.reason),
            )
    except IntegrityError:
        return None
