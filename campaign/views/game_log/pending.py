"""/campaigns/<slug>/pending/: game logs sent to the owners for approval. Owners see those
waiting and approve each with the override's reason or send it back with a note; a sender sees
their own, the owners' notes, and reopens a sent-back entry in the log form.

The log form's confirmation step sends an entry here (`send_for_approval`).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.forms.game_log.entry import steps_from_entry
from campaign.forms.game_log.steps import STEPS
from campaign.models import Campaign
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.game_log.pending import pending_list
from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.pending import (
    pending_log_approve,
    pending_log_reopen,
    pending_log_send,
    pending_log_send_back,
)


def _pending_url(campaign: Campaign) -> str:
    return reverse("campaign:pending_logs", kwargs={"slug": campaign.slug})


def send_for_approval(request, campaign: Campaign, entry: GameLogEntry) -> str | None:
    """Send the log form's entry to the owners: the page to go to, or None after a refusal
    (told as a message; the caller shows the form again)."""
    try:
        pending_log_send(
            campaign=campaign,
            user=request.user,
            entry=entry,
            note=request.POST.get("approval_note", ""),
        )
    except ApplicationError as refusal:
        messages.error(request, refusal.message)
        return None
    messages.success(request, _("Sent to the owners: you will see their answer on this page."))
    return _pending_url(campaign)


class PendingLogsView(CampaignAccessMixin, TemplateView):
    campaign_action = Action.PLAY
    template_name = "campaign/log/pending.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        owner = Action.MANAGE in self.allowed
        context.update(
            waiting=pending_list(campaign=self.campaign) if owner else [],
            mine=pending_list(campaign=self.campaign, sent_by=self.request.user),
            section="history",
        )
        return context

    def post(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        action = request.POST.get("action", "")
        which = request.POST.get("pending", "")
        try:
            if action == "approve":
                log = pending_log_approve(
                    campaign=self.campaign,
                    user=request.user,
                    pending_id=which,
                    reason=request.POST.get("reason", ""),
                )
                messages.success(
                    request,
                    _("Game %(number)s is logged, as approved.") % {"number": log.game_number},
                )
                return redirect(
                    "campaign:history_game", slug=self.campaign.slug, number=log.game_number
                )
            if action == "send_back":
                pending_log_send_back(
                    campaign=self.campaign,
                    user=request.user,
                    pending_id=which,
                    note=request.POST.get("note", ""),
                )
                messages.success(request, _("Sent back with your note."))
                return redirect(_pending_url(self.campaign))
            if action == "reopen":
                entry = pending_log_reopen(
                    campaign=self.campaign, user=request.user, pending_id=which
                )
                key = f"game_log_draft:{self.campaign.pk}"
                request.session[key] = {"steps": steps_from_entry(entry), "reached": len(STEPS)}
                return redirect("campaign:game_log_step", slug=self.campaign.slug, step="confirm")
            raise ApplicationError(_("Say what to do with the entry."), code="no_action")
        except ApplicationError as refusal:
            context = self.get_context_data(error=refusal.message, failed=which)
            return self.render_to_response(context, status=refusal.status)
