"""The names written on the box bottom's cards: one per player present, each name once."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.models import Campaign


class CardsNamedForm(forms.Form):
    """Who is at the table now; each writes their name on one card (at most one per card)."""

    persons = forms.MultipleChoiceField(
        label=gettext_lazy("Players present"), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, campaign: Campaign, cards: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards
        field = self.fields["persons"]
        field.choices = list(campaign.persons.values_list("key", "display_name"))
        field.error_messages["required"] = _("Tick the players present: at least one.")
        field.error_messages["invalid_choice"] = _("Tick only people of this campaign.")

    def clean_persons(self) -> list[str]:
        persons = self.cleaned_data["persons"]
        if len(persons) > self.cards:
            raise forms.ValidationError(
                ngettext(
                    "There is %(cards)s card: tick at most %(cards)s player.",
                    "There are %(cards)s cards: tick at most %(cards)s players.",
                    self.cards,
                )
                % {"cards": self.cards}
            )
        return persons
