"""Forms of opening a pack by hand: which sealed pack and why (naming packs only), then, once
the owner confirmed, what its opening brought (asked only for the pack being opened, U-8)."""

from __future__ import annotations

from typing import Any

from django import forms

from campaign.models import Campaign
from campaign.services.pack_by_hand import ASKS, ISLAND, NUKE, REASON_MAX, WHY, Brought
from rules import board_links, box
from rules.data import board
from rules.world import World

WHY_LABELS = [
    ("vote", "The group voted to open it"),
    ("misprint", "A misprint"),
    ("swapped", "Contents found swapped"),
    ("other", "Another reason"),
]
assert {k for k, _ in WHY_LABELS} == set(WHY)


def _territories(keep: Any = None) -> list[tuple[str, Any]]:
    """The printed territories by continent (those `keep` accepts), with a blank first."""
    groups = [
        (c.name, [(t, board().territory(t).name) for t in c.territories if not keep or keep(t)])
        for c in board().continents.values()
    ]
    return [("", "—"), *[(name, rows) for name, rows in groups if rows]]


class PackChoiceForm(forms.Form):
    """The sealed pack to open and why."""

    pack = forms.ChoiceField(
        label="Pack to open",
        error_messages={
            "required": "Choose the pack to open.",
            "invalid_choice": "Choose one of this campaign's sealed packs.",
        },
    )
    why = forms.ChoiceField(
        label="Why by hand",
        choices=WHY_LABELS,
        widget=forms.RadioSelect,
        error_messages={"required": "Say why the pack is opened by hand."},
    )
    words = forms.CharField(
        label="In a few words",
        required=False,
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Kept with the opening in the history, like any owner's override.",
    )

    def __init__(self, *args, packs: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pack"].choices = [("", "—"), *packs]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("why") == "other" and not (data.get("words") or "").strip():
            self.add_error("words", "Say in a few words why the pack is opened by hand.")
        return data


class BroughtForm(forms.Form):
    """What the opening of `pack` brought, in the choices it asks for (none for most packs)."""

    def __init__(self, *args, pack: str, world: World, campaign: Campaign, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.asks = ASKS.get(pack, "")
        if not self.asks:
            return
        factions = box.factions(world)
        if self.asks == NUKE:
            self.fields["territory"] = forms.ChoiceField(
                label="Territory nuked",
                choices=_territories(),
                error_messages={"required": "Say which territory was nuked."},
            )
            self.fields["faction"] = forms.ChoiceField(
                label="Faction that fired the third missile",
                choices=[("", "—"), *((k, f.name) for k, f in factions.items())],
                error_messages={"required": "Say whose missile it was."},
            )
        else:
            yellow = [(k, f.name) for k, f in factions.items() if f.slot_open("yellow")]
            self.fields["faction"] = forms.ChoiceField(
                label="Faction about to place the troops",
                choices=[("", "—"), *yellow],
                error_messages={"required": "Say which faction it was."},
            )
            coastal = _territories(board_links.touches_ocean)
            for end, which in (("end_a", "first"), ("end_b", "second")):
                self.fields[end] = forms.ChoiceField(
                    label=f"The island's {which} sea line ends in",
                    choices=coastal,
                    error_messages={"required": f"Say where the {which} sea line ends."},
                )
        self.fields["person"] = forms.ChoiceField(
            label="Who chose (if known)",
            required=False,
            choices=[("", "not recorded"), *campaign.persons.values_list("key", "display_name")],
        )

    def brought(self) -> Brought:
        data = self.cleaned_data
        if self.asks == ISLAND:
            ends = (data["end_a"], data["end_b"])
            return Brought(faction=data["faction"], ends=ends, person=data["person"] or None)
        if self.asks == NUKE:
            return Brought(
                territory=data["territory"], faction=data["faction"], person=data["person"] or None
            )
        return Brought()
