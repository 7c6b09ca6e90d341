"""The game-log form's fields for what opened packs bring: each seat's draft cards and who
eliminated it (on "Who played"), and the step "What the packs brought" (event cards that
fired, HQs moved, comeback powers chosen).

Every choice, label and help text comes from the campaign's box (`rules.box`) as the game
stands, so a campaign that has not opened a pack sees nothing of it (U-8). The step is shown
only when the box holds event cards or comeback powers; `packs_step_shown` decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from campaign.forms.game_log.pockets import (
    add_pocket_fields,
    clean_pockets,
    pocket_sections,
    pockets_step_shown,
)
from campaign.forms.game_log.red_slots import add_red_slot_fields, red_slot_section
from campaign.mission_words import mission_label
from campaign.services.game_log.entry import EventEntry, HqMoveEntry
from campaign.services.game_log.events import DEMOLISHING_EVENTS, NO_CHOICE
from campaign.services.game_log.packs import hq_mover
from rules import box
from rules.data import board, content
from rules.event_targets import MISSION, SPLIT_TROOPS
from rules.pack_words import comeback_power_label, draft_card_label, event_option_label
from rules.world import World

EVENT_ROWS = 4
MOVE_ROWS = 2
NOBODY = gettext_lazy("nobody (a card without a choice)")
DRAFT_KIND_LABELS = {
    "troops": gettext_lazy("Starting troops"),
    "coins": gettext_lazy("Starting coin cards"),
    "turn_order": gettext_lazy("Turn order"),
    "placement": gettext_lazy("Starting placement"),
}


def _territories(blank: str = "—") -> list[tuple[str, Any]]:
    groups = [
        (c.name, [(t, board().territory(t).name) for t in c.territories])
        for c in board().continents.values()
    ]
    return [("", blank), *groups] if blank else groups


def _factions(keys: list[str], blank: str) -> list[tuple[str, str]]:
    factions = content().factions
    return [("", blank), *[(k, factions[k].name) for k in keys if k in factions]]


# --- "Who played": draft cards and who eliminated each seat -------------------------------------


def add_seat_fields(form: forms.Form, seat: int, world: World) -> None:
    """ "Eliminated by" for a seat, and its four draft cards when this campaign drafts."""
    form.fields[f"p{seat}_elim"] = forms.ChoiceField(
        label=_("Eliminated by"),
        choices=_factions(list(box.factions(world)), blank="—"),
        required=False,
        help_text=_("The faction that eliminated this one, if it was eliminated."),
    )
    if not box.draft_active(world):
        return
    cards = box.draft_cards(world, content().constants["players_max"])
    for kind in box.DRAFT_KINDS:
        choices = [
            (
                c.code,
                _("%(card)s, with %(n)s+ players")
                % {"card": draft_card_label(c), "n": c.min_players}
                if c.min_players > 3
                else draft_card_label(c),
            )
            for c in cards
            if c.kind == kind
        ]
        form.fields[f"p{seat}_draft_{kind}"] = forms.ChoiceField(
            label=_("Drafted: %(kind)s") % {"kind": str(DRAFT_KIND_LABELS[kind]).lower()},
            choices=[("", "—"), *choices],
            required=False,
        )


def seat_draft_fields(form: forms.Form, seat: int) -> list[forms.BoundField]:
    return [
        form[f"p{seat}_draft_{kind}"]
        for kind in box.DRAFT_KINDS
        if f"p{seat}_draft_{kind}" in form.fields
    ]


def seat_draft(data: Mapping[str, Any], seat: int) -> tuple[str, ...]:
    """The codes chosen for a seat, in kind order (empty when none was chosen)."""
    codes = tuple(data.get(f"p{seat}_draft_{kind}") or "" for kind in box.DRAFT_KINDS)
    return tuple(c for c in codes if c)


def clean_seat_draft(form: forms.Form, data: Mapping[str, Any], seat: int) -> None:
    """Four cards or none for a seat (the rules check the rest against the game)."""
    if f"p{seat}_draft_{box.DRAFT_KINDS[0]}" not in form.fields:
        return
    chosen = seat_draft(data, seat)
    if chosen and len(chosen) != len(box.DRAFT_KINDS):
        form.add_error(
            f"p{seat}_draft_{box.DRAFT_KINDS[0]}",
            _("Choose one draft card of each kind for this seat, or none (S-8)."),
        )


# --- "What the packs brought" -------------------------------------------------------------------


def packs_step_shown(world: World) -> bool:
    """Whether this campaign's box, as the game stands, holds anything this step records."""
    return (
        bool(box.event_deck(world))
        or bool(box.comeback_powers(world))
        or box.lead_faction_active(world)
        or box.private_missions_active(world)
        or pockets_step_shown(world)
    )


class PacksStep(forms.Form):
    """Event cards that fired (E-7), HQs a power moved, comeback powers picked (addition E),
    the lead faction's mission and red-slot missions completed (E124s, E125s).

    `world` is the world once the game is recorded (packs it opened are open), so a faction
    eliminated by this very game may pick its comeback power here (C100); `setup` is the world
    before the game (the card backs that say who leads)."""

    step = "packs"

    def __init__(
        self,
        *args: Any,
        factions: list[str],
        world: World,
        setup: World | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.factions = factions
        add_red_slot_fields(self, world, setup or world, factions)
        add_pocket_fields(self, world, setup or world, factions)
        deck = box.event_deck(world)
        self.has_events = bool(deck)
        self.has_demolitions = any(card.key in DEMOLISHING_EVENTS for card in deck)
        options = [option for card in deck for option in card.options]
        # Troops split among cities come one territory per troop (a city may come twice);
        # a mission laid out face up is one of the deck (E-8).
        self.split_troops = max((o.troops for o in options if o.effect == SPLIT_TROOPS), default=0)
        missions = box.mission_deck(world) if any(o.effect == MISSION for o in options) else []
        seated = _factions(factions, blank="—")
        if deck:
            no_choice = replace(NO_CHOICE, text=_(NO_CHOICE.text))
            drawn = [
                (f"{card.code}|{option.key}", event_option_label(card, option))
                for card in deck
                for option in (*card.options, *([no_choice] if card.chooser else []))
            ]
            for i in range(EVENT_ROWS):
                self.fields[f"e{i}_card"] = forms.ChoiceField(
                    label=_("Event card %(n)s") % {"n": i + 1},
                    choices=[("", "—"), *drawn],
                    required=False,
                )
                self.fields[f"e{i}_by"] = forms.ChoiceField(
                    label=_("Chosen by"),
                    choices=_factions(factions, blank=NOBODY),
                    required=False,
                )
                self.fields[f"e{i}_targets"] = forms.MultipleChoiceField(
                    label=_("Where it went"),
                    choices=_territories(blank=""),
                    required=False,
                    widget=forms.SelectMultiple(attrs={"size": 4}),
                    help_text=_(
                        "The cities the chosen option went to, or both ends of its maneuver."
                    ),
                )
                for troop in range(self.split_troops):
                    self.fields[f"e{i}_troop{troop}"] = forms.ChoiceField(
                        label=_("Troop %(n)s went to") % {"n": troop + 1},
                        choices=_territories(),
                        required=False,
                        help_text=_(
                            "When the choice splits troops among cities: where each "
                            "went (a city may come more than once)."
                        )
                        if troop == 0
                        else "",
                    )
                if missions:
                    self.fields[f"e{i}_mission"] = forms.ChoiceField(
                        label=_("Mission it laid out face up"),
                        choices=[("", "—"), *[(m.code, mission_label(m)) for m in missions]],
                        required=False,
                    )
                if self.has_demolitions:
                    self.fields[f"e{i}_demolished"] = forms.MultipleChoiceField(
                        label=_("HQs it demolished"),
                        choices=_territories(blank=""),
                        required=False,
                        widget=forms.SelectMultiple(attrs={"size": 4}),
                    )
        mover = hq_mover(world)
        self.mover = mover
        if mover is not None:
            for i in range(MOVE_ROWS):
                self.fields[f"mv{i}_faction"] = forms.ChoiceField(
                    label=_("HQ moved with %(power)s (%(n)s)") % {"power": mover.name, "n": i + 1},
                    choices=seated,
                    required=False,
                )
                self.fields[f"mv{i}_origin"] = forms.ChoiceField(
                    label=_("From"), choices=_territories(), required=False
                )
                self.fields[f"mv{i}_target"] = forms.ChoiceField(
                    label=_("To"), choices=_territories(), required=False
                )
        powers = box.comeback_powers_left(world)
        self.pickers = [f for f in factions if f not in world.comeback_powers]
        if box.comeback_powers(world):
            for faction in self.pickers:
                self.fields[f"cb_{faction}"] = forms.ChoiceField(
                    label=_("Comeback power %(faction)s took")
                    % {"faction": content().factions[faction].name},
                    choices=[
                        ("", pgettext("no power", "none")),
                        *[(p.key, comeback_power_label(p)) for p in powers],
                    ],
                    required=False,
                )

    def sections(self) -> list[tuple[str, str, list[list[forms.BoundField]]]]:
        """(title, help, rows of fields) for the page."""
        found = []
        if self.has_events:
            troops = tuple(f"troop{k}" for k in range(self.split_troops))
            parts = ("card", "by", "targets", *troops, "mission", "demolished")
            rows = [
                [self[f"e{i}_{part}"] for part in parts if f"e{i}_{part}" in self.fields]
                for i in range(EVENT_ROWS)
            ]
            found.append(
                (
                    _("Event cards that fired (E-7)"),
                    _("Each card drawn this game, with the choice taken and who took it."),
                    rows,
                )
            )
        if self.mover is not None:
            rows = [
                [self[f"mv{i}_{part}"] for part in ("faction", "origin", "target")]
                for i in range(MOVE_ROWS)
            ]
            found.append(
                (
                    _("HQs moved"),
                    _("HQs never move (G-18), except with %(power)s: %(text)s")
                    % {"power": self.mover.name, "text": self.mover.text},
                    rows,
                )
            )
        slots = red_slot_section(self)
        if slots is not None:
            found.append(slots)
        found.extend(pocket_sections(self))
        picks = [[self[f"cb_{f}"]] for f in self.pickers if f"cb_{f}" in self.fields]
        if picks:
            found.append(
                (
                    _("Comeback powers chosen (X-15)"),
                    _(
                        "A faction without a comeback power that was knocked out or eliminated "
                        "picks one of those left at once."
                    ),
                    picks,
                )
            )
        return found

    def rule_error(self, field: str | None, message: str) -> None:
        if field is not None and field in self.fields:
            self.add_error(field, message)
        else:
            self.add_error(None, message)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        clean_pockets(self, data)
        for i in range(MOVE_ROWS):
            given = [data.get(f"mv{i}_{part}") for part in ("faction", "origin", "target")]
            if any(given) and not all(given):
                self.add_error(f"mv{i}_target", _("Give the faction, where from and where to."))
        return data


def packs_from_step(
    data: Mapping[str, Any], where: dict[str, str]
) -> tuple[tuple[EventEntry, ...], tuple[HqMoveEntry, ...], dict[str, str]]:
    """The entry's events, HQ moves and comeback powers (faction -> power) from the step's
    cleaned data; `where` learns which form field each entry path lives in."""
    events: list[EventEntry] = []
    for i in range(EVENT_ROWS):
        chosen = data.get(f"e{i}_card")
        if not chosen:
            continue
        card, _, option = chosen.partition("|")
        n = len(events)
        where.update(
            {
                f"events.{n}": f"e{i}_card",
                f"events.{n}.by_faction": f"e{i}_by",
                f"events.{n}.targets": f"e{i}_targets",
                f"events.{n}.demolished": f"e{i}_demolished",
                f"events.{n}.mission": f"e{i}_mission",
            }
        )
        split = tuple(
            data[key] for key in sorted(k for k in data if k.startswith(f"e{i}_troop")) if data[key]
        )
        events.append(
            EventEntry(
                card=card,
                option=option,
                by_faction=data.get(f"e{i}_by") or "",
                targets=(*(data.get(f"e{i}_targets") or ()), *split),
                demolished=tuple(data.get(f"e{i}_demolished") or ()),
                mission=data.get(f"e{i}_mission") or "",
            )
        )
    moves: list[HqMoveEntry] = []
    for i in range(MOVE_ROWS):
        if not data.get(f"mv{i}_faction"):
            continue
        n = len(moves)
        where.update(
            {
                f"hq_moves.{n}": f"mv{i}_faction",
                f"hq_moves.{n}.origin": f"mv{i}_origin",
                f"hq_moves.{n}.target": f"mv{i}_target",
            }
        )
        moves.append(
            HqMoveEntry(
                faction=data[f"mv{i}_faction"],
                origin=data.get(f"mv{i}_origin") or "",
                target=data.get(f"mv{i}_target") or "",
            )
        )
    powers = {
        key.removeprefix("cb_"): value
        for key, value in data.items()
        if key.startswith("cb_") and value
    }
    return tuple(events), tuple(moves), powers


def step_from_packs(
    events: tuple[EventEntry, ...], moves: tuple[HqMoveEntry, ...], powers: Mapping[str, str]
) -> dict[str, Any]:
    """The raw step data that shows these in the form again (to correct a logged game)."""
    raw: dict[str, Any] = {}
    for i, fired in enumerate(events[:EVENT_ROWS]):
        card = content().event_cards.get(fired.card)
        option = card.option(fired.option) if card else None
        split = option is not None and option.effect == SPLIT_TROOPS
        raw.update(
            {
                f"e{i}_card": f"{fired.card}|{fired.option}",
                f"e{i}_by": fired.by_faction,
                f"e{i}_targets": [] if split else list(fired.targets),
                f"e{i}_demolished": list(fired.demolished),
                f"e{i}_mission": fired.mission,
                **({f"e{i}_troop{k}": t for k, t in enumerate(fired.targets)} if split else {}),
            }
        )
    for i, move in enumerate(moves[:MOVE_ROWS]):
        raw.update(
            {
                f"mv{i}_faction": move.faction,
                f"mv{i}_origin": move.origin,
                f"mv{i}_target": move.target,
            }
        )
    raw.update({f"cb_{faction}": power for faction, power in powers.items()})
    return raw
