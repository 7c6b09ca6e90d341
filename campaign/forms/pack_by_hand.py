"""Forms of opening a pack by hand: which sealed pack and why (naming packs only), then, once
the owner confirmed, what its opening brought (asked only for the pack being opened, U-8)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.models import Campaign
from campaign.services.pack_by_hand import ASKS, ISLAND, NUKE, REASON_MAX, WHY, Brought
from rules import board_links, box
from rules.data import board
from rules.world import World

WHY_LABELS = [
    ("vote", gettext_lazy("The group voted to open it")),
    ("misprint", gettext_lazy("A misprint")),
    ("swapped", gettext_lazy("Contents found swapped")),
    ("other", gettext_lazy("Another reason")),
]
assert {k for k, _label in WHY_LABELS} == set(WHY)


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
        label=gettext_lazy("Pack to open"),
        error_messages={
            "required": gettext_lazy("Choose the pack to open."),
            "invalid_choice": gettext_lazy("Choose one of this campaign's sealed packs."),
        },
    )
    why = forms.ChoiceField(
        label=gettext_lazy("Why by hand"),
        choices=WHY_LABELS,
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Say why the pack is opened by hand.")},
    )
    words = forms.CharField(
        label=gettext_lazy("In a few words"),
        required=False,
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Kept with the opening in the history, like any owner's override."),
    )

    def __init__(self, *args, packs: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pack"].choices = [("", "—"), *packs]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("why") == "other" and not (data.get("words") or "").strip():
            self.add_error("words", _("Say in a few words why the pack is opened by hand."))
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
                label=_("Territory nuked"),
                choices=_territories(),
                error_messages={"required": _("Say which territory was nuked.")},
            )
            self.fields["faction"] = forms.ChoiceField(
                label=_("Faction that fired the third missile"),
                choices=[("", "—"), *((k, f.name) for k, f in factions.items())],
                error_messages={"required": _("Say whose missile it was.")},
            )
        else:
            yellow = [(k, f.name) for k, f in factions.items() if f.slot_open("yellow")]
            self.fields["faction"] = forms.ChoiceField(
                label=_("Faction about to place the troops"),
                choices=[("", "—"), *yellow],
                error_messages={"required": _("Say which faction it was.")},
            )
            coastal = _territories(board_links.touches_ocean)
            ends = (
                (
                    "end_a",
                    _("The island's first sea line ends in"),
                    _("Say where the first sea line ends."),
                ),
                (
                    "end_b",
                    _("The island's second sea line ends in"),
                    _("Say where the second sea line ends."),
                ),
            )
            for end, label, required in ends:
                self.fields[end] = forms.ChoiceField(
                    label=label, choices=coastal, error_messages={"required": required}
                )
        self.fields["person"] = forms.ChoiceField(
            label=_("Who chose (if known)"),
            required=False,
            choices=[("", _("not recorded")), *campaign.persons.values_list("key", "display_name")],
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
