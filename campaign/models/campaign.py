"""Campaigns, the people who play them, who may see or change them, and invitations."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

INVITE_LIFETIME = timedelta(days=14)


class Role(models.TextChoices):
    """What a member may do: owners administer and correct, players log and play, viewers read."""

    OWNER = "owner", _("Owner")
    PLAYER = "player", _("Player")
    VIEWER = "viewer", _("Viewer")


class Campaign(models.Model):
    """One physical (or digital) copy of the game: one world that changes game after game."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_campaigns"
    )
    is_public = models.BooleanField(
        default=False, help_text=_("Anyone, even without an account, may read its history pages.")
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaign:campaign_detail", kwargs={"slug": self.slug})


class Person(models.Model):
    """Someone who plays in the campaign. `key` is the `person` string the rules' World uses;
    a guest is a Person without a user account."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="persons")
    display_name = models.CharField(max_length=80)
    key = models.SlugField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="campaign_persons",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "key"], name="person_key_unique"),
            models.UniqueConstraint(
                fields=["campaign", "user"],
                condition=models.Q(user__isnull=False),
                name="person_user_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign} ({self.role})"


def _new_token() -> str:
    return secrets.token_urlsafe(24)


def _default_expiry():
    return timezone.now() + INVITE_LIFETIME


class Invite(models.Model):
    """A link that makes whoever accepts it (signed in) a member with `role`. Used once."""

    token = models.CharField(max_length=64, unique=True, default=_new_token, editable=False)
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invites_sent"
    )
    created = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=_default_expiry)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="invites_used",
    )

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.role} invite to {self.campaign}"

    def get_absolute_url(self) -> str:
        return reverse("campaign:invite_accept", kwargs={"token": self.token})

    @property
    def is_used(self) -> bool:
        return self.used_at is not None

    @property
    def is_expired(self) -> bool:
        return timezone.now() >= self.expires_at

    @property
    def is_open(self) -> bool:
        return not self.is_used and not self.is_expired
