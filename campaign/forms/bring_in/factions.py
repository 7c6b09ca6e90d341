"""The bring-in's factions: the starting powers chosen and what the open packs put in their
slots."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.bring_in import slots
from campaign.forms.bring_in.base import StepForm
from campaign.services import bring_in as b
from rules.data import content
from rules.world_events import StartingPowerChosen


class FactionsForm(StepForm):
    """The faction cards: the starting power each kept (P-2), where not recorded yet, and
    what the open packs put in their slots or on the board (the `slots` module)."""

    step, title = "factions", gettext_lazy("Faction cards")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for key, faction in content().base_factions.items():
            if key in self.world.starting_powers:
                continue
            self.fields[key] = forms.ChoiceField(
                label=faction.name,
                widget=forms.RadioSelect,
                choices=[(p.key, f"{p.name}: {p.text}") for p in faction.powers],
                error_messages={
                    "required": _("Which starting power does %(faction)s's card carry? (P-2)")
                    % {"faction": faction.name},
                    "invalid_choice": _(
                        "%(faction)s carries one of its own two starting powers (P-2)."
                    )
                    % {"faction": faction.name},
                },
            )
        self.fields.update(slots.slot_fields(self.box_world))

    def starting_fields(self) -> list:
        return [self[k] for k in content().base_factions if k in self.fields]

    def slot_sections(self) -> list[tuple[str, list]]:
        return slots.slot_sections(self)

    def clean(self):
        data = super().clean()
        slots.check_together(self, data)
        return data

    def entries(self) -> list[b.Entry]:
        data = self.cleaned_data
        powers = [
            self.entry(key, b.POWERS, lambda c, f=key, p=data[key]: StartingPowerChosen(f, p))
            for key in content().base_factions
            if data.get(key)
        ]
        return powers + slots.slot_entries(data, self.entry)
