"""Marks the pockets put on the board, for the SVG map: the Fallout Zone mark (J162s), ruins
(K187s) and Alien Island's two sea lines (K182s).

They are drawn in their own layer above the territories, so a neighbour drawn later never hides
them, and they let clicks through to the territory beneath (digital play). Each is drawn only
when the campaign's world carries it, so a campaign that has not opened a pocket reads none of
its words (U-8).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Protocol

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import board_links
from rules.data import board
from rules.world import World

CITY_DX = -21  # the city slot, left of the troop badge (as in `campaign.board_map.territory`)


class Anchored(Protocol):
    """What a mark needs of a territory's shape on the map."""

    name: str
    points: str
    marker: tuple[float, float]


def person_name(people: Mapping[str, str], key: str | None) -> str:
    """A person's display name, by key (a record that names nobody: "someone", in words)."""
    return people.get(key, key) if key else _("someone")


def fallout_icon(x: float, y: float, r: float = 9) -> SafeString:
    """A hazard trefoil: three black blades on a yellow disc."""
    blades = []
    for start in (-120, 0, 120):
        a1, a2 = math.radians(start - 30 - 90), math.radians(start + 30 - 90)
        inner, outer = r * 0.28, r * 0.85
        blades.append(
            f"M{x + inner * math.cos(a1):.1f} {y + inner * math.sin(a1):.1f} "
            f"L{x + outer * math.cos(a1):.1f} {y + outer * math.sin(a1):.1f} "
            f"A{outer:.1f} {outer:.1f} 0 0 1 {x + outer * math.cos(a2):.1f} "
            f"{y + outer * math.sin(a2):.1f} "
            f"L{x + inner * math.cos(a2):.1f} {y + inner * math.sin(a2):.1f} Z"
        )
    return format_html(
        '<circle class="fallout-icon" cx="{}" cy="{}" r="{}" fill="#f2c200" stroke="#111" '
        'stroke-width="1.2"/><path d="{}" fill="#111"/>',
        x,
        y,
        r,
        " ".join(blades),
    )


def ruin_icon(x: float, y: float) -> SafeString:
    """A broken city mark: a grey ring with a crack through it."""
    return format_html(
        '<circle class="ruin-icon" cx="{}" cy="{}" r="5" fill="#cfc6b4" stroke="#5a5046" '
        'stroke-width="1.4" stroke-dasharray="3 1.6"/><path d="M{} {} l3 3 l-2 2 l3 3" '
        'fill="none" stroke="#3a3028" stroke-width="1.2"/>',
        x,
        y,
        x - 3,
        y - 5,
    )


def island_line_icon() -> SafeString:
    return mark_safe(
        '<line x1="-9" y1="0" x2="9" y2="0" stroke="#6b3fa0" stroke-width="1.8" '
        'stroke-dasharray="5 3"/>'
    )


def _fallout_text(world: World, people: Mapping[str, str]) -> str:
    covered = [
        *(
            _("the city %(name)s") % {"name": c.name}
            for c in world.covered_cities
            if c.territory == world.fallout
        ),
        *(_("a scar") for s in world.covered_scars if s.target == world.fallout),
    ]
    if covered:
        return _("Fallout Zone: nuked, its card destroyed; it covers %(what)s") % {
            "what": _(" and ").join(covered)
        }
    return _("Fallout Zone: nuked, its card destroyed")


def _ruin_text(world: World, territory: str, people: Mapping[str, str]) -> str:
    city = world.ruins[territory]
    return _("Ruin of %(name)s, founded by %(founder)s in game %(game)s") % {
        "name": city.name,
        "founder": person_name(people, city.founder),
        "game": city.game,
    }


def mark_notes(territory: str, world: World, people: Mapping[str, str]) -> list[str]:
    """What a territory's title says of the pockets' marks on it (none before they open)."""
    notes = []
    if territory == world.fallout:
        notes.append(f"{_fallout_text(world, people)}.")
    if territory in world.ruins:
        notes.append(f"{_ruin_text(world, territory, people)}.")
    if world.alien_island and territory in world.alien_island:
        island = board().territory(board_links.ALIEN_ISLAND).name
        notes.append(_("Sea line to %(island)s.") % {"island": island})
    return notes


def marks_layer(
    world: World, shapes: Mapping[str, Anchored], people: Mapping[str, str]
) -> SafeString:
    """The Fallout Zone mark over its whole territory (city slot included: the mark covers any
    city or scar there), and each ruin in its city slot unless a new city stands on it."""
    parts = []
    if world.fallout and world.fallout in shapes:
        shape = shapes[world.fallout]
        mx, my = shape.marker
        parts.append(
            format_html(
                '<g class="mark fallout" data-territory="{}" pointer-events="none"><title>{}'
                '</title><polygon points="{}" fill="#f2c200" fill-opacity=".3" stroke="#111" '
                'stroke-width="1.6" stroke-dasharray="6 3"/>{}</g>',
                world.fallout,
                _fallout_text(world, people),
                shape.points,
                fallout_icon(mx + CITY_DX, my),
            )
        )
    for territory in sorted(world.ruins):
        if territory not in shapes or territory in world.cities:
            continue
        mx, my = shapes[territory].marker
        parts.append(
            format_html(
                '<g class="mark ruin" data-territory="{}" pointer-events="none"><title>{}</title>'
                "{}</g>",
                territory,
                _ruin_text(world, territory, people),
                ruin_icon(mx + CITY_DX, my),
            )
        )
    return mark_safe("".join(parts))


def _island_path(x1: float, y1: float, x2: float, y2: float, bottom: float) -> str:
    """A short sea line is straight; a long one bows south through the open ocean, so it
    does not cross the continents between the island and its end."""
    if abs(x2 - x1) < 300:
        return f"M{x1:g} {y1:g} L{x2:g} {y2:g}"
    return f"M{x1:g} {y1:g} C{x1:g} {bottom:g} {x2:g} {bottom:g} {x2:g} {y2:g}"


def island_sea_lines(
    world: World, shapes: Mapping[str, Anchored], bottom: float = 790
) -> SafeString:
    """Alien Island's two sea lines, from the island to each end territory (K182s);
    `bottom` is how far south a long line may bow."""
    island = shapes.get(board_links.ALIEN_ISLAND)
    if not world.alien_island or island is None:
        return mark_safe("")
    x1, y1 = island.marker
    lines = []
    for end in world.alien_island:
        if end not in shapes:
            continue
        x2, y2 = shapes[end].marker
        path = _island_path(x1, y1, x2, y2, bottom)
        lines.append(
            format_html(
                '<g class="sea-line island-line" data-a="{}" data-b="{}"><title>Sea line: {} to '
                '{}</title><path d="{}" fill="none" stroke="#f7f3e8" stroke-width="3.6" '
                'stroke-opacity=".7"/><path d="{}" fill="none" stroke="#6b3fa0" '
                'stroke-width="1.8" stroke-dasharray="5 3"/></g>',
                board_links.ALIEN_ISLAND,
                end,
                island.name,
                shapes[end].name,
                path,
                path,
            )
        )
    return mark_safe("".join(lines))


def legend_rows(world: World) -> tuple[str, ...]:
    """Which of the pockets' marks the legend explains: only those this world carries."""
    rows = []
    if world.fallout:
        rows.append("fallout")
    if world.ruins:
        rows.append("ruin")
    if world.alien_island:
        rows.append("island")
    return tuple(rows)


LEGEND_TEXT = {
    "fallout": gettext_lazy("Fallout Zone"),
    "ruin": gettext_lazy("Ruin"),
    "island": gettext_lazy("Sea line to Alien Island"),
}


def legend_icon(row: str) -> SafeString:
    if row == "fallout":
        return fallout_icon(0, 0, 6.5)
    if row == "ruin":
        return ruin_icon(0, 0)
    return island_line_icon()
