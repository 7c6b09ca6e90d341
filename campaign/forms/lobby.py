"""The lobby's form: a rule set, its options (fields built from the registry, so a rule set
appears here as soon as it is registered), who sits in each seat, and whether anyone may
watch. Whether the choices combine is the engine's to say (`rules.rule_sets.check_choice`):
the form only reads them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.clock import ClockForm
from campaign.forms.fields import WholeNumberField
from campaign.models.digital import GameSeat
from campaign.services.standalone import NAME_MAX, LobbySeat, SeatKind
from rules.rule_sets import RULE_SETS, OptionSpec

SEAT_KINDS = [
    ("", gettext_lazy("— empty —")),
    (SeatKind.ME, gettext_lazy("Me")),
    (SeatKind.INVITE, gettext_lazy("Invited (by link)")),
    (SeatKind.HOTSEAT, gettext_lazy("Hot-seat (this browser)")),
    (SeatKind.BOT, gettext_lazy("Bot")),
]


def seat_rows() -> int:
    """As many seat rows as the largest table of any rule set."""
    return max(found.max_players for found in RULE_SETS.values())


def option_field_name(rule_set: str, key: str) -> str:
    return f"{rule_set}__{key}"


def _option_field(spec: OptionSpec) -> forms.Field:
    label, help_text = _(spec.label), _(spec.help) if spec.help else ""
    if spec.kind == "bool":
        return forms.BooleanField(
            required=False, initial=bool(spec.default), label=label, help_text=help_text
        )
    if spec.kind == "int":
        # No bounds here: out of range is refused by the rule set, in its words.
        attrs = {"min": spec.minimum, "max": spec.maximum}
        return WholeNumberField(
            required=False,
            initial=spec.default,
            label=label,
            help_text=help_text,
            widget=forms.NumberInput(attrs={k: v for k, v in attrs.items() if v is not None}),
        )
    return forms.ChoiceField(
        required=False,
        initial=spec.default,
        label=label,
        help_text=help_text,
        choices=[(value, _(words)) for value, words in spec.choices],
    )


class LobbyGameForm(ClockForm):
    rule_set = forms.ChoiceField(label=gettext_lazy("Rule set"))
    is_public = forms.BooleanField(
        required=False,
        label=gettext_lazy("Public game"),
        help_text=gettext_lazy(
            "Anyone may watch it, and it is listed in the lobby; a private game is seen only "
            "by its players."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].choices = [(key, _(rs.name)) for key, rs in RULE_SETS.items()]
        self.fields["rule_set"].initial = next(iter(RULE_SETS))
        for found in RULE_SETS.values():
            for spec in found.options:
                self.fields[option_field_name(found.key, spec.key)] = _option_field(spec)
        for index in range(seat_rows()):
            self.fields[f"seat{index}_kind"] = forms.ChoiceField(
                required=False, choices=SEAT_KINDS, label=_("Seat %(n)s") % {"n": index + 1}
            )
            self.fields[f"seat{index}_level"] = forms.ChoiceField(
                required=False,
                choices=GameSeat.BotLevel.choices,
                initial=GameSeat.BotLevel.NORMAL,
                label=_("Seat %(n)s bot level") % {"n": index + 1},
            )
            self.fields[f"seat{index}_name"] = forms.CharField(
                required=False,
                max_length=NAME_MAX,
                label=_("Name"),
                widget=forms.TextInput(attrs={"placeholder": _("name (hot-seat or bot)")}),
            )

    def rule_set_groups(self) -> list[dict[str, Any]]:
        """Each rule set with its option fields, for the template."""
        return [
            {
                "key": found.key,
                "name": _(found.name),
                "summary": _(found.summary) if found.summary else "",
                "players": (found.min_players, found.max_players),
                "fields": [self[option_field_name(found.key, spec.key)] for spec in found.options],
            }
            for found in RULE_SETS.values()
        ]

    def seat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [
            (self[f"seat{index}_kind"], self[f"seat{index}_name"], self[f"seat{index}_level"])
            for index in range(seat_rows())
        ]

    def chosen(self) -> tuple[str, dict[str, Any], list[LobbySeat]]:
        """The rule set, its options as typed (left out when blank: the default) and the
        seats in order (empty rows skipped). Call once the form is valid."""
        data = self.cleaned_data
        key = data["rule_set"]
        options: dict[str, Any] = {}
        for spec in RULE_SETS[key].options:
            value = data.get(option_field_name(key, spec.key))
            if spec.kind == "bool":
                options[spec.key] = bool(value)
            elif value not in (None, ""):
                options[spec.key] = value
        seats = [
            LobbySeat(
                kind=data[f"seat{i}_kind"],
                name=data.get(f"seat{i}_name") or "",
                level=data.get(f"seat{i}_level") or GameSeat.BotLevel.NORMAL,
            )
            for i in range(seat_rows())
            if data.get(f"seat{i}_kind")
        ]
        return key, options, seats
