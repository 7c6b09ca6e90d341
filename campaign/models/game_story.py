"""The story of a game: photos of the board and a short account in the players' words.

Both hang on (campaign, game number), not on a `GameLog` row, so they stay with the game when a
correction replaces its log, and a digital game carries them the same way. The files go
through Django's default storage (the local media folder unless settings name another).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from campaign.models.campaign import Campaign

ACCOUNT_MAX = 4000  # a few paragraphs


def game_photo_path(photo: GamePhoto, filename: str) -> str:
    """A name of our own: the uploader's file name never reaches the storage."""
    extension = filename.rsplit(".", 1)[-1]
    return f"game-photos/{photo.campaign_id}/{photo.game_number}/{uuid.uuid4().hex}.{extension}"


class GamePhoto(models.Model):
    """A photo of a game's board, added by a member; removed by its uploader or an owner."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="game_photos")
    game_number = models.PositiveIntegerField()
    image = models.FileField(upload_to=game_photo_path, max_length=200)
    content_type = models.CharField(max_length=20)
    caption = models.CharField(max_length=200, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="game_photos",
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "game_number", "uploaded_at", "pk"]
        indexes = [models.Index(fields=["campaign", "game_number"])]

    def __str__(self) -> str:
        return f"photo of {self.campaign} game {self.game_number}"


class GameAccount(models.Model):
    """The few paragraphs a member wrote about how a game went; one per game."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="game_accounts")
    game_number = models.PositiveIntegerField()
    text = models.TextField(max_length=ACCOUNT_MAX)
    written_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="game_accounts",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["campaign", "game_number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "game_number"], name="game_account_once"),
        ]

    def __str__(self) -> str:
        return f"account of {self.campaign} game {self.game_number}"

    @property
    def first_line(self) -> str:
        return next((line.strip() for line in self.text.splitlines() if line.strip()), "")
