"""The form that seats a new digital game: people or bots in each seat, and the clock."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.clock import ClockForm
from campaign.forms.fields import WholeNumberField
from campaign.models import Person
from campaign.models.digital import GameSeat

SEAT_ROWS = 5

KIND_CHOICES = [
    ("", gettext_lazy("— empty —")),
    (GameSeat.Kind.HUMAN, gettext_lazy("Own browser")),
    (GameSeat.Kind.HOTSEAT, gettext_lazy("Hot-seat (this browser)")),
    (GameSeat.Kind.BOT, gettext_lazy("Bot")),
]


class GameStartForm(ClockForm):
    """Up to five seats in clockwise order; a seat is a person and who plays it. A bot seat
    without a person gets a bot person ("Bot 2") of the campaign.

    Only the owner may choose the dice seed (reproducible test games): a chosen seed is not
    secret, so anyone else's game always gets one from the server (DESIGN randomness)."""

    seed = WholeNumberField(
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        label=gettext_lazy("Seed"),
        help_text=gettext_lazy(
            "Optional, for test games: the same seed and moves give the same dice. A "
            "chosen seed is not secret, and the game page says so."
        ),
    )

    def __init__(
        self, *args, persons: list[Person], may_choose_seed: bool = False, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.may_choose_seed = may_choose_seed
        if not may_choose_seed:
            del self.fields["seed"]
        self.persons = {str(p.pk): p for p in persons}
        person_choices = [("", _("— a new bot —"))] + [
            (
                str(p.pk),
                p.display_name if p.user_id else _("%(name)s (guest)") % {"name": p.display_name},
            )
            for p in persons
        ]
        for i in range(SEAT_ROWS):
            self.fields[f"seat{i}_kind"] = forms.ChoiceField(
                choices=KIND_CHOICES, required=False, label=_("Seat %(number)s") % {"number": i + 1}
            )
            self.fields[f"seat{i}_person"] = forms.ChoiceField(
                choices=person_choices,
                required=False,
                label=_("Seat %(number)s person") % {"number": i + 1},
            )
            self.fields[f"seat{i}_level"] = forms.ChoiceField(
                choices=GameSeat.BotLevel.choices,
                initial=GameSeat.BotLevel.NORMAL,
                required=False,
                label=_("Seat %(number)s bot level") % {"number": i + 1},
            )

    def seat_rows(
        self,
    ) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [
            (self[f"seat{i}_kind"], self[f"seat{i}_person"], self[f"seat{i}_level"])
            for i in range(SEAT_ROWS)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.may_choose_seed and self.data.get("seed"):
            self.add_error(None, _("Only the campaign's owner chooses a dice seed; leave it out."))
        seats: list[tuple[Person | None, str, str]] = []
        for i in range(SEAT_ROWS):
            kind = data.get(f"seat{i}_kind") or ""
            person_id = data.get(f"seat{i}_person") or ""
            if not kind:
                continue
            person = self.persons.get(person_id)
            if person is None and kind != GameSeat.Kind.BOT:
                self.add_error(
                    f"seat{i}_person", _("Choose who sits here (only bots need nobody).")
                )
                continue
            level = data.get(f"seat{i}_level") or GameSeat.BotLevel.NORMAL
            seats.append((person, kind, level))
        data["seats"] = seats
        data["game_clock"] = self.game_clock()
        return data
