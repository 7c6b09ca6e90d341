"""The clock a game is started with, chosen on the campaign's new-game form and in the lobby:
none, per decision (the short windows time out), or per turn with weekly vacation days."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy, ngettext

from campaign.models.digital import DigitalGame
from campaign.services.digital.start import GameClock

TURN_HOURS_CHOICES = (6, 12, 24, 48, 72)
VACATION_DAYS_CHOICES = range(0, 8)


class ClockForm(forms.Form):
    clock = forms.ChoiceField(
        choices=DigitalGame.Clock.choices,
        initial=DigitalGame.Clock.DECISION,
        required=False,
        label=gettext_lazy("Clock"),
        help_text=gettext_lazy(
            "For games played over days, a turn clock: when a turn's time runs out, a bot "
            "plays it; after three missed turns in a row a bot keeps the seat until its "
            "player takes it back."
        ),
    )
    turn_hours = forms.TypedChoiceField(
        coerce=int,
        choices=[(h, str(h)) for h in TURN_HOURS_CHOICES],
        initial=24,
        required=False,
        label=gettext_lazy("Time for each turn"),
    )
    vacation_days = forms.TypedChoiceField(
        coerce=int,
        choices=[(d, str(d)) for d in VACATION_DAYS_CHOICES],
        initial=2,
        required=False,
        label=gettext_lazy("Vacation days a week"),
        help_text=gettext_lazy("Days each player may add to their own turns, renewed weekly."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["turn_hours"].choices = [
            (h, ngettext("%(count)s hour", "%(count)s hours", h) % {"count": h})
            for h in TURN_HOURS_CHOICES
        ]

    def game_clock(self) -> GameClock:
        """The clock chosen (per decision when left blank). Call once the form is valid."""
        data = self.cleaned_data
        return GameClock(
            kind=data.get("clock") or DigitalGame.Clock.DECISION,
            turn_hours=data.get("turn_hours") or 24,
            vacation_days=data.get("vacation_days") or 0,
        )
