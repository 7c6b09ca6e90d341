"""Chat beside a digital game and on a campaign: messages as their writers typed them.

A message belongs to one room: a game (keyed on the game alone, so a game played outside any
campaign can have one too) or a campaign. Its writer or a campaign owner may remove it; a
removed message keeps its place (who wrote it, when) but not its words."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaign import Campaign
from campaign.models.digital import DigitalGame

CHAT_MESSAGE_MAX = 500  # characters: a few lines, not a letter


class ChatMessage(models.Model):
    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, null=True, blank=True, related_name="chat_messages"
    )
    game = models.ForeignKey(
        DigitalGame, on_delete=models.CASCADE, null=True, blank=True, related_name="chat_messages"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="chat_messages",
    )
    # The name the writer went by in the room when writing (their person in the campaign, else
    # their user name): shown without a query per message.
    author_name = models.CharField(max_length=150)
    text = models.TextField(max_length=CHAT_MESSAGE_MAX, blank=True)
    written_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="chat_messages_removed",
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(campaign__isnull=False, game__isnull=True)
                    | models.Q(campaign__isnull=True, game__isnull=False)
                ),
                name="chat_message_one_room",
            ),
        ]
        indexes = [
            models.Index(fields=["game", "id"], name="chat_game_order"),
            models.Index(fields=["campaign", "id"], name="chat_campaign_order"),
        ]

    def __str__(self) -> str:
        room = f"game #{self.game_id}" if self.game_id else f"campaign #{self.campaign_id}"
        return f"chat message {self.pk} in {room}"

    @property
    def is_removed(self) -> bool:
        return self.removed_at is not None
