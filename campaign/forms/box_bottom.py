"""The names written on the box bottom's cards: one per player present, each name once."""

from __future__ import annotations

from django import forms

from campaign.models import Campaign


class CardsNamedForm(forms.Form):
    """Who is at the table now; each writes their name on one card (at most one per card)."""

    persons = forms.MultipleChoiceField(
        label="Players present", widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, campaign: Campaign, cards: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards
        field = self.fields["persons"]
        field.choices = list(campaign.persons.values_list("key", "display_name"))
        field.error_messages["required"] = "Tick the players present: at least one."
        field.error_messages["invalid_choice"] = "Tick only people of this campaign."

    def clean_persons(self) -> list[str]:
        persons = self.cleaned_data["persons"]
        if len(persons) > self.cards:
            raise forms.ValidationError(
                f"There are {self.cards} cards: tick at most {self.cards} players."
            )
        return persons
