"""Reading a campaign's box for its pages and API: the packs it has opened and what each added,
the rules its box adds, the state of its decks and blue slots, and counts for the statistics.

Everything here asks `rules.box` with the campaign's world, so a pack the campaign has not
opened contributes nothing, and asking for one gets the same answer as asking for a pack that
does not exist (U-8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext

from campaign.errors import NotFoundError
from campaign.mission_words import claim_words, mission_label, stars_words
from campaign.models import Campaign, EventMention
from campaign.selectors.campaigns import person_names
from campaign.selectors.history.stats import Bar, Chart
from campaign.selectors.pocket_contents import (
    evolution_row,
    faction_rows,
    missile_power_rows,
    named_card_rows,
    territory_rows,
)
from campaign.selectors.world import world_current, world_tallies
from rules import box
from rules.content_records import (
    ComebackPower,
    EventCard,
    Mission,
    Pack,
    PackContent,
    RulesAddition,
    ScarType,
)
from rules.data import content
from rules.pack_words import EVENT_AFTER_WORDS
from rules.unlocks import is_optional
from rules.world import World

NO_SUCH_PACK = gettext_noop("This campaign has no such opened pack.")

PRINTED_RULES = {"S-6": gettext_lazy("Choosing factions"), "S-11": gettext_lazy("First turn")}
"""Titles of the printed rules that rules additions replace, for the words beside the ID."""

SCAR_TIMING = {
    "before_attack_roll": gettext_lazy("Just before an attack roll, on the defending territory"),
    "turn_start": gettext_lazy("At the start of anyone's turn"),
}
SCAR_TARGET = {"territory": gettext_lazy("a territory"), "faction": gettext_lazy("a faction card")}
EVENT_CHOOSER = {
    "most_population": gettext_lazy("The player with the largest population chooses"),
    "mutants": gettext_lazy("The Mutants' player chooses"),
    "aliens": gettext_lazy("The Aliens' player chooses"),
    "island_holder": gettext_lazy("Whoever holds Alien Island chooses"),
    "named_player": gettext_lazy("The player whose name is on the card chooses"),
}
DRAFT_KIND_NAMES = {
    "troops": gettext_lazy("Starting troops"),
    "coins": gettext_lazy("Starting coin cards"),
    "turn_order": gettext_lazy("Turn order"),
    "placement": gettext_lazy("Starting placement"),
}
DRAFT_PLAYER_COUNTS = (3, 4, 5)
SCAR_COLOURS = ("#4b4f57", "#c8962e", "#c9b400", "#3f6b3a", "#6b3b3b")
EVENT_COLOUR = "#3b6fb6"
MISSION_COLOUR = "#8c2f1b"


def _ordered_packs() -> list[Pack]:
    return sorted(content().packs.values(), key=lambda p: p.order)


# --- which packs are open --------------------------------------------------------------------


@dataclass(frozen=True)
class PackOpenedView:
    """An opened pack as its page names it: when and why it opened."""

    key: str
    name: str
    rule: str
    label: str
    game: int | None
    reason: str
    after_game: bool = False  # opened by choice between games: after `game`, not in it


def pack_opened(*, world: World, pack: str) -> PackOpenedView:
    """The opening of `pack` in this world; a sealed pack and an unknown one are refused with
    the same words, so the answer never says which packs exist beyond the printed ones."""
    found = content().packs.get(pack)
    opening = world.packs_opened.get(pack)
    if found is None or opening is None:
        raise NotFoundError(_(NO_SUCH_PACK), code="not_found", rule="U-8")
    return PackOpenedView(
        key=found.key,
        name=found.name,
        rule=found.rule,
        label=found.label,
        game=opening.game,
        reason=opening.reason,
        after_game=is_optional(found),
    )


def packs_opened_and_sealed(*, world: World) -> tuple[list[PackOpenedView], list[dict[str, str]]]:
    """Opened packs (for links to their pages) and sealed ones (their printed condition only)."""
    opened = [
        pack_opened(world=world, pack=p.key) for p in _ordered_packs() if box.is_open(world, p.key)
    ]
    sealed = [
        {"key": p.key, "name": p.name, "label": p.label, "rule": p.rule, "optional": is_optional(p)}
        for p in _ordered_packs()
        if not box.is_open(world, p.key)
    ]
    return opened, sealed


# --- what one opened pack added ----------------------------------------------------------------


def _rules_addition_rows(additions: Iterable[RulesAddition]) -> list[dict[str, Any]]:
    return [
        {
            "code": a.code,
            "slot": a.slot,
            "title": a.title,
            "replaces": a.replaces,
            "replaces_title": str(PRINTED_RULES.get(a.replaces or "", "")),
            "text": a.text,
        }
        for a in additions
    ]


def _scar_row(scar: ScarType) -> dict[str, Any]:
    return {
        "key": scar.key,
        "code": scar.code,
        "name": scar.name,
        "cards": scar.cards,
        "timing": str(SCAR_TIMING.get(scar.timing, scar.timing)),
        "target": str(SCAR_TARGET.get(scar.target, scar.target)),
        "text": scar.text,
        "pack": content().packs[scar.pack].name if scar.pack else "",
    }


def _event_rows(world: World, cards: Iterable[EventCard]) -> list[dict[str, Any]]:
    """Event cards grouped by kind (cards with the same key do the same), with their codes."""
    rows: dict[str, dict[str, Any]] = {}
    for card in cards:
        row = rows.setdefault(
            card.key,
            {
                "key": card.key,
                "name": card.name,
                "codes": [],
                "destroyed": [],
                "chooser": str(EVENT_CHOOSER.get(card.chooser or "", "")),
                "options": [
                    {"text": o.text, "after": _(EVENT_AFTER_WORDS.get(o.after, o.after))}
                    for o in card.options
                ],
            },
        )
        row["codes"].append(card.code)
        if card.code in world.destroyed_box_cards:
            row["destroyed"].append(card.code)
    return list(rows.values())


def _draft_table(pack: PackContent) -> dict[str, Any]:
    """Draft cards by kind: every card with its fewest players, and the values in use for 3, 4
    and 5 players (a card is in use when the players are at least its number)."""
    rows = []
    for kind, name in DRAFT_KIND_NAMES.items():
        cards = [c for c in pack.draft_cards if c.kind == kind]
        if not cards:
            continue
        rows.append(
            {
                "kind": str(name),
                "cards": [
                    {"code": c.code, "value": c.value, "min_players": c.min_players} for c in cards
                ],
                "in_use": [
                    sorted(c.value for c in cards if c.min_players <= n)
                    for n in DRAFT_PLAYER_COUNTS
                ],
            }
        )
    return {"player_counts": list(DRAFT_PLAYER_COUNTS), "rows": rows}


def _comeback_rows(world: World, powers: Iterable[ComebackPower]) -> list[dict[str, Any]]:
    """Each power with the faction whose blue slot holds it ("" while it is on the sheet)."""
    holders = {p: content().factions[f].name for f, p in world.comeback_powers.items()}
    return [
        {"key": p.key, "name": p.name, "text": p.text, "held_by": holders.get(p.key, "")}
        for p in powers
    ]


def _mission_rows(world: World, missions: Iterable[Mission]) -> list[dict[str, Any]]:
    """Each mission with its stars, what it asks, what a claim does and where its card is."""
    return [
        {
            "code": m.code,
            "name": m.name,
            "stars": stars_words(m.stars),
            "text": m.text,
            "on_claim": claim_words(m),
            "private": m.private,
            "destroyed": m.code in world.destroyed_box_cards,
        }
        for m in missions
    ]


def _setting_rows(world: World, pack: str | None = None) -> list[dict[str, Any]]:
    return [
        {
            "key": spec.key,
            "label": spec.label,
            "value": value,
            "value_text": spec.choices[value],
            "is_default": value == spec.default,
            "choices": list(spec.choices.items()),
            "pack": content().packs[spec.pack].name,
        }
        for spec, value in box.settings(world)
        if pack is None or spec.pack == pack
    ]


def pack_contents(
    *, world: World, pack: str, names: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """Everything an opened pack added, in words from the fixtures; None when this service does
    not hold that pack's contents. Refuses a sealed or unknown pack like `pack_opened`. `names`
    gives people's display names (for the names written on the box bottom's cards)."""
    pack_opened(world=world, pack=pack)
    found = next((p for p in box.opened_contents(world) if p.pack == pack), None)
    if found is None:
        return None
    return {
        "story": [{"code": s.code, "title": s.title, "text": s.text} for s in found.story],
        "rules_additions": _rules_addition_rows(found.rules_additions),
        "reference_stickers": [
            {"code": r.code or "", "title": r.title, "text": r.text}
            for r in found.reference_stickers
        ],
        "scar_types": [_scar_row(s) for s in found.scar_types],
        "draft": _draft_table(found) if found.draft_cards else None,
        "event_cards": _event_rows(world, found.event_cards),
        "comeback_powers": _comeback_rows(world, found.comeback_powers),
        "missions": _mission_rows(world, (m for m in found.missions if not m.private)),
        "private_missions": _mission_rows(
            world, (m for m in found.missions if m.private and m.faction is None)
        ),
        "factions": faction_rows(world, found),
        "missile_powers": missile_power_rows(world, found),
        "evolution": evolution_row(world, found),
        "territories": territory_rows(world, found),
        "named_cards": named_card_rows(world, found, names or {}),
        "settings": _setting_rows(world, pack),
    }


# --- an opened pack's opening choice (Pack 2: the eliminated faction's comeback power) ----------


def comeback_pick_due(*, world: World, pack: str) -> list[dict[str, Any]]:
    """Factions eliminated in the game that opened `pack` that still have an empty blue slot,
    when `pack` brings comeback powers (C100: the eliminated faction picks one at once)."""
    opening = world.packs_opened.get(pack)
    found = next((p for p in box.opened_contents(world) if p.pack == pack), None)
    if opening is None or found is None or not found.comeback_powers or opening.game is None:
        return []
    return [
        {"faction": r.faction, "name": content().factions[r.faction].name, "person": r.player}
        for r in world.faction_records
        if r.game == opening.game
        and r.outcome == "eliminated"
        and r.faction not in world.comeback_powers
    ]


# --- the rules this campaign's box adds ------------------------------------------------------


def rules_help(*, world: World) -> dict[str, Any]:
    """What this campaign's box adds to the printed rules, in words: rules additions in
    effect, every kind of scar with its timing, the event deck, comeback powers and readings."""
    in_deck = box.event_deck(world)
    all_events = [c for pack in box.opened_contents(world) for c in pack.event_cards]
    destroyed = [c for c in all_events if c.code in world.destroyed_box_cards]
    powers = list(box.comeback_powers(world).values())
    return {
        "rules_additions": _rules_addition_rows(box.rules_additions(world)),
        "scar_types": [_scar_row(s) for s in box.scar_types(world).values()],
        "event_deck": _event_rows(world, in_deck),
        "events_destroyed": _event_rows(world, destroyed),
        "has_events": bool(all_events),
        "comeback_powers": _comeback_rows(world, powers),
        "draft_active": box.draft_active(world),
        "missions": _mission_rows(world, box.missions(world)),
        "settings": _setting_rows(world),
    }


# --- the box in a few words, for the world page and the API --------------------------------------


def box_status(*, world: World) -> dict[str, Any]:
    """The state of the box's decks and slots. A key is present only once an opened pack brings
    what it describes, so a campaign never reads of a deck or slot it does not have yet."""
    status: dict[str, Any] = {
        "packs_opened": [p.key for p in _ordered_packs() if box.is_open(world, p.key)]
    }
    all_events = [c for pack in box.opened_contents(world) for c in pack.event_cards]
    if all_events:
        status["event_deck"] = {
            "cards_left": len(box.event_deck(world)),
            "destroyed": sorted(c.code for c in all_events if c.code in world.destroyed_box_cards),
        }
    if box.draft_active(world):
        status["draft"] = {
            "in_use": True,
            "cards_by_players": {
                str(n): len(box.draft_cards(world, n)) for n in DRAFT_PLAYER_COUNTS
            },
        }
    powers = box.comeback_powers(world)
    if powers:
        status["comeback_powers"] = {
            faction: {"key": key, "name": powers[key].name if key in powers else key}
            for faction, key in sorted(world.comeback_powers.items())
        }
        status["comeback_powers_left"] = [p.key for p in box.comeback_powers_left(world)]
    return status


def faction_blue_slots(*, world: World) -> dict[str, ComebackPower | None] | None:
    """faction -> its comeback power (None: empty blue slot); None while no opened pack brings
    comeback powers, so faction cards show no blue slot at all."""
    powers = box.comeback_powers(world)
    if not powers:
        return None
    return {
        f: powers.get(world.comeback_powers.get(f, ""))
        for f, faction in box.factions(world).items()
        if faction.slot_open("blue")
    }


# --- statistics --------------------------------------------------------------------------------


def box_stats(*, campaign: Campaign) -> list[Chart]:
    """Scars placed by kind (every kind in the box, base ones too) and, once the box holds an
    event deck, event cards resolved by kind, and once it holds missions, missions claimed by
    mission and by player; corrected-away entries do not count."""
    world = world_current(campaign=campaign)
    names = person_names(campaign=campaign)
    tallies = world_tallies(campaign=campaign)
    scars = tallies[EventMention.What.SCAR]
    events: Counter[str] = Counter()
    for code, n in tallies[EventMention.What.EVENT_CARD].items():
        if (card := content().event_cards.get(code)) is not None:
            events[card.key] += n  # counted by kind: several printed cards share one
    missions = tallies[EventMention.What.MISSION]
    claimers: Counter[str] = Counter()
    for person, n in tallies[EventMention.What.CLAIMER].items():
        claimers[names.get(person, person) if person else _("someone")] += n
    kinds = box.scar_types(world)
    charts = [
        Chart(
            _("Scars placed, by kind"),
            [
                Bar(
                    scar.name,
                    [
                        (
                            pgettext("a chart's bar", "placed"),
                            scars[key],
                            SCAR_COLOURS[i % len(SCAR_COLOURS)],
                        )
                    ],
                )
                for i, (key, scar) in enumerate(kinds.items())
            ],
        )
    ]
    event_kinds = _event_rows(world, [c for p in box.opened_contents(world) for c in p.event_cards])
    if event_kinds:
        charts.append(
            Chart(
                _("Event cards resolved, by kind"),
                [
                    Bar(
                        row["name"],
                        [(pgettext("a chart's bar", "resolved"), events[row["key"]], EVENT_COLOUR)],
                    )
                    for row in event_kinds
                ],
            )
        )
    deck = box.missions(world)
    if deck:
        charts.append(
            Chart(
                _("Missions claimed, by mission"),
                [
                    Bar(
                        mission_label(m),
                        [(pgettext("a chart's bar", "claimed"), missions[m.code], MISSION_COLOUR)],
                    )
                    for m in deck
                ],
            )
        )
    if claimers:
        charts.append(
            Chart(
                _("Missions claimed, by player"),
                [
                    Bar(who, [(pgettext("a chart's bar", "claimed"), count, MISSION_COLOUR)])
                    for who, count in sorted(claimers.items(), key=lambda kv: (-kv[1], kv[0]))
                ],
            )
        )
    return charts
