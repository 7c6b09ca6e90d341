"""The world event log (append-only, numbered per campaign) and its cached projections."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.campaign import Campaign


class EventSource(models.TextChoices):
    SETUP = "setup", _("Pre-game customization")
    LOG = "log", _("Logged by hand")
    DIGITAL = "digital", _("Digital game")
    SYSTEM = "system", _("System")


class WorldEventRecord(models.Model):
    """One world event as it was appended. Never updated or deleted: a correction is a later
    `events_voided` record whose `corrects` lists the sequence numbers it voids."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="world_events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    payload = models.JSONField()
    game_number = models.PositiveIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="world_events",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    override_reason = models.TextField(
        blank=True, help_text=_("Why an event the rules refuse was accepted anyway (house rule).")
    )
    corrects = models.JSONField(default=list, blank=True)
    source = models.CharField(max_length=10, choices=EventSource.choices)

    class Meta:
        ordering = ["campaign", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "seq"], name="world_event_seq_unique"),
        ]
        indexes = [models.Index(fields=["campaign", "game_number"])]

    def __str__(self) -> str:
        return f"{self.campaign} #{self.seq} {self.kind}"


# A past game's snapshot keeps the whole world only every this many games (a checkpoint);
# the others keep its digest, and the world as of them is replayed from the checkpoint.
CHECKPOINT_EVERY = 10


class WorldSnapshot(models.Model):
    """The world replayed up to `after_seq`. One per campaign is current (`is_current`); the
    others stand for the world as it stood after game `games_played` (0: before the first
    game): its `digest` always, the whole `world` only at checkpoints (`CHECKPOINT_EVERY`)
    and for the current one, so the stored history grows with the games, not with games x
    world size."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="snapshots")
    is_current = models.BooleanField(default=False)
    after_seq = models.PositiveIntegerField()
    games_played = models.PositiveIntegerField()
    world = models.JSONField(null=True, blank=True)
    digest = models.CharField(max_length=64, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["campaign", "games_played"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign"],
                condition=models.Q(is_current=True),
                name="world_snapshot_one_current",
            ),
            models.UniqueConstraint(
                fields=["campaign", "games_played"],
                condition=models.Q(is_current=False),
                name="world_snapshot_one_per_game",
            ),
        ]

    def __str__(self) -> str:
        which = "current" if self.is_current else f"after game {self.games_played}"
        return f"{self.campaign} world ({which})"
