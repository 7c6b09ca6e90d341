"""The steps of the guided game-log form but the rewards (`rewards`): who played, what happened
during the game, how it ended and the confirmation, with the choices they share and
`StepForm`, which puts a rule's refusal next to its field."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms.fields import WholeNumberField
from campaign.forms.game_log.gaps import (
    NOT_RECORDED,
    NOT_RECORDED_LABEL,
    held_mixed,
    with_not_recorded,
)
from campaign.forms.game_log.missions import add_mission_fields, clean_missions
from campaign.forms.game_log.packs import add_seat_fields, clean_seat_draft, seat_draft_fields
from rules import board_links, box
from rules.bounds import COUNT_MAX, TEXT_MAX
from rules.data import board, content
from rules.world import World

STEPS = ("players", "during", "outcome", "packs", "rewards")
STEP_TITLES = {
    "players": gettext_lazy("Who played"),
    "during": gettext_lazy("During the game"),
    "outcome": gettext_lazy("How it ended"),
    "packs": gettext_lazy("What the packs brought"),
    "rewards": gettext_lazy("Signature and rewards"),
    "confirm": gettext_lazy("Check and confirm"),
}
MAX_PLAYERS = 5
SCAR_ROWS = 3
WEAR_ROWS = 3
GUEST = "__guest__"


def territory_choices(blank: str = "—", world: World | None = None) -> list[tuple[str, Any]]:
    """The territories by continent; with `world`, Alien Island too once it can be on the
    board (placed, or rising in this game: its pocket is open)."""
    groups: list[tuple[str, Any]] = [
        (c.name, [(t, board().territory(t).name) for t in c.territories])
        for c in board().continents.values()
    ]
    if world is not None and (
        world.alien_island is not None or box.addition_active(world, "alien_island")
    ):
        island = board().territory(board_links.ALIEN_ISLAND)
        groups.append((_("In no continent"), [(island.key, island.name)]))
    return [("", blank), *groups]


def faction_choices(keys: list[str], blank: str = "—") -> list[tuple[str, str]]:
    factions = content().factions
    return [("", blank), *[(k, factions[k].name) for k in keys if k in factions]]


class StepForm(forms.Form):
    """A step of the guided form; `rule_error` puts a refusal next to its field."""

    step = ""

    def rule_error(self, field: str | None, message: str) -> None:
        if field is not None and field in self.fields:
            self.add_error(field, message)
        else:
            self.add_error(None, message)


class PlayersStep(StepForm):
    """Step 1: when, who (members or guests), which faction, where each HQ started (S-7), who
    eliminated it, and its draft cards when the campaign's setup is a draft."""

    step = "players"
    played_on = forms.DateField(
        label=gettext_lazy("Played on"),
        widget=forms.DateInput(attrs={"type": "date"}),
        initial=datetime.date.today,
    )

    def __init__(self, *args: Any, persons: Mapping[str, str], world: World, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drafting = box.draft_active(world)
        person_choices = [
            ("", "—"),
            *sorted(persons.items(), key=lambda kv: kv[1].lower()),
            (GUEST, _("A guest (name below)")),
        ]
        for i in range(MAX_PLAYERS):
            self.fields[f"p{i}_person"] = forms.ChoiceField(
                label=_("Seat %(n)s: player") % {"n": i + 1}, choices=person_choices, required=False
            )
            self.fields[f"p{i}_guest"] = forms.CharField(
                label=_("Guest's name"), required=False, max_length=80
            )
            # A pack's faction from the game after its pack opened (U-8).
            self.fields[f"p{i}_faction"] = forms.ChoiceField(
                label=_("Faction"),
                choices=faction_choices(list(box.factions(world))),
                required=False,
            )
            self.fields[f"p{i}_start"] = forms.ChoiceField(
                label=_("Starting territory (HQ)"),
                choices=with_not_recorded(territory_choices(world=world)),
                required=False,
            )
            add_seat_fields(self, i, world)

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's fields; the seats past the fewest a game may have (C-1) and past the last
        one filled in are `folded`, so the step opens with the seats most games use."""
        least = content().constants["players_min"]
        filled = [i for i in range(MAX_PLAYERS) if self._seat_filled(i)]
        shown = max([least - 1, *filled])
        return [
            {
                "number": i + 1,
                "folded": i > shown,
                "person": self[f"p{i}_person"],
                "guest": self[f"p{i}_guest"],
                "faction": self[f"p{i}_faction"],
                "start": self[f"p{i}_start"],
                "elim": self[f"p{i}_elim"],
                "draft": seat_draft_fields(self, i),
            }
            for i in range(MAX_PLAYERS)
        ]

    def _seat_filled(self, seat: int) -> bool:
        names = [n for n in self.fields if n.startswith(f"p{seat}_")]
        return any(self[n].value() or self[n].errors for n in names)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        used = 0
        for i in range(MAX_PLAYERS):
            person = data.get(f"p{i}_person")
            faction = data.get(f"p{i}_faction")
            start = data.get(f"p{i}_start")
            guest = (data.get(f"p{i}_guest") or "").strip()
            if not (person or faction or start or guest):
                continue
            clean_seat_draft(self, data, i)
            used += 1
            if not person and not guest:
                self.add_error(f"p{i}_person", _("Choose a member or name a guest."))
            if person == GUEST and not guest:
                self.add_error(f"p{i}_guest", _("Give the guest's name."))
            if not faction:
                self.add_error(f"p{i}_faction", _("Choose the faction this player took."))
            if not start:
                self.add_error(f"p{i}_start", _("Give the starting territory (S-7)."))
        limits = content().constants
        if used < limits["players_min"]:
            self.add_error(
                None,
                _("A game has %(least)s to %(most)s players (C-1).")
                % {"least": limits["players_min"], "most": limits["players_max"]},
            )
        return data


class DuringStep(StepForm):
    """Step 2: scar cards played, fortification wear, the mid-game facts that open packs, and
    the missions claimed once the campaign's box holds a mission deck (the World Capital is
    founded by one of them, U-5)."""

    step = "during"

    def __init__(self, *args: Any, factions: list[str], world: World, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        scar_targets = [
            *territory_choices(world=world),
            (
                _("Faction cards"),
                [(f"faction:{k}", f.name) for k, f in box.factions(world).items()],
            ),
        ]
        scar_kinds = [("", "—"), *[(k, s.name) for k, s in box.scar_types(world).items()]]
        players = faction_choices(factions, blank=_("nobody in particular"))
        for i in range(SCAR_ROWS):
            self.fields[f"s{i}_scar"] = forms.ChoiceField(
                label=_("Scar card %(n)s") % {"n": i + 1},
                choices=scar_kinds,
                required=False,
                # Never echo what was typed: it may name a scar of a sealed pack (U-8).
                error_messages={"invalid_choice": _("Choose one of the scar cards listed.")},
            )
            self.fields[f"s{i}_target"] = forms.ChoiceField(
                label=_("Placed on"), choices=scar_targets, required=False
            )
            self.fields[f"s{i}_by"] = forms.ChoiceField(
                label=_("By"), choices=players, required=False
            )
        forts = [
            ("", "—"),
            *[
                (t, board().territory(t).name)
                for t in world.fortifications
                if world.is_fortified(t)
            ],
        ]
        for i in range(WEAR_ROWS):
            self.fields[f"w{i}_territory"] = forms.ChoiceField(
                label=_("Fortification worn %(n)s") % {"n": i + 1}, choices=forts, required=False
            )
            self.fields[f"w{i}_boxes"] = WholeNumberField(
                label=_("Boxes marked"), required=False, min_value=1, max_value=10
            )
        self.fields["missiles3"] = forms.BooleanField(
            label=_("Three or more missiles were fired on one roll (Pocket 1, U-6)"),
            required=False,
        )
        self.fields["missiles3_by"] = forms.ChoiceField(
            label=_("The third missile was fired by"), choices=players, required=False
        )
        self.fields["recruit30"] = forms.BooleanField(
            label=_("A player about to place 30+ troops held a missile (Pocket 2, U-7)"),
            required=False,
        )
        self.fields["recruit30_by"] = forms.ChoiceField(
            label=_("Who"), choices=players, required=False
        )
        self.fields["recruit30_troops"] = WholeNumberField(
            label=_("Troops to place"), required=False, min_value=0, max_value=COUNT_MAX
        )
        for faction in factions:
            self.fields[f"m_{faction}"] = WholeNumberField(
                label=_("Missiles used by %(faction)s")
                % {"faction": content().factions[faction].name},
                required=False,
                min_value=0,
                max_value=COUNT_MAX,
            )
        add_mission_fields(self, world, faction_choices(factions))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        clean_missions(self, data)
        for i in range(SCAR_ROWS):
            if bool(data.get(f"s{i}_scar")) != bool(data.get(f"s{i}_target")):
                self.add_error(f"s{i}_target", _("Give both the scar and where it was placed."))
        for i in range(WEAR_ROWS):
            if data.get(f"w{i}_territory") and not data.get(f"w{i}_boxes"):
                self.add_error(f"w{i}_boxes", _("How many wear boxes were marked? (X-9)"))
        if (
            data.get("recruit30")
            and (data.get("recruit30_troops") or 0) < content().constants["pocket2_troops"]
        ):
            self.add_error("recruit30_troops", _("Pocket 2 opens at 30 troops or more (U-7)."))
        return data


class OutcomeStep(StepForm):
    """Step 3: the winner, who still had troops on the board (else eliminated, END-2), and
    which territories each player held when play stopped (for held-on rewards, END-6)."""

    step = "outcome"

    def __init__(
        self,
        *args: Any,
        factions: list[str],
        eliminated: frozenset[str] = frozenset(),
        world: World | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["winner"] = forms.ChoiceField(
            label=_("Winner"),
            choices=faction_choices(factions),
            required=True,
            error_messages={
                "required": _(
                    "Pick the one faction that won: every game has exactly one winner (END-2)."
                )
            },
        )
        territories = territory_choices(world=world)[1:]
        for faction in factions:
            name = content().factions[faction].name
            self.fields[f"t_{faction}"] = forms.BooleanField(
                label=_("%(faction)s had troops on the board at the end") % {"faction": name},
                required=False,
                initial=faction not in eliminated,
            )
            self.fields[f"h_{faction}"] = forms.MultipleChoiceField(
                label=_("Territories %(faction)s held at the end") % {"faction": name},
                choices=[(NOT_RECORDED, NOT_RECORDED_LABEL), *territories],
                required=False,
                widget=forms.SelectMultiple(attrs={"size": 8}),
                help_text=_("A held-on reward must go on one of these (END-6)."),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name, value in list(data.items()):
            # A faction marked as off the board keeps no held territory the form filled in
            # for it (its start); one picked by hand is still refused (G-6).
            off_board = name.startswith("h_") and data.get(f"t_{name[2:]}") is False
            if off_board and value and list(value) == list(self.initial.get(name) or ()):
                data[name] = value = []
            if name.startswith("h_") and held_mixed(value or ()):
                self.add_error(
                    name, _("Pick the territories held, or “not recorded”, not both (END-6).")
                )
        return data


class ConfirmStep(StepForm):
    step = "confirm"
    reason = forms.CharField(
        label=gettext_lazy("Why is this game corrected?"),
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    override_reason = forms.CharField(
        label=gettext_lazy("Accept anyway (owners): why?"),
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "For a house rule or a board that differs; the reason stays in the history."
        ),
    )
