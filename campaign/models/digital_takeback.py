"""Take-back requests of digital games (PRI-4): a player asks to take back moves that other
players' answers went with; those players accept or decline. The take-back itself, once
made, is an entry of the move log (`GameMove`), so the log stays append-only."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.digital import DigitalGame


class TakeBackRequest(models.Model):
    """Seat `seat` asked, at game version `version`, to take back the log's moves from
    `first` on; `waiting_on` are the seats that must agree, `agreed` those that did. A request
    is answered once; it lapses when the game moves on before every seat agreed. Rows are
    kept: they are the record of who asked and who answered."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted: the moves were taken back")
        DECLINED = "declined", _("Declined")
        LAPSED = "lapsed", _("Lapsed: the game moved on")

    game = models.ForeignKey(DigitalGame, on_delete=models.CASCADE, related_name="take_backs")
    seat = models.PositiveSmallIntegerField()
    first = models.PositiveIntegerField(help_text=_("The log number of the first move undone."))
    version = models.PositiveIntegerField(help_text=_("The game's version when it was asked."))
    waiting_on = models.JSONField(default=list)
    agreed = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="take_backs_asked",
    )
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="take_backs_answered",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "-created_at"]

    def __str__(self) -> str:
        return f"take-back by seat {self.seat} from move {self.first} of {self.game}"
