"""Notices: what waits for a person (their turn, a decision, a game over, a pack opened), how
they want to hear of each kind, and when each of their games last sent them an e-mail."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from notices.kinds import DEFAULT_DELIVERY, Delivery, Kind


class Notice(models.Model):
    """One thing for one person. Words are kept as data (`kind`, `params`) and worded when read,
    in the reader's language (`notices.words`). `ref` tells one turn or decision from the next,
    so an open notice is never made twice. A notice is open until `closed_at`: the person acted
    (turn, decision, deadline) or read it (game over, pack opened)."""

    class Mail(models.TextChoices):
        NONE = "none", _("Not e-mailed")
        PENDING = "pending", _("Waiting for the next e-mail")
        SENT = "sent", _("E-mailed")
        SKIPPED = "skipped", _("Not e-mailed: seen or over first")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    campaign = models.ForeignKey(
        "campaign.Campaign",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notices",
        help_text=_("Blank for a standalone game's notice."),
    )
    game = models.ForeignKey(
        "campaign.DigitalGame",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notices",
    )
    ref = models.CharField(max_length=80, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    mail = models.CharField(max_length=8, choices=Mail.choices, default=Mail.NONE)
    created_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["user", "closed_at"]),
            models.Index(fields=["game", "closed_at"]),
            models.Index(fields=["mail", "closed_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user} ({self.ref or self.pk})"


def _delivery_field(kind: Kind) -> models.CharField:
    return models.CharField(
        kind.label, max_length=8, choices=Delivery.choices, default=DEFAULT_DELIVERY[kind]
    )


class NoticeSettings(models.Model):
    """How one person wants to hear of each kind of notice: e-mail, site only, or off."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_settings"
    )
    turn = _delivery_field(Kind.TURN)
    decision = _delivery_field(Kind.DECISION)
    deadline = _delivery_field(Kind.DEADLINE)
    game_over = _delivery_field(Kind.GAME_OVER)
    pack_opened = _delivery_field(Kind.PACK_OPENED)

    class Meta:
        verbose_name = _("notice settings")
        verbose_name_plural = _("notice settings")

    def __str__(self) -> str:
        return str(self.user)


class MailWindow(models.Model):
    """When one person last got an e-mail about one game (or, `game` empty, one campaign's
    packs): at most one an hour each. The row is the claim a sending task takes. A game's
    window is keyed by the game alone (its campaign is fixed, or none for a standalone game)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_mail_windows"
    )
    campaign = models.ForeignKey(
        "campaign.Campaign",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notice_mail_windows",
        help_text=_("Blank for a standalone game's e-mails."),
    )
    game = models.ForeignKey(
        "campaign.DigitalGame",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notice_mail_windows",
    )
    last_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("e-mail hour")
        verbose_name_plural = _("e-mail hours")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game"],
                condition=models.Q(game__isnull=False),
                name="notice_mail_window_game_unique",
            ),
            models.UniqueConstraint(
                fields=["user", "campaign"],
                condition=models.Q(game__isnull=True),
                name="notice_mail_window_campaign_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"mail window of {self.user} for {self.game or self.campaign}"
