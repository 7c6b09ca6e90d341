"""The guided game-log form: up to five steps and a confirmation, each a plain Django form
(the step for what packs brought shows only once the campaign's box holds such things, see
`campaign.forms.game_log_packs`).

The steps keep what the user typed (raw POST data) in a draft held in the session, so a
half-filled log survives a reload; nothing reaches the world until the confirmation. Each step
checks its own fields, then the rules: the draft so far is planned with
`campaign.services.game_log.plan.game_log_plan` and the refusals that belong to this step's fields
are shown next to them with their rule IDs. `entry_from_steps` builds the `GameLogEntry` the
service takes; `steps_from_entry` goes back (to correct a logged game).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from campaign.forms.fields import WholeNumberField
from campaign.forms.game_log_gaps import (
    NOT_RECORDED,
    NOT_RECORDED_LABEL,
    held_mixed,
    known,
    seat_gaps,
    with_not_recorded,
)
from campaign.forms.game_log_missions import (
    add_mission_fields,
    clean_missions,
    missions_from_step,
    step_from_missions,
)
from campaign.forms.game_log_packs import (
    add_seat_fields,
    clean_seat_draft,
    packs_from_step,
    seat_draft,
    seat_draft_fields,
    step_from_packs,
)
from campaign.forms.game_log_pockets import pockets_from_step, step_from_pockets
from campaign.forms.game_log_red_slots import red_slots_from_step, step_from_red_slots
from campaign.services.game_log.entry import (
    GameLogEntry,
    IncidentEntry,
    PlayerEntry,
    ScarEntry,
    WearEntry,
)
from campaign.services.game_log.refusals import Refusal
from rules import board_links, box
from rules.bounds import COUNT_MAX, TEXT_MAX
from rules.data import board, content
from rules.rewards import HELD_ON_REWARDS, WINNER_REWARDS, RewardChoice
from rules.unlocks import ordinal
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


def _territory_choices(blank: str = "—", world: World | None = None) -> list[tuple[str, Any]]:
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


def _faction_choices(keys: list[str], blank: str = "—") -> list[tuple[str, str]]:
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
                choices=_faction_choices(list(box.factions(world))),
                required=False,
            )
            self.fields[f"p{i}_start"] = forms.ChoiceField(
                label=_("Starting territory (HQ)"),
                choices=with_not_recorded(_territory_choices(world=world)),
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
            *_territory_choices(world=world),
            (
                _("Faction cards"),
                [(f"faction:{k}", f.name) for k, f in box.factions(world).items()],
            ),
        ]
        scar_kinds = [("", "—"), *[(k, s.name) for k, s in box.scar_types(world).items()]]
        players = _faction_choices(factions, blank=_("nobody in particular"))
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
        add_mission_fields(self, world, _faction_choices(factions))

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
            choices=_faction_choices(factions),
            required=True,
            error_messages={
                "required": _(
                    "Pick the one faction that won: every game has exactly one winner (END-2)."
                )
            },
        )
        territories = _territory_choices(world=world)[1:]
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
                *_territory_choices(world=world),
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


# --- between the steps and the entry -------------------------------------------------------------


def _get(raw: Mapping[str, Any], key: str, default: Any = "") -> Any:
    value = raw.get(key, default)
    if isinstance(value, list):
        return value[-1] if value else default
    return value


def seated_factions(players_raw: Mapping[str, Any]) -> list[str]:
    return [
        _get(players_raw, f"p{i}_faction")
        for i in range(MAX_PLAYERS)
        if _get(players_raw, f"p{i}_faction") in content().factions
    ]


def eliminated_factions(players_raw: Mapping[str, Any]) -> frozenset[str]:
    """Factions the players step says another eliminated (their outcome starts that way)."""
    return frozenset(
        _get(players_raw, f"p{i}_faction")
        for i in range(MAX_PLAYERS)
        if _get(players_raw, f"p{i}_elim") and _get(players_raw, f"p{i}_faction")
    )


def entry_from_steps(
    cleaned: Mapping[str, Mapping[str, Any]], *, provisional: bool = False
) -> tuple[GameLogEntry, dict[str, str]]:
    """The `GameLogEntry` from the steps' cleaned data, and where each entry field lives in
    the form (entry path -> form field name). With `provisional`, steps not filled yet get
    neutral defaults so the earlier ones can be checked against the rules."""
    where: dict[str, str] = {}
    players_data = cleaned.get("players", {})
    during = cleaned.get("during", {})
    outcome = cleaned.get("outcome", {})
    rewards = cleaned.get("rewards", {})
    events, hq_moves, comeback_powers = packs_from_step(cleaned.get("packs", {}), where)
    claimed = missions_from_step(during, where)
    from_slots, lead_mission = red_slots_from_step(cleaned.get("packs", {}), where, len(claimed))
    pockets = pockets_from_step(cleaned.get("packs", {}), during, where)
    players: list[PlayerEntry] = []
    for i in range(MAX_PLAYERS):
        faction = players_data.get(f"p{i}_faction")
        if not faction:
            continue
        person = players_data.get(f"p{i}_person") or ""
        n = len(players)
        where.update(
            {
                f"players.{n}.person": f"p{i}_person" if person != GUEST else f"p{i}_guest",
                f"players.{n}.faction": f"p{i}_faction",
                f"players.{n}.start": f"p{i}_start",
                f"players.{n}.held": f"h_{faction}",
                f"players.{n}.reward": f"hr_{faction}_target",
                f"players.{n}.draft": f"p{i}_draft_{box.DRAFT_KINDS[0]}",
                f"players.{n}.eliminated_by": f"p{i}_elim",
                f"players.{n}.troops_at_end": f"t_{faction}",
                f"players.{n}.comeback_power": f"cb_{faction}",
            }
        )
        eliminated_by = players_data.get(f"p{i}_elim") or ""
        reward = None
        code = known(rewards.get(f"hr_{faction}_code") or "")
        if code:
            reward = RewardChoice(
                code,
                rewards.get(f"hr_{faction}_target") or "",
                rewards.get(f"hr_{faction}_name") or "",
            )
        players.append(
            PlayerEntry(
                faction=faction,
                person="" if person == GUEST else person,
                guest_name=(players_data.get(f"p{i}_guest") or "").strip()
                if person == GUEST
                else "",
                start=known(players_data.get(f"p{i}_start") or ""),
                # Until the outcome is given, a faction someone eliminated is taken as such.
                troops_at_end=bool(outcome.get(f"t_{faction}", not eliminated_by)),
                held=tuple(t for t in outcome.get(f"h_{faction}") or () if known(t)),
                reward=reward,
                draft=seat_draft(players_data, i),
                eliminated_by=eliminated_by,
                comeback_power=comeback_powers.get(faction, ""),
                not_recorded=seat_gaps(
                    players_data.get(f"p{i}_start") or "",
                    outcome.get(f"h_{faction}") or (),
                    rewards.get(f"hr_{faction}_code") or "",
                ),
            )
        )
    scars = []
    for i in range(SCAR_ROWS):
        if during.get(f"s{i}_scar") and during.get(f"s{i}_target"):
            target = during[f"s{i}_target"]
            on = "faction" if target.startswith("faction:") else "territory"
            where[f"scars.{len(scars)}"] = f"s{i}_target"
            where[f"scars.{len(scars)}.by_faction"] = f"s{i}_by"
            scars.append(
                ScarEntry(
                    during[f"s{i}_scar"],
                    on,
                    target.removeprefix("faction:"),
                    during.get(f"s{i}_by") or "",
                )
            )
    wear = []
    for i in range(WEAR_ROWS):
        if during.get(f"w{i}_territory"):
            where[f"wear.{len(wear)}"] = f"w{i}_territory"
            wear.append(WearEntry(during[f"w{i}_territory"], during.get(f"w{i}_boxes") or 0))
    incidents = []

    def incident(field: str, entry: IncidentEntry) -> None:
        where[f"incidents.{len(incidents)}"] = field
        where[f"incidents.{len(incidents)}.by_faction"] = field
        incidents.append(entry)

    if during.get("missiles3"):
        incident(
            "missiles3",
            IncidentEntry(
                "missiles_on_one_roll",
                during.get("missiles3_by") or "",
                content().constants["pocket1_missiles"],
            ),
        )
    if during.get("recruit30"):
        incident(
            "recruit30",
            IncidentEntry(
                "big_recruit_with_missile",
                during.get("recruit30_by") or "",
                during.get("recruit30_troops") or 0,
            ),
        )
    for player in players:
        used = during.get(f"m_{player.faction}")
        if used:
            incident(f"m_{player.faction}", IncidentEntry("missiles_used", player.faction, used))
    winner = outcome.get("winner") or ""
    if provisional and not winner and players:
        winner = players[0].faction
    winner_reward = None
    if rewards.get("wr_code"):
        target = rewards.get("wr_target") or ""
        winner_reward = RewardChoice(
            rewards["wr_code"],
            target.removeprefix("continent:"),
            rewards.get("wr_name") or "",
            int(rewards.get("wr_delta") or 0),
        )
    where.update(
        {
            "winner": "winner",
            "signature": "slogan",
            "slogan": "slogan",
            "winner_reward": "wr_target",
            "world_name": "world_name",
            "world_namer": "world_namer",
        }
    )
    played_on = players_data.get("played_on") or datetime.date.today()
    entry = GameLogEntry(
        played_on=played_on,
        players=tuple(players),
        winner=winner,
        scars=tuple(scars),
        wear=tuple(wear),
        incidents=tuple(incidents),
        events=events,
        hq_moves=hq_moves,
        missions=(*claimed, *from_slots),
        lead_mission=lead_mission,
        **pockets,
        signed_on=rewards.get("signed_on") or None,
        slogan=rewards.get("slogan") or "",
        winner_reward=winner_reward,
        world_name=rewards.get("world_name") or "",
        world_namer=rewards.get("world_namer") or "",
        naming_rounds=tuple(rewards.get("naming_rounds") or ()),
    )
    return entry, where


def field_step(field: str) -> str:
    """Which step shows a form field."""
    if re.fullmatch(r"p\d_(person|guest|faction|start|elim|draft_\w+)|played_on", field):
        return "players"
    if re.fullmatch(r"(s|w|mi)\d_\w+|missiles3\w*|recruit30\w*|m_\w+", field):
        return "during"
    if re.fullmatch(r"winner|t_\w+|h_\w+", field):
        return "outcome"
    if re.fullmatch(
        r"e\d_\w+|mv\d_\w+|cb_\w+|rs_\w+|lead_mission|nuke_\w+|island_\w+|mp_\w+|cards_named",
        field,
    ):
        return "packs"
    return "rewards"


def refusals_by_field(
    refusals: list[Refusal], where: Mapping[str, str]
) -> list[tuple[str | None, Refusal]]:
    """Each refusal with the form field it belongs to (None: the step as a whole)."""
    placed = []
    for refusal in refusals:
        path = refusal.field
        field = where.get(path)
        while field is None and "." in path:
            path = path.rsplit(".", 1)[0]
            field = where.get(path)
        placed.append((field, refusal))
    return placed


def steps_from_entry(entry: GameLogEntry) -> dict[str, dict[str, Any]]:
    """The raw step data that shows `entry` in the form again (to correct a logged game)."""
    players: dict[str, Any] = {"played_on": entry.played_on.isoformat()}
    outcome: dict[str, Any] = {"winner": entry.winner}
    rewards: dict[str, Any] = {
        "signed_on": entry.signed_on.isoformat() if entry.signed_on else "",
        "slogan": entry.slogan,
        "world_name": entry.world_name,
        "world_namer": entry.world_namer,
        "naming_rounds": "\n".join(
            ", ".join(f"{k}={v}" for k, v in r.items()) for r in entry.naming_rounds
        ),
    }
    for i, player in enumerate(entry.players):
        players.update(
            {
                # A guest not logged yet (an entry sent back for approval) keeps its name.
                f"p{i}_person": player.person or (GUEST if player.guest_name else ""),
                f"p{i}_guest": player.guest_name,
                f"p{i}_faction": player.faction,
                f"p{i}_start": player.start if player.knows("start") else NOT_RECORDED,
                f"p{i}_elim": player.eliminated_by,
            }
        )
        drafted = {
            content().draft_cards[c].kind: c for c in player.draft if c in content().draft_cards
        }
        players.update({f"p{i}_draft_{kind}": code for kind, code in drafted.items()})
        if player.troops_at_end:
            outcome[f"t_{player.faction}"] = "on"
        outcome[f"h_{player.faction}"] = (
            list(player.held) if player.knows("held") else [NOT_RECORDED]
        )
        if not player.knows("reward"):
            rewards[f"hr_{player.faction}_code"] = NOT_RECORDED
        if player.reward:
            rewards[f"hr_{player.faction}_code"] = player.reward.code
            rewards[f"hr_{player.faction}_target"] = player.reward.target
            rewards[f"hr_{player.faction}_name"] = player.reward.name
    during: dict[str, Any] = {}
    for i, scar in enumerate(entry.scars[:SCAR_ROWS]):
        target = f"faction:{scar.target}" if scar.on == "faction" else scar.target
        during.update(
            {f"s{i}_scar": scar.scar, f"s{i}_target": target, f"s{i}_by": scar.by_faction}
        )
    for i, wear in enumerate(entry.wear[:WEAR_ROWS]):
        during.update({f"w{i}_territory": wear.territory, f"w{i}_boxes": str(wear.boxes)})
    for incident in entry.incidents:
        if incident.incident == "missiles_on_one_roll":
            during.update({"missiles3": "on", "missiles3_by": incident.by_faction})
        elif incident.incident == "big_recruit_with_missile":
            during.update(
                {
                    "recruit30": "on",
                    "recruit30_by": incident.by_faction,
                    "recruit30_troops": str(incident.count),
                }
            )
        elif incident.incident == "missiles_used":
            during[f"m_{incident.by_faction}"] = str(incident.count)
    during.update(step_from_missions(tuple(m for m in entry.missions if not m.from_red_slot)))
    if entry.winner_reward:
        reward = entry.winner_reward
        target = f"continent:{reward.target}" if reward.code in {"R1", "R4"} else reward.target
        rewards.update(
            {
                "wr_code": reward.code,
                "wr_target": target,
                "wr_name": reward.name,
                "wr_delta": str(reward.delta) if reward.delta else "",
            }
        )
    packs = step_from_packs(
        entry.events,
        entry.hq_moves,
        {p.faction: p.comeback_power for p in entry.players if p.comeback_power},
    )
    packs.update(step_from_red_slots(entry.missions, entry.lead_mission))
    packs.update(step_from_pockets(entry))
    return {
        "players": players,
        "during": during,
        "outcome": outcome,
        "packs": packs,
        "rewards": rewards,
    }
