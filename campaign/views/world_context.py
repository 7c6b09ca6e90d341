"""What the world page shows, worked out from a World for the templates."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from campaign.board_map.render import render_board_svg
from campaign.selectors.box import box_status, faction_blue_slots
from campaign.selectors.faction_cards import faction_homelands, faction_red_slots
from campaign.selectors.history.describe import NOT_RECORDED
from campaign.selectors.pocket_board import pocket_board
from campaign.selectors.pocket_cards import pocket_card
from rules import box
from rules.data import board, content
from rules.unlocks import is_optional
from rules.world import World

SUPPLY_NAMES = {
    "minor_city": gettext_lazy("Minor cities"),
    "major_city": gettext_lazy("Major cities"),
    "world_capital": gettext_lazy("World capital"),
    "scar_cancel": gettext_lazy("Scar cancel stickers"),
    "continent_mark_plus": gettext_lazy("Continent +1 mark"),
    "continent_mark_minus": gettext_lazy("Continent -1 mark"),
    "fortification": gettext_lazy("Fortifications"),
}
# A city's kind as the world page names it ("Old Town (minor) in ...").
CITY_KINDS = {
    "minor": pgettext_lazy("city", "minor"),
    "major": pgettext_lazy("city", "major"),
    "capital": gettext_lazy("World Capital"),
}
# The result on a faction card's back, as the world page writes it.
RECORD_OUTCOMES = {
    "won": pgettext_lazy("faction result", "won"),
    "held_on": pgettext_lazy("faction result", "held on"),
    "eliminated": pgettext_lazy("faction result", "eliminated"),
}
# The latest games a faction card shows on the world page (the card's back has room for the
# 15 rewarded games); its page lists them all.
CARD_ROWS = 15


def world_context(world: World, *, names: dict[str, str]) -> dict:
    """Template context for a world: marks, faction cards, victors, packs and supplies."""
    territories = {**board().territories, **board().pack_territories}

    def who(person: str | None) -> str:
        return names.get(person, person) if person else "—"

    blue_slots = faction_blue_slots(world=world)
    homelands = faction_homelands(world=world)
    red_slots = faction_red_slots(world=world)
    factions = []
    for key, faction in box.factions(world).items():
        power_key = world.starting_powers.get(key)
        scar = world.faction_scars.get(key)
        history = world.faction_history(key)
        shown = history[-CARD_ROWS:]
        factions.append(
            {
                "key": key,
                "name": faction.name,
                "colour": faction.colour,
                "power": content().power(power_key) if power_key else None,
                "scar": content().scar_types[scar.kind].name if scar else None,
                "comeback": blue_slots.get(key) if blue_slots is not None else None,
                "homeland": homelands.get(key) if homelands is not None else None,
                "red_slot": red_slots.get(key) if red_slots is not None else None,
                "pocket": pocket_card(world, key),
                "records": [
                    {
                        "game": r.game,
                        "player": who(r.player) if r.player else None,
                        "start": territories[r.start].name
                        if r.start
                        else (NOT_RECORDED if r.player else None),
                        "outcome": str(RECORD_OUTCOMES.get(r.outcome or "", ""))
                        or (r.outcome or "").replace("_", " "),
                    }
                    for r in shown
                ],
                # The rest of a long campaign's rows are on the faction's own page.
                "earlier": len(history) - len(shown),
            }
        )
    signatures = {s.game: s for s in world.signatures}
    victors = [
        {
            "game": game,
            "person": who(signatures[game].person) if game in signatures else None,
            "date": signatures[game].date if game in signatures else "",
            "slogan": signatures[game].slogan if game in signatures else "",
        }
        for game in range(1, content().constants["rewarded_games"] + 1)
    ]
    packs = [
        {
            "key": pack.key,
            "name": pack.name,
            "label": pack.label,
            "opened": world.packs_opened.get(pack.key),
            "optional": is_optional(pack),
        }
        for pack in sorted(content().packs.values(), key=lambda p: p.order)
    ]
    continents = [
        {
            "name": continent.name,
            "given_name": world.continent_names.get(key),
            "namer": who(world.continent_names[key].namer) if key in world.continent_names else "",
            "mark": world.continent_marks.get(key, 0),
            "bonus": world.continent_bonus(key),
        }
        for key, continent in board().continents.items()
    ]
    covered = {c.territory: c for c in world.covered_cities}
    return {
        "world": world,
        "blue_slots": blue_slots is not None,
        "red_slots": red_slots is not None,
        "has_missions": bool(box.missions(world)),
        "sea_lines": [
            {"a": territories[a].name, "b": territories[b].name} for a, b in world.added_sea_lines
        ],
        "box": box_status(world=world),
        "board_svg": render_board_svg(world, people=names),
        "factions": factions,
        "pocket_board": pocket_board(world, who),
        "victors": victors,
        "packs": packs,
        "continents": continents,
        "cities": sorted(
            (
                {
                    "territory": territories[c.territory].name,
                    "name": c.name,
                    "kind": c.kind,
                    "kind_name": str(CITY_KINDS.get(c.kind, c.kind)),
                    "covered_kind": str(CITY_KINDS.get(covered[c.territory].kind, ""))
                    if c.kind == "capital" and c.territory in covered
                    else "",
                    "founder": who(c.founder),
                    "game": c.game,
                    "covered": covered.get(c.territory) if c.kind == "capital" else None,
                }
                for c in world.cities.values()
            ),
            key=lambda c: c["territory"],
        ),
        "scars": sorted(
            (
                {
                    "territory": territories[s.target].name,
                    "kind": content().scar_types[s.kind].name
                    if s.kind in content().scar_types
                    else s.kind,
                    "by": who(s.placed_by) if s.placed_by else "",
                    "game": s.game,
                    "cancelled": s.cancelled,
                }
                for s in world.scars.values()
            ),
            key=lambda s: s["territory"],
        ),
        "fortifications": sorted(
            (
                {"territory": territories[f.territory].name, "uses_left": f.uses_left}
                for f in world.fortifications.values()
            ),
            key=lambda f: f["territory"],
        ),
        "card_coins": sorted(
            (
                {
                    "territory": t.name,
                    "coins": world.card_coins.get(key, 1),
                    "destroyed": key in world.destroyed_cards,
                }
                for key, t in territories.items()
                if world.card_coins.get(key, 1) != 1 or key in world.destroyed_cards
            ),
            key=lambda c: c["territory"],
        ),
        "supplies": [
            {
                "key": key,
                "name": str(SUPPLY_NAMES.get(key, key)),
                "left": max(0, left),
                "over": max(0, -left),  # marks placed beyond the sheet by an owner's override
                "total": content().supplies[key],
            }
            for key, left in world.supplies_left().items()
        ],
    }
