"""The move forms built from the engine's legal options (one form per kind of move, its
selects narrowed by game.js), and the move read back from a submitted form."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from django.utils.translation import gettext as _

from campaign.forms.digital.costs import expansion_cost_words
from campaign.forms.digital.move_words import (
    FIELD_LABELS,
    MOVE_TITLES,
    _card_label,
    _claim_title,
    value_label,
)
from campaign.forms.digital.pockets import (
    SECONDARY,
    field_labels,
    form_key,
    pocket_title,
    territory_field,
)
from campaign.numbers import signed_number, whole_number
from rules.bounds import NAME_MAX
from rules.data import content
from rules.game import GameState, MoveOption
from rules.game.endturn import cards_ahead
from rules.rule_sets import LEGACY
from rules.variants.move_rules import move_rule


@dataclass
class FieldSpec:
    """A field of a move form: a select of `choices`, or, for the move's words (`text`), a text
    input that starts with `initial`."""

    name: str
    label: str
    choices: list[tuple[str, str]]
    territory: bool = False
    text: bool = False
    initial: str = ""
    max_length: int = NAME_MAX


@dataclass
class MoveFormSpec:
    """One form on the game page: a kind of move with a select per field (options narrowed
    to the legal combinations by game.js) and a count within the legal range."""

    type: str
    title: str
    button: str
    rule: str
    fields: list[FieldSpec] = field(default_factory=list)
    options: list[dict[str, Any]] = field(default_factory=list)
    count: tuple[int, int] | None = None
    cards: CardsSpec | None = None
    primary: bool = True
    hidden: list[tuple[str, str]] = field(default_factory=list)
    """Fields fixed for the whole form (the missile power a form uses), sent as they are."""
    cards_ahead: list[tuple[str, str]] = field(default_factory=list)
    """The cards the turn's end may take, chosen with a move that ends the turn (E-3)."""


@dataclass
class CardsSpec:
    """Cards to tick from the hand (T-2: exactly 4 for a red star; T-11: coins worth
    min..max for a trade-in). `items` are (card key, words, coins), one per card held."""

    field: str
    items: list[tuple[str, str, int]]
    count: int | None
    min_coins: int | None
    max_coins: int | None
    chart: dict[int, int]

    @property
    def chart_json(self) -> str:
        return json.dumps(self.chart)

    @property
    def hint(self) -> str:
        if self.count is not None:
            return _("Tick exactly %(count)s cards.") % {"count": self.count}
        return _(
            "Tick cards worth %(low)s to %(high)s coins, or none to recruit without a trade-in."
        ) % {"low": self.min_coins, "high": self.max_coins}


NO_CARDS = "-"  # an empty card list or field, so a required select can still submit it


def encode(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(value) or NO_CARDS
    return str(value) or NO_CARDS


def move_form_specs(state: GameState, options: list[MoveOption]) -> list[MoveFormSpec]:
    """Group the legal options by move type into forms, in the engine's order. A field left
    blank by every option of a form (a claim that places nothing) is left out; the move's
    words (`MoveOption.text`, a name) are a text input."""
    specs: dict[str, MoveFormSpec] = {}
    blank: dict[str, set[str]] = {}  # per form: fields blank in every option so far
    for option in options:
        data = option.move.to_json()
        kind = data.pop("type")
        data.pop("count", None)
        if option.cards is not None or kind == "recruit":
            # A family of card groups: the hand is ticked, not listed group by group.
            for name in [k for k, v in data.items() if isinstance(v, list)]:
                data.pop(name)
        if kind == "fire_missile":
            # One choice per die ("attack:1"), worded with the value it shows now.
            side, index = data.pop("side"), data.pop("die_index")
            data["die"] = f"{side}:{index}"
        key = form_key(kind, data)
        fixed = {"power": data.pop("power")} if key != kind else {}
        if kind == "draft_pick":
            # A pick is a faction or a draft card (S-8): one form for each, not two selects
            # where one must be left at "none".
            taken = "faction" if data["faction"] else "card"
            data = {taken: data[taken]}
            key = f"{kind}:{taken}"
        spec = specs.get(key)
        if spec is None:
            title, button, rule = MOVE_TITLES.get(
                key, MOVE_TITLES.get(kind, (kind.replace("_", " "), _("Go"), ""))
            )
            if kind == "end_turn":
                title, button = (
                    (_("End the turn without a card"), _("End turn"))
                    if state.phase == "end_of_turn"
                    else (_("Stop attacking"), _("End attacks and the turn"))
                )
            if kind == "maneuver" and state.phase == "event_choice":
                title, button = (_("Or make one maneuver now"), _("Maneuver"))
            labels: dict[str, str] = {}
            if kind == "claim_mission":
                title, labels = _claim_title(state)
            if kind == "place_alien_island":
                labels = {"territory": _("One sea line to"), "target": _("The other to")}
            title, button, rule = pocket_title(state, key) or (title, button, rule)
            if state.rule_set != LEGACY:
                # The rule set's own rule: a Legacy ID would send its players to the wrong rules.
                rule = move_rule(state, kind)
            labels = field_labels(state, key) or labels
            spec = MoveFormSpec(type=kind, title=str(title), button=str(button), rule=rule)
            spec.hidden = [(name, encode(value)) for name, value in fixed.items()]
            spec.fields = [
                FieldSpec(
                    name=name,
                    label=str(labels.get(name, FIELD_LABELS.get(name, name))),
                    choices=[],
                    territory=(
                        name in {"territory", "origin", "target"} and name != option.text
                        if territory_field(key, name) is None
                        else bool(territory_field(key, name))
                    ),
                    text=name == option.text,
                    initial=str(data[name]) if name == option.text else "",
                )
                for name in data
            ]
            specs[key] = spec
            defaults = {f.name for f in fields(option.move) if f.default == ""}
            blank[key] = {name for name in data if data[name] == "" and name in defaults}
        blank[key] -= {name for name in data if data[name] != ""}
        row: dict[str, Any] = {
            name: encode(value) for name, value in data.items() if name != option.text
        }
        for fs in spec.fields:
            if fs.text:
                continue
            pair = (row[fs.name], value_label(state, fs.name, data[fs.name], key))
            if kind == "expand" and fs.name == "target":  # the price, said first
                cost = expansion_cost_words(state, state.current_seat, data["target"])
                pair = (pair[0], pair[1] + cost)
            if pair not in fs.choices:
                fs.choices.append(pair)
        if option.min_count is not None:
            row["min_count"], row["max_count"] = option.min_count, option.max_count
            low, high = spec.count or (option.min_count, option.max_count)
            spec.count = (min(low, option.min_count), max(high, option.max_count or 0))
        if option.cards is not None:
            choice = option.cards
            spec.cards = CardsSpec(
                field=choice.field,
                items=[
                    (card, _card_label(state, card), coins)
                    for card, coins in zip(choice.hand, choice.coins, strict=True)
                ],
                count=choice.count,
                min_coins=choice.min_coins,
                max_coins=choice.max_coins,
                chart=content().trade_in_chart if choice.field == "trade_in" else {},
            )
        spec.options.append(row)
    for key, spec in specs.items():
        spec.fields = [fs for fs in spec.fields if fs.text or fs.name not in blank[key]]
        for row in spec.options:
            for name in blank[key]:
                row.pop(name, None)
        spec.primary = spec.type not in {"end_turn", "pass_missiles", "pass_scar_card", *SECONDARY}
        spec.cards_ahead = [
            (encode(slot), value_label(state, "slot", slot))
            for slot in cards_ahead(state, state.current_seat, spec.type)
        ]
        for fs in spec.fields:
            if fs.territory:
                fs.choices.sort(key=lambda pair: pair[1])
    return list(specs.values())


def move_from_post(data: Any, options: list[MoveOption]) -> dict[str, Any]:
    """The move JSON from a submitted move form: field types follow the legal option of the
    same type (a list, a number or text), so the engine gets what it expects."""
    kind = data.get("type", "")
    move: dict[str, Any] = {"type": kind}
    if kind == "fire_missile" and ":" in data.get("die", ""):
        side, _sep, index = data["die"].partition(":")
        die = whole_number(index)
        return {**move, "side": side, "die_index": index if die is None else die}
    template = next((o.move.to_json() for o in options if o.move.type == kind), None)
    if template is None:
        # Not offered now: pass the raw fields on and let the engine say why.
        for key, value in data.items():
            if key not in {"type", "seat", "version", "csrfmiddlewaretoken"}:
                move[key] = value
        return move
    for name, sample in template.items():
        if name == "type" or name not in data:
            continue
        raw = data.get(name) or ""
        if isinstance(sample, list):
            picked = data.getlist(name) if hasattr(data, "getlist") else data.get(name)
            if isinstance(picked, str):
                picked = [picked]
            # A select offers a group as one value ("egypt,peru"); checkboxes send one each.
            parts = [part for item in picked or () for part in item.split(",")]
            move[name] = [c for c in parts if c and c != NO_CARDS]
        elif isinstance(sample, int) and not isinstance(sample, bool):
            number = signed_number(raw)
            move[name] = raw if number is None else number
        elif name == "slot":
            number = whole_number(raw)
            move[name] = raw if number is None else number
        else:
            move[name] = "" if raw == NO_CARDS else raw
    return move


CARD_AHEAD = "card_ahead"  # the field of a card chosen with a move that ends the turn


def card_ahead_from_post(data: Any) -> int | str | None:
    """The card chosen ahead (a slot number or the coin), None when left to choose after."""
    raw = data.get(CARD_AHEAD) or ""
    if not raw:
        return None
    number = whole_number(raw)
    return raw if number is None else number
