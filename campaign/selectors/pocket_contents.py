"""What the pockets and the box bottom add to a pack page, beside the rows every pack has: the
factions they bring (printed powers and slots), missile powers with who holds them, the
Mutants' evolution once revealed, new territory cards, and the names on the box bottom's cards.

Callers pass an opened pack's content only (`rules.box.opened_contents`), so nothing here can
reach a campaign that has not opened it (U-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from campaign.mission_words import stars_words
from rules import box
from rules.content_records import Faction, PackContent
from rules.data import content
from rules.world import World

SLOT_NAMES = {
    "blue": gettext_lazy("Blue slot (comeback power)"),
    "brown": gettext_lazy("Brown slot (missile power)"),
    "red": gettext_lazy("Red slot (mission)"),
    "yellow": gettext_lazy("Yellow slot (weakness)"),
}
SLOT_PACKS = {"blue": "pack_2", "brown": "pocket_1", "yellow": "pocket_2"}
"""The pack that brings each kind of sticker: a slot is named only once its pack is open."""
SLOT_STATES = {
    "printed": gettext_lazy("printed on the card"),
    "never": gettext_lazy("can never take a sticker"),
    "open": pgettext_lazy("a slot", "open"),
}


def _slot_rows(world: World, faction: Faction) -> list[dict[str, str]]:
    rows = []
    for slot, state in faction.slots.items():
        if not box.is_open(world, SLOT_PACKS.get(slot)):
            continue
        mission = next(
            (m for m in content().missions.values() if m.key == state and m.faction), None
        )
        text = (
            _("printed mission %(name)s (%(code)s), %(stars)s: %(text)s")
            % {
                "name": mission.name,
                "code": mission.code,
                "stars": stars_words(mission.stars),
                "text": mission.text,
            }
            if mission
            else str(SLOT_STATES.get(state, state))
        )
        rows.append({"slot": str(SLOT_NAMES.get(slot, slot)), "text": text})
    return rows


def faction_rows(world: World, found: PackContent) -> list[dict[str, Any]]:
    """Each faction the pack brings, with both printed powers and what each slot holds (the
    slots of stickers this campaign's box has)."""
    return [
        {
            "key": f.key,
            "name": f.name,
            "colour": f.colour,
            "powers": [{"name": p.name, "text": p.text} for p in f.powers],
            "slots": _slot_rows(world, f),
        }
        for f in found.factions
    ]


def missile_power_rows(world: World, found: PackContent) -> list[dict[str, Any]]:
    """Each missile power with the faction whose brown slot holds it ("" while on the sheet)."""
    holders = {p: content().faction_name(f) for f, p in world.missile_powers.items()}
    return [
        {"key": p.key, "name": p.name, "text": p.text, "held_by": holders.get(p.key, "")}
        for p in found.missile_powers
    ]


def evolution_row(world: World, found: PackContent) -> dict[str, Any] | None:
    """J178/J179: the evolved power, only once both Evolve cards are scratched; the scratched
    options so far otherwise (the card's hidden boxes stay hidden)."""
    if not found.evolutions:
        return None
    revealed = box.evolution(world)
    return {
        "scratched": sorted(set(world.evolutions.values())),
        "revealed": {"name": revealed.name, "text": revealed.text} if revealed else None,
    }


def territory_rows(world: World, found: PackContent) -> list[dict[str, Any]]:
    """The territory cards the pack adds, with their coins now (K186: Alien Island)."""
    return [
        {
            "key": t.key,
            "code": t.code,
            "name": t.name,
            "coins": world.card_coins.get(t.key, t.coins),
            "destroyed": not world.has_card(t.key),
        }
        for t in found.territories
    ]


def named_card_rows(
    world: World, found: PackContent, names: Mapping[str, str]
) -> list[dict[str, str]]:
    """The box bottom's cards, each with the name written on it ("" while blank)."""
    rows = []
    for card in found.event_cards:
        if card.chooser != "named_player":
            continue
        person = world.named_cards.get(card.code, "")
        rows.append({"code": card.code, "name": card.name, "person": names.get(person, person)})
    return rows
