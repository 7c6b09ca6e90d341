"""`{% pending_logs campaign user can_manage %}`: on a campaign's page, how many game logs wait
for an owner's approval (owners), or how many of a sender's came back with a note."""

from __future__ import annotations

from django import template

from campaign.models import PendingGameLog, PendingStatus
from campaign.selectors.game_log.pending import pending_waiting_count

register = template.Library()


@register.inclusion_tag("campaign/log/_pending_notice.html")
def pending_logs(campaign, user, can_manage: bool) -> dict:
    waiting = pending_waiting_count(campaign=campaign) if can_manage else 0
    sent_back = 0
    if user is not None and user.is_authenticated:
        sent_back = PendingGameLog.objects.filter(
            campaign=campaign, sent_by=user, status=PendingStatus.SENT_BACK
        ).count()
    return {"campaign": campaign, "waiting": waiting, "sent_back": sent_back}
