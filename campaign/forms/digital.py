"""Forms of digital play: seating a new game, the move forms built from the engine's legal
options, and the end-of-game reward form."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.card_words import card_label
from campaign.errors import ApplicationError
from campaign.forms.clock import ClockForm
from campaign.forms.digital_costs import expansion_cost_words
from campaign.forms.digital_pockets import (
    POCKET_TITLES,
    SECONDARY,
    field_labels,
    form_key,
    pocket_title,
    pocket_value_label,
    territory_field,
)
from campaign.forms.fields import WholeNumberField
from campaign.models import Person
from campaign.models.digital import GameSeat
from campaign.numbers import signed_number, whole_number
from rules import box
from rules.bounds import NAME_MAX
from rules.data import board, content
from rules.game import GameState, MoveOption
from rules.game.endturn import cards_ahead
from rules.pack_words import draft_code_label
from rules.rewards import RewardChoice
from rules.rule_sets import LEGACY
from rules.variants.move_rules import move_rule

SEAT_ROWS = 5

KIND_CHOICES = [
    ("", gettext_lazy("— empty —")),
    (GameSeat.Kind.HUMAN, gettext_lazy("Own browser")),
    (GameSeat.Kind.HOTSEAT, gettext_lazy("Hot-seat (this browser)")),
    (GameSeat.Kind.BOT, gettext_lazy("Bot")),
]


class GameStartForm(ClockForm):
    """Up to five seats in clockwise order; a seat is a person and who plays it. A bot seat
    without a person gets a bot person ("Bot 2") of the campaign.

    Only the owner may choose the dice seed (reproducible test games): a chosen seed is not
    secret, so anyone else's game always gets one from the server (DESIGN randomness)."""

    seed = WholeNumberField(
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        label=gettext_lazy("Seed"),
        help_text=gettext_lazy(
            "Optional, for test games: the same seed and moves give the same dice. A "
            "chosen seed is not secret, and the game page says so."
        ),
    )

    def __init__(
        self, *args, persons: list[Person], may_choose_seed: bool = False, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.may_choose_seed = may_choose_seed
        if not may_choose_seed:
            del self.fields["seed"]
        self.persons = {str(p.pk): p for p in persons}
        person_choices = [("", _("— a new bot —"))] + [
            (
                str(p.pk),
                p.display_name if p.user_id else _("%(name)s (guest)") % {"name": p.display_name},
            )
            for p in persons
        ]
        for i in range(SEAT_ROWS):
            self.fields[f"seat{i}_kind"] = forms.ChoiceField(
                choices=KIND_CHOICES, required=False, label=_("Seat %(number)s") % {"number": i + 1}
            )
            self.fields[f"seat{i}_person"] = forms.ChoiceField(
                choices=person_choices,
                required=False,
                label=_("Seat %(number)s person") % {"number": i + 1},
            )
            self.fields[f"seat{i}_level"] = forms.ChoiceField(
                choices=GameSeat.BotLevel.choices,
                initial=GameSeat.BotLevel.NORMAL,
                required=False,
                label=_("Seat %(number)s bot level") % {"number": i + 1},
            )

    def seat_rows(
        self,
    ) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [
            (self[f"seat{i}_kind"], self[f"seat{i}_person"], self[f"seat{i}_level"])
            for i in range(SEAT_ROWS)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.may_choose_seed and self.data.get("seed"):
            self.add_error(None, _("Only the campaign's owner chooses a dice seed; leave it out."))
        seats: list[tuple[Person | None, str, str]] = []
        for i in range(SEAT_ROWS):
            kind = data.get(f"seat{i}_kind") or ""
            person_id = data.get(f"seat{i}_person") or ""
            if not kind:
                continue
            person = self.persons.get(person_id)
            if person is None and kind != GameSeat.Kind.BOT:
                self.add_error(
                    f"seat{i}_person", _("Choose who sits here (only bots need nobody).")
                )
                continue
            level = data.get(f"seat{i}_level") or GameSeat.BotLevel.NORMAL
            seats.append((person, kind, level))
        data["seats"] = seats
        data["game_clock"] = self.game_clock()
        return data


# --- move forms -------------------------------------------------------------------------------

MOVE_TITLES: dict[str, tuple[str, str, str]] = {
    # type: (title, button, rule)
    "roll_for_order": (
        gettext_lazy("Roll for the order of choice"),
        gettext_lazy("Roll the die"),
        "S-6",
    ),
    "choose_faction": (
        gettext_lazy("Choose a faction and place your HQ"),
        gettext_lazy("Place HQ and 8 troops"),
        "S-6",
    ),
    "draft_pick:faction": (
        gettext_lazy("Draft a faction"),
        gettext_lazy("Take the faction"),
        "S-8",
    ),
    "draft_pick:card": (
        gettext_lazy("Or draft a card you lack the kind of"),
        gettext_lazy("Take the card"),
        "S-8",
    ),
    "place_start": (
        gettext_lazy("Place your HQ and drafted troops"),
        gettext_lazy("Place HQ and troops"),
        "S-8",
    ),
    "buy_red_star": (
        gettext_lazy("Buy a red star with 4 cards"),
        gettext_lazy("Buy a red star"),
        "T-2",
    ),
    "play_scar_card": (gettext_lazy("Play your scar card"), gettext_lazy("Place the scar"), "T-3"),
    "pass_scar_card": (
        gettext_lazy("Keep your scar card"),
        gettext_lazy("Play no scar card now"),
        "T-3",
    ),
    "move_hq": (
        gettext_lazy("Move an HQ to a neighbouring territory"),
        gettext_lazy("Move the HQ"),
        "G-18",
    ),
    "join_war": (
        gettext_lazy("Join the war with half your starting troops"),
        gettext_lazy("Join the war"),
        "T-5",
    ),
    "recruit": (gettext_lazy("Recruit"), gettext_lazy("Recruit"), "T-7"),
    "place_troops": (gettext_lazy("Place troops"), gettext_lazy("Place"), "T-13"),
    "place_stealthily": (
        gettext_lazy("Send recruits into an empty territory"),
        gettext_lazy("Send them"),
        "T-13",
    ),
    "expand": (gettext_lazy("Expand into an empty territory"), gettext_lazy("Expand"), "X-2"),
    "attack": (gettext_lazy("Attack"), gettext_lazy("Attack"), "X-6"),
    "defend_with": (gettext_lazy("Defend"), gettext_lazy("Defend"), "X-6"),
    "fire_missile": (gettext_lazy("Fire a missile"), gettext_lazy("Fire"), "X-10"),
    "pass_missiles": (gettext_lazy("No missile"), gettext_lazy("Fire no missile"), "X-10"),
    "move_in": (gettext_lazy("Move in after the conquest"), gettext_lazy("Move in"), "X-12"),
    "maneuver": (gettext_lazy("Maneuver"), gettext_lazy("Maneuver"), "M-3"),
    # Classic Risk and Invasión (CL-, IN-).
    "claim_territory": (gettext_lazy("Claim an empty territory"), gettext_lazy("Claim"), "CL-3"),
    "place_neutral": (
        gettext_lazy("Add a neutral army"),
        gettext_lazy("Place the neutral army"),
        "CL-22",
    ),
    "trade_cards": (gettext_lazy("Trade in a set of three cards"), gettext_lazy("Trade"), "CL-10"),
    "choose_headquarters": (
        gettext_lazy("Choose your secret headquarters"),
        gettext_lazy("Choose"),
        "CL-30",
    ),
    "end_turn": (gettext_lazy("End"), gettext_lazy("End"), "T-1"),
    "take_card": (gettext_lazy("Take a card"), gettext_lazy("Take the card"), "E-3"),
    "claim_mission": (gettext_lazy("Claim the mission"), gettext_lazy("Claim"), "E-8"),
    "claim_slot_mission": (
        gettext_lazy("Claim the mission in your red slot"),
        gettext_lazy("Claim"),
        "E-8",
    ),
    "choose_mission": (
        gettext_lazy("Choose the face-up mission"),
        gettext_lazy("Lay it out"),
        "E-8",
    ),
    "acknowledge_pack": (
        gettext_lazy("Open the sealed pack"),
        gettext_lazy("The pack is open: resume play"),
        "U-8",
    ),
    "place_alien_island": (
        gettext_lazy("Join Alien Island to two coastal territories"),
        gettext_lazy("Place it"),
        "U-7",
    ),
    "choose_comeback_power": (
        gettext_lazy("Pick a comeback power for your faction"),
        gettext_lazy("Take it"),
        "X-15",
    ),
    "resolve_event": (gettext_lazy("Carry out the event"), gettext_lazy("Carry it out"), "E-7"),
    **POCKET_TITLES,
}
FIELD_LABELS = {
    "faction": gettext_lazy("Faction"),
    "territory": gettext_lazy("Territory"),
    "origin": gettext_lazy("From"),
    "target": gettext_lazy("To"),
    "dice": gettext_lazy("Dice"),
    "side": gettext_lazy("Die of"),
    "die_index": gettext_lazy("Die"),
    "slot": gettext_lazy("Card"),
    "cards": gettext_lazy("Cards"),
    "trade_in": gettext_lazy("Trade in"),
    "pack": gettext_lazy("Pack"),
    "power": gettext_lazy("Power"),
    "card": gettext_lazy("Draft card"),
    "die": gettext_lazy("Turn into a 6"),
    "option": gettext_lazy("Choice"),
    "territories": gettext_lazy("Cities"),
    "mission": gettext_lazy("Mission"),
    "name": gettext_lazy("Name"),
}
LIST_FIELDS = frozenset({"cards", "trade_in"})
CLAIM_LABELS = {
    # what a mission's claim places (E-8): the words for its fields
    "sea_line": {"territory": gettext_lazy("New sea line from"), "target": gettext_lazy("to")},
    "world_capital": {
        "territory": gettext_lazy("World Capital in"),
        "name": gettext_lazy("Its name"),
    },
}


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


def _card_label(state: GameState, card: str) -> str:
    return card_label(state, card)


def value_label(state: GameState, name: str, value: Any, kind: str = "") -> str:
    """Words for one field value of a move (of the form `kind`), for a select's option."""
    pocket = pocket_value_label(state, kind, name, value)
    if pocket is not None:
        return pocket
    territories = {**board().territories, **board().pack_territories}
    if name in {"territory", "origin", "target"}:
        if value in content().factions:  # a scar card may target a faction card
            return _("%(faction)s's faction card") % {"faction": content().factions[value].name}
        label = territories[value].name if value in territories else str(value)
        return f"{label} ({state.troops(value)})" if name == "origin" else label
    if name == "faction":
        return content().factions[value].name
    if name == "card":
        return draft_code_label(value)
    if name in LIST_FIELDS and state.rule_set != LEGACY:
        return ", ".join(card_label(state, c) for c in value)
    if name in LIST_FIELDS:
        if not value:
            return _("No trade-in")
        coins = sum(state.card_coins(c) for c in value)
        cards = ", ".join(_card_label(state, c) for c in value)
        if name == "trade_in":
            troops = content().trade_in_chart.get(coins, 0)
            return _("%(cards)s: %(coins)s coins for %(troops)s troops") % {
                "cards": cards,
                "coins": coins,
                "troops": troops,
            }
        return cards
    if name == "dice":
        return ngettext("%(count)s die", "%(count)s dice", value) % {"count": value}
    if name == "side":
        return _("the attacker") if value == "attack" else _("the defender")
    if name == "die_index":
        return _("die %(number)s") % {"number": int(value) + 1}
    if name == "slot":
        if value == "coin":
            return _("a coin card")
        card = state.slots[int(value) - 1]
        if card:
            return _("slot %(slot)s: %(card)s") % {"slot": value, "card": _card_label(state, card)}
        return _("slot %(slot)s") % {"slot": value}
    if name == "die":
        side, _sep, index = str(value).partition(":")
        return _missile_target(state, side, int(index)) if index.isdigit() else str(value)
    if name == "pack":
        pack = content().packs.get(value)
        return pack.name if pack else str(value)
    if name == "power":  # a comeback power: offered only once its pack is open
        power = box.comeback_powers(state.world).get(value)
        return f"{power.name}: {power.text}" if power else str(value)
    if name == "option":  # an option of the event card waiting on its chooser (E-7)
        card = content().event_cards.get((state.pending or {}).get("card", ""))
        option = card.option(value) if card else None
        return option.text if option else str(value)
    if name == "territories":
        names = [territories[t].name if t in territories else t for t in value]
        if len(set(names)) < len(names):  # troops split one by one (Join the Cause)
            counts = {n: names.count(n) for n in dict.fromkeys(names)}
            return ", ".join(
                ngettext("%(count)s troop into %(name)s", "%(count)s troops into %(name)s", count)
                % {"count": count, "name": n}
                for n, count in counts.items()
            )
        if not names:
            return ""
        joined = names[0]
        for name in names[1:]:  # "A and B and C", each pair worded in the reader's language
            joined = _("%(first)s and %(second)s") % {"first": joined, "second": name}
        return joined
    if name == "mission" and value:  # a mission of the deck, offered once its pack is open
        mission = content().missions.get(value)
        return f"{mission.name}: {mission.text}" if mission else str(value)
    return str(value)


NO_CARDS = "-"  # an empty card list or field, so a required select can still submit it


def encode(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(value) or NO_CARDS
    return str(value) or NO_CARDS


def _missile_target(state: GameState, side: str, index: int) -> str:
    values = (state.pending or {}).get(f"{side}_values") or []
    words = {"number": index + 1}
    if index < len(values):
        words["value"] = values[index]
        if side == "attack":
            return _("Attack die %(number)s showing %(value)s") % words
        return _("Defence die %(number)s showing %(value)s") % words
    return (_("Attack die %(number)s") if side == "attack" else _("Defence die %(number)s")) % words


def _claim_title(state: GameState) -> tuple[str, dict[str, str]]:
    """The claim form's title naming the face-up mission, and its fields' words (E-8)."""
    mission = content().missions.get(state.mission or "")
    if mission is None:
        return MOVE_TITLES["claim_mission"][0], {}
    return (
        ngettext(
            "Claim the mission %(name)s (%(stars)s Red Star)",
            "Claim the mission %(name)s (%(stars)s Red Stars)",
            mission.stars,
        )
        % {"name": mission.name, "stars": mission.stars},
        CLAIM_LABELS.get(mission.action or "", {}),
    )


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


# --- the reward form ---------------------------------------------------------------------------


def reward_select_choices(options) -> list[tuple[str, list[tuple[str, str]]]]:
    """Grouped choices "R2|alaska" -> "Alaska", one group per reward the rules offer."""
    groups = []
    for option in options:
        names = board().continents if option.targets_continents else board().territories
        groups.append(
            (
                f"{_(option.name)} ({option.code})",
                [(f"{option.code}|{t}", names[t].name) for t in option.targets],
            )
        )
    return groups


def reward_from_post(data: Any, prefix: str) -> RewardChoice | None:
    """The reward chosen in the fields `<prefix>_choice`, `_name` and `_delta`; an empty
    choice takes nothing, a value the form never offers is refused (not taken as nothing)."""
    raw = data.get(f"{prefix}_choice", "")
    if not raw:
        return None
    code, bar, target = raw.partition("|")
    if not (bar and code and target):
        raise ApplicationError(
            _("That reward is not one of the choices offered; choose again."), code="bad_reward"
        )
    delta_raw = data.get(f"{prefix}_delta", "")
    delta = signed_number(delta_raw) or 0
    name = data.get(f"{prefix}_name", "").strip()
    if len(name) > NAME_MAX or len(target) > NAME_MAX:
        raise ApplicationError(
            _("A name is at most %(max)s characters; shorten it (END-5).") % {"max": NAME_MAX},
            code="too_long",
        )
    return RewardChoice(code=code, target=target, name=name, delta=delta)
