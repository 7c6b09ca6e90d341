"""Games logged by hand (the entry as typed, its world events, overrides and corrections) and
the claims that keep each sealed pack opened once."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.campaign import Campaign


class GameLog(models.Model):
    """One logged game: the `GameLogEntry` as confirmed and the range of world events it
    appended. Never updated: a correction is a later row whose `corrects` points here, and
    whose events void this one's (`rules.world_events.EventsVoided`)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="game_logs")
    game_number = models.PositiveIntegerField()
    entry = models.JSONField(help_text=_("The GameLogEntry as JSON."))
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    override_reason = models.TextField(blank=True)
    overridden = models.JSONField(
        default=list,
        blank=True,
        help_text=_("The refusals the owner accepted: code, message, rule."),
    )
    corrects = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="corrections"
    )
    correction_reason = models.TextField(blank=True)
    logged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="game_logs",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "game_number", "created_at"]
        constraints = [
            # A log is corrected at most once; the correction is corrected in its turn.
            models.UniqueConstraint(fields=["corrects"], name="game_log_corrected_once"),
        ]
        indexes = [models.Index(fields=["campaign", "game_number"])]

    def __str__(self) -> str:
        return f"{self.campaign} game {self.game_number} log #{self.pk}"


class PackUnlock(models.Model):
    """The claim that a sealed pack was opened in a campaign. Unique per (campaign, pack), so
    a task run twice or two runs at once can never open a pack twice (U-1)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="pack_unlocks")
    pack = models.CharField(max_length=40)
    trigger_seq = models.PositiveIntegerField(null=True, blank=True)
    game_number = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "pack"], name="pack_unlock_once"),
        ]

    def __str__(self) -> str:
        return f"{self.pack} opened in {self.campaign}"
