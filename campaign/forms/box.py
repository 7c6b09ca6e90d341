"""Forms for a campaign's box: Pack 2's opening choice and the readings of open points. Their
choices come from the campaign's box, so a form never offers what a sealed pack holds."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.selectors.box import comeback_pick_due
from rules import box
from rules.world import World


class ComebackPowerForm(forms.Form):
    """C100: which faction (eliminated in the opening game) takes which comeback power."""

    faction = forms.ChoiceField(label=gettext_lazy("Faction"))
    power = forms.ChoiceField(label=gettext_lazy("Comeback power"), widget=forms.RadioSelect)

    def __init__(self, *args, world: World, pack: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [
            (row["faction"], row["name"]) for row in comeback_pick_due(world=world, pack=pack)
        ]
        self.fields["power"].choices = [
            (p.key, f"{p.name}: {p.text}") for p in box.comeback_powers_left(world)
        ]
        self.fields["faction"].error_messages["invalid_choice"] = _(
            "Pick one of the factions eliminated in the game that opened this pack."
        )
        self.fields["power"].error_messages["invalid_choice"] = _(
            "Pick one of the comeback powers still on the sheet (G-15)."
        )


class ReadingsForm(forms.Form):
    """One choice per open point of the campaign's opened packs, set to its current reading."""

    def __init__(self, *args, world: World, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for spec, value in box.settings(world):
            self.fields[spec.key] = forms.ChoiceField(
                label=spec.label,
                choices=list(spec.choices.items()),
                initial=value,
                widget=forms.RadioSelect,
                help_text=_("Default: %(reading)s") % {"reading": spec.choices[spec.default]},
                error_messages={"invalid_choice": _("Pick one of the readings offered.")},
            )
