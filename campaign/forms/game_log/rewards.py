"""The guided game-log form's step "Signature and rewards": the winner's signature and reward,
each held-on player's reward and, once due, the world's name (END-4 to END-8)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from campaign.forms.game_log.gaps import NOT_RECORDED, NOT_RECORDED_LABEL, known
from campaign.forms.game_log.steps import StepForm, territory_choices
from rules.bounds import TEXT_MAX
from rules.data import board, content
from rules.rewards import HELD_ON_REWARDS, WINNER_REWARDS
from rules.unlocks import ordinal
from rules.world import World

UNOFFERED_REWARD = gettext_lazy(
    "This reward is not offered now: its supply is used up or it has no target."
)


class RewardsStep(StepForm):
    """Step 4: the winner's signature and reward (END-4, END-5), each held-on player's reward in
    clockwise order from the winner (END-6), and after game 15 the world's name (END-8).

    Only the rewards the rules offer now are listed (`winner_options`, and per held-on player
    the options for the territories they held); the chosen target is checked by the rules."""

    step = "rewards"

    def __init__(
        self,
        *args: Any,
        game: int,
        held_on: list[dict[str, Any]],
        persons: Mapping[str, str],
        naming_due: bool,
        winner_options: list[str] | None = None,
        winner_name: str = "",
        naming_candidates: Sequence[tuple[str, str]] = (),
        targets_url: str = "",
        world: World | None = None,
        **kwargs: Any,
    ) -> None:
        """`world`: the world as the game ends (its reward targets may include Alien
        Island)."""
        super().__init__(*args, **kwargs)
        self.rewarded = 1 <= game <= content().constants["rewarded_games"]
        self.naming_due = naming_due
        self.held_on = held_on
        self.held_on_factions = [h["faction"] for h in held_on]
        self.winner_name = winner_name
        if self.rewarded:
            self.fields["signed_on"] = forms.DateField(
                label=_("Signed on"),
                required=False,
                widget=forms.DateInput(attrs={"type": "date"}),
                help_text=_("Leave blank for the day the game was played."),
            )
            self.fields["slogan"] = forms.CharField(
                label=_("Slogan"), required=False, max_length=200
            )
            codes = WINNER_REWARDS if winner_options is None else winner_options
            self.fields["wr_code"] = forms.ChoiceField(
                label=_("Reward"),
                choices=[("", "—"), *[(k, f"{_(WINNER_REWARDS[k])} ({k})") for k in codes]],
                required=False,
                error_messages={"invalid_choice": UNOFFERED_REWARD},
                help_text=_(
                    "Only the rewards whose supply lasts and that have a target are listed."
                ),
            )
            targets = [
                *territory_choices(world=world),
                (
                    _("Continents (R1, R4)"),
                    [(f"continent:{c.key}", c.name) for c in board().continents.values()],
                ),
            ]
            self.fields["wr_target"] = forms.ChoiceField(
                label=_("On"), choices=targets, required=False
            )
            if targets_url:
                # htmx: choosing a reward narrows its targets to the legal ones.
                self.fields["wr_code"].widget.attrs.update(
                    {
                        "hx-get": f"{targets_url}?for=winner",
                        "hx-target": "#id_wr_target",
                        "hx-include": "#id_wr_target",
                        "hx-trigger": "change",
                    }
                )
            self.fields["wr_name"] = forms.CharField(
                label=_("Name of the continent (R1) or the Major City (R2)"),
                required=False,
                max_length=80,
            )
            self.fields["wr_delta"] = forms.ChoiceField(
                label=_("Bonus mark (R4)"),
                choices=[("", "—"), ("1", "+1"), ("-1", "-1")],
                required=False,
            )
            for player in held_on:
                faction = player["faction"]
                self.fields[f"hr_{faction}_code"] = forms.ChoiceField(
                    label=_("Reward"),
                    choices=[
                        ("", pgettext("no reward", "none")),
                        (NOT_RECORDED, NOT_RECORDED_LABEL),
                        *[(k, f"{_(HELD_ON_REWARDS[k])} ({k})") for k in player["options"]],
                    ],
                    required=False,
                    error_messages={"invalid_choice": UNOFFERED_REWARD},
                )
                self.fields[f"hr_{faction}_target"] = forms.ChoiceField(
                    label=_("On a territory it held when play stopped"),
                    choices=[
                        ("", "—"),
                        *[(t, board().territory(t).name) for t in player["held"]],
                    ],
                    required=False,
                    error_messages={
                        "invalid_choice": _(
                            "It did not hold that territory when play stopped (END-6): pick "
                            "one of those listed in “How it ended”."
                        )
                    },
                )
                if targets_url:
                    self.fields[f"hr_{faction}_code"].widget.attrs.update(
                        {
                            "hx-get": f"{targets_url}?for={faction}",
                            "hx-target": f"#id_hr_{faction}_target",
                            "hx-include": f"#id_hr_{faction}_target",
                            "hx-trigger": "change",
                        }
                    )
                self.fields[f"hr_{faction}_name"] = forms.CharField(
                    label=_("Minor City's name (H1)"), required=False, max_length=80
                )
        if naming_due:
            self.fields["world_name"] = forms.CharField(label=_("The world's name"), max_length=80)
            self.fields["world_namer"] = forms.ChoiceField(
                label=_("Named by (most signatures)"),
                choices=[("", "—"), *sorted(persons.items(), key=lambda kv: kv[1].lower())],
            )
            tied = ", ".join(f"{name} ({key})" for key, name in naming_candidates)
            self.fields["naming_rounds"] = forms.CharField(
                label=_("Roll-off dice if signers tie"),
                required=False,
                max_length=TEXT_MAX,
                widget=forms.Textarea(attrs={"rows": 2}),
                help_text=_(
                    "Most signatures: %(tied)s. If more than one, each rolls a die (+1 per "
                    "continent they named); write one round per line by key, e.g. “ann=4, "
                    "bob=3” (END-8)."
                )
                % {"tied": tied or _("nobody yet")},
            )

    def sections(self) -> list[tuple[str, list[Any]]]:
        """The fields grouped for the page: signature, winner's reward, each held-on player in
        clockwise order from the winner, the world's name."""
        groups: list[tuple[str, list[Any]]] = []
        if self.rewarded:
            signs = (
                _("The winner signs (%(name)s) (END-4)") % {"name": self.winner_name}
                if self.winner_name
                else _("The winner signs (END-4)")
            )
            groups.append((signs, [self["signed_on"], self["slogan"]]))
            groups.append(
                (
                    _("The winner's reward (END-5)"),
                    [self[f] for f in ("wr_code", "wr_target", "wr_name", "wr_delta")],
                )
            )
            for n, player in enumerate(self.held_on, start=1):
                faction = player["faction"]
                title = _("%(nth)s after the winner: %(faction)s (%(name)s) held on (END-6)") % {
                    "nth": ordinal(n),
                    "faction": content().factions[faction].name,
                    "name": player["name"],
                }
                fields = [self[f"hr_{faction}_{part}"] for part in ("code", "target", "name")]
                groups.append((title, fields))
        if self.naming_due:
            groups.append(
                (
                    _("Naming the world (END-8)"),
                    [self["world_name"], self["world_namer"], self["naming_rounds"]],
                )
            )
        return groups

    def clean_naming_rounds(self) -> list[dict[str, int]]:
        raw = self.cleaned_data.get("naming_rounds") or ""
        rounds = []
        for line in raw.replace(";", "\n").splitlines():
            if not line.strip():
                continue
            pairs = {}
            for part in line.split(","):
                match = re.fullmatch(r"\s*([\w-]+)\s*[=:]\s*([1-6])\s*", part)
                if not match:
                    raise forms.ValidationError(
                        _("Write each die as key=number (1-6): %(part)s.") % {"part": repr(part)}
                    )
                pairs[match[1]] = int(match[2])
            rounds.append(pairs)
        return rounds

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.rewarded and data.get("wr_code") and not data.get("wr_target"):
            self.add_error("wr_target", _("Choose where the winner's reward goes."))
        if self.rewarded and data.get("wr_code") == "R4" and not data.get("wr_delta"):
            self.add_error("wr_delta", _("Choose the +1 or the -1 mark (END-5 R4)."))
        for faction in self.held_on_factions:
            target = f"hr_{faction}_target"
            if (
                known(data.get(f"hr_{faction}_code") or "")
                and not data.get(target)
                and target not in self.errors
            ):
                self.add_error(f"hr_{faction}_target", _("Choose a territory it held (END-6)."))
        return data
