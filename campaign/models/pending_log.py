"""A game log the rules refused, sent by a player to the campaign's owners for approval.

Nothing of it reaches the world until an owner approves it, which logs it through the same
service as an owner's own override; an owner may instead send it back with a note."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.campaign import Campaign
from campaign.models.game_log import GameLog


class PendingStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for an owner")
    APPROVED = "approved", _("Approved")
    SENT_BACK = "sent_back", _("Sent back")
    REOPENED = "reopened", _("Sent back, then reopened")


class PendingGameLog(models.Model):
    """The entry as sent (`GameLogEntry` JSON), the refusals the sender saw, and the game it
    would have been (`game_number`, with the last world event then, `after_seq`): approval is
    refused once another game took that number."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="pending_logs")
    game_number = models.PositiveIntegerField()
    after_seq = models.PositiveIntegerField(default=0)
    entry = models.JSONField(help_text=_("The GameLogEntry as JSON."))
    refusals = models.JSONField(
        default=list, help_text=_("What the rules refused: field, message.")
    )
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="pending_logs_sent",
    )
    sender_note = models.TextField(blank=True, help_text=_("What the sender tells the owners."))
    status = models.CharField(
        max_length=10, choices=PendingStatus.choices, default=PendingStatus.PENDING
    )
    owner_note = models.TextField(blank=True, help_text=_("Why an owner sent it back."))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="pending_logs_decided",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    game_log = models.ForeignKey(
        GameLog, on_delete=models.SET_NULL, null=True, blank=True, related_name="approved_from"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "created_at", "pk"]
        indexes = [models.Index(fields=["campaign", "status"])]

    def __str__(self) -> str:
        return f"{self.campaign} game {self.game_number} pending log #{self.pk} ({self.status})"
