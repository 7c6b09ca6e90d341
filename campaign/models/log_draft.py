"""Who is drafting which game in the log form right now, so two members logging the same game
hear of each other before they confirm. The draft's answers stay in each one's session; this
row only says that a draft exists, for which game, and since when."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign.models.campaign import Campaign


class GameLogDraft(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="log_drafts")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="log_drafts"
    )
    game_number = models.PositiveIntegerField()
    correcting = models.BooleanField(
        default=False, help_text=_("A correction of a logged game rather than a new game.")
    )
    started_at = models.DateTimeField(default=timezone.now)
    touched_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "user", "game_number", "correcting"],
                name="game_log_draft_one_per_game",
            )
        ]
        indexes = [models.Index(fields=["campaign", "game_number"])]

    def __str__(self) -> str:
        return f"{self.campaign} game {self.game_number} drafted by {self.user}"
