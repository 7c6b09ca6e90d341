"""The odds calculator's form: two armies and the modifiers on the defending territory."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.forms.fields import WholeNumberField
from campaign.selectors.odds import MAX_TROOPS
from rules.data import content
from rules.odds import SCARS

WEAR_BOXES = content().constants["fortification_wear_boxes"]


def _scar_choices() -> list[tuple[str, str]]:
    return [("", _("No scar")), *((key, content().scar_types[key].name) for key in SCARS)]


class OddsForm(forms.Form):
    attackers = WholeNumberField(
        label=_("Troops in the attacking territory"),
        min_value=2,
        max_value=MAX_TROOPS,
        initial=10,
    )
    defenders = WholeNumberField(
        label=_("Troops in the defending territory"),
        min_value=1,
        max_value=MAX_TROOPS,
        initial=5,
    )
    stay = WholeNumberField(
        label=_("Stop when this many troops are left in the attacking territory"),
        min_value=1,
        max_value=MAX_TROOPS - 1,
        initial=1,
    )
    fortification_uses = WholeNumberField(
        label=_("Fortification: 3-dice attacks it still withstands (0: none)"),
        min_value=0,
        max_value=WEAR_BOXES,
        initial=0,
    )
    scar = forms.ChoiceField(label=_("Scar on the defending territory"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scar"].choices = _scar_choices()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        attackers, stay = data.get("attackers"), data.get("stay")
        if attackers is not None and stay is not None and stay >= attackers:
            self.add_error(
                "stay",
                _("Leave fewer troops behind than the %(troops)s in the attacking territory.")
                % {"troops": attackers},
            )
        return data
