"""What a notice can be about, and how a person may want to hear of each kind."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    TURN = "turn", _("Your turn")
    DECISION = "decision", _("A decision waits for you (a defence, a missile window)")
    DEADLINE = "deadline", _("Your time is nearly up")
    GAME_OVER = "game_over", _("A game of yours is over")
    PACK_OPENED = "pack_opened", _("A pack opened in your campaign")


class Delivery(models.TextChoices):
    EMAIL = "email", _("On the site and by e-mail")
    SITE = "site", _("On the site only")
    OFF = "off", _("Off")


# Kinds that stay open only while the person must act; the others stay until read.
ACT_KINDS = frozenset({Kind.TURN, Kind.DECISION, Kind.DEADLINE})

# A defence or a missile window lasts seconds: an e-mail would arrive after it closed.
DEFAULT_DELIVERY: dict[str, str] = {
    Kind.TURN: Delivery.EMAIL,
    Kind.DECISION: Delivery.SITE,
    Kind.DEADLINE: Delivery.EMAIL,
    Kind.GAME_OVER: Delivery.EMAIL,
    Kind.PACK_OPENED: Delivery.EMAIL,
}
