"""The world's records as they stand, or as they stood after any game: cities, scars, continents,
signatures, cards, packs, supplies and factions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from campaign.models import Campaign, PackUnlock
from campaign.selectors.campaigns import person_names
from campaign.selectors.history.describe import faction_name, territory_name
from campaign.selectors.mission_history import CITY_KINDS
from campaign.selectors.world import world_as_of, world_current
from rules import box
from rules.data import board, content
from rules.world import World

SUPPLY_NAMES = {
    "minor_city": gettext_lazy("Minor City marks"),
    "major_city": gettext_lazy("Major City marks"),
    "world_capital": gettext_lazy("World Capital"),
    "scar_cancel": gettext_lazy("Scar-cancel stickers"),
    "continent_mark_plus": gettext_lazy("+1 continent mark"),
    "continent_mark_minus": gettext_lazy("-1 continent mark"),
    "fortification": gettext_lazy("Fortification marks"),
}


@dataclass
class WorldView:
    world: World
    game: int | None  # None: as it stands now
    cities: list[dict[str, Any]]
    scars: list[dict[str, Any]]
    continents: list[dict[str, Any]]
    signatures: list[dict[str, Any]]
    destroyed_cards: list[str]
    upgraded_cards: list[dict[str, Any]]
    packs: list[dict[str, Any]]
    supplies: list[dict[str, Any]]
    factions: list[dict[str, Any]]


def history_world(*, campaign: Campaign, game: int | None = None) -> WorldView:
    """The world now (`game` None) or as it stood after game `game` (404 if there is none)."""
    world = (
        world_current(campaign=campaign)
        if game is None
        else world_as_of(campaign=campaign, game_number=game)
    )
    names = person_names(campaign=campaign)
    cities = [
        {
            "territory": c.territory,
            "territory_name": territory_name(c.territory),
            "kind": c.kind,
            "kind_name": str(CITY_KINDS.get(c.kind, c.kind)),
            "name": c.name,
            "founder": names.get(c.founder, c.founder),
            "game": c.game,
            "fortified": world.is_fortified(c.territory),
            "fortification": world.fortifications.get(c.territory),
        }
        for c in sorted(world.cities.values(), key=lambda c: (c.game, c.territory))
    ]
    scars = [
        {
            "target": s.target,
            "target_name": territory_name(s.target)
            if s.on == "territory"
            else faction_name(s.target),
            "on": s.on,
            "kind": content().scar_types[s.kind].name if s.kind in content().scar_types else s.kind,
            "placed_by": names.get(s.placed_by, s.placed_by) if s.placed_by else "",
            "game": s.game,
            "cancelled": s.cancelled,
        }
        for s in sorted(
            [*world.scars.values(), *world.faction_scars.values()], key=lambda s: (s.game, s.target)
        )
    ]
    continents = []
    for key, continent in board().continents.items():
        named = world.continent_names.get(key)
        continents.append(
            {
                "key": key,
                "name": continent.name,
                "printed": continent.bonus,
                "mark": world.continent_marks.get(key, 0),
                "bonus": world.continent_bonus(key),
                "named": named.name if named else "",
                "namer": names.get(named.namer, named.namer) if named else "",
                "named_in": named.game if named else None,
            }
        )
    signatures = [
        {"game": s.game, "name": names.get(s.person, s.person), "date": s.date, "slogan": s.slogan}
        for s in world.signatures
    ]
    unlocks = {u.pack: u for u in PackUnlock.objects.filter(campaign=campaign)}
    packs = [
        {
            "key": p.key,
            "name": p.name,
            "label": p.label,
            "rule": p.rule,
            "opened": p.key in world.packs_opened,
            "game": world.packs_opened[p.key].game if p.key in world.packs_opened else None,
            "reason": world.packs_opened[p.key].reason if p.key in world.packs_opened else "",
            "trigger_seq": unlocks[p.key].trigger_seq if p.key in unlocks else None,
        }
        for p in sorted(content().packs.values(), key=lambda p: p.order)
    ]
    factions = [
        {
            "key": f.key,
            "name": f.name,
            "colour": f.colour,
            "power": content().power(world.starting_powers[f.key]).name
            if f.key in world.starting_powers
            else "",
            "scar": world.faction_scars.get(f.key),
        }
        for f in box.factions(world).values()
    ]
    return WorldView(
        world=world,
        game=game,
        cities=cities,
        scars=scars,
        continents=continents,
        signatures=signatures,
        destroyed_cards=sorted(territory_name(t) for t in world.destroyed_cards),
        upgraded_cards=[
            {"territory": t, "name": territory_name(t), "coins": n}
            for t, n in sorted(world.card_coins.items())
            if n > 1
        ],
        packs=packs,
        supplies=[
            {
                "name": str(SUPPLY_NAMES.get(key, key)),
                "left": left,
                "total": content().supplies[key],
            }
            for key, left in world.supplies_left().items()
        ],
        factions=factions,
    )
