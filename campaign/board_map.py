"""The board as an SVG picture: territories, sea lines and every mark the campaign world carries.

Geometry comes from `fixtures/board_map.json` and is prepared once per process; each render
only adds what changes (marks, continent names, troops). Everything that comes from people
(city, continent and person names) goes through `format_html`/`escape`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.board_hit_areas import hit_areas
from campaign.board_marks import (
    CITY_DX,
    LEGEND_TEXT,
    island_sea_lines,
    legend_icon,
    legend_rows,
    mark_notes,
    marks_layer,
)
from rules import board_links, box, words
from rules.data import FIXTURES, board, content
from rules.world import World

MAP_FILE: Path = FIXTURES / "board_map.json"
CSS_PATH = "css/board.css"

# Offsets from a territory's marker anchor; the rulebook puts cities on the upper half of a
# territory and scars on the lower half, on the map they sit either side of the troop badge.
SCAR_DX = 21
NAME_LINE_HEIGHT = 10.5
NAME_CHAR_WIDTH = 6.0  # average glyph width of the 10px label font, to place the card badge
ISLAND_COLOUR = "#cdbde3"  # a territory of no continent (Alien Island): no continent's colour
COIN_FILL = "#f0c33c"  # the card-coin badge (and `.coins` in game.css); no faction colour nears it


@dataclass(frozen=True)
class TerritoryOverlay:
    """What a digital game adds to a territory: troops in the owner's colour, maybe an HQ."""

    troops: int
    colour: str
    hq_faction: str | None = None
    hq_colour: str | None = None
    selectable: bool = False
    label: str | None = None  # who holds it, for the tooltip (e.g. the faction's name)


@dataclass(frozen=True)
class _Shape:
    key: str
    name: str
    continent: str
    points: str
    label: tuple[float, float]
    marker: tuple[float, float]
    name_lines: tuple[str, ...]


@dataclass(frozen=True)
class _Geometry:
    view_box: tuple[int, int, int, int]
    shapes: dict[str, _Shape]
    continent_label: dict[str, tuple[float, float]]
    continent_colour: dict[str, str]
    sea_lines: SafeString
    pack_shapes: dict[str, _Shape] = field(default_factory=dict)
    """Territories a sealed pack sticks on the board (Alien Island), drawn once placed."""


def _name_lines(name: str) -> tuple[str, ...]:
    """Long names break at the space nearest their middle so they fit inside the shape."""
    if len(name) <= 12 or " " not in name:
        return (name,)
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return (name[:cut], name[cut + 1 :])


def geometry() -> _Geometry:
    """The board's shapes, with territory names in the reader's language (cached per language:
    a process serves readers of every language)."""
    return _geometry(words.language())


@cache
def _geometry(lang: str) -> _Geometry:
    raw = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    territories = board().territories
    shapes = {}
    for key, shape in raw["territories"].items():
        territory = territories[key]
        shapes[key] = _Shape(
            key=key,
            name=territory.name,
            continent=territory.continent,
            points=" ".join(f"{x},{y}" for x, y in shape["polygon"]),
            label=tuple(shape["label"]),
            marker=tuple(shape["marker"]),
            name_lines=_name_lines(territory.name),
        )
    lines = []
    for line in raw["sea_lines"]:
        for (x1, y1), (x2, y2) in line["segments"]:
            lines.append(
                format_html(
                    '<line class="sea-line" data-a="{}" data-b="{}" x1="{}" y1="{}" x2="{}" '
                    'y2="{}" stroke="#2f4f6f" stroke-width="1.6" stroke-dasharray="5 4"/>',
                    line["a"],
                    line["b"],
                    x1,
                    y1,
                    x2,
                    y2,
                )
            )
    pack_shapes = {}
    for key, shape in raw.get("pack_territories", {}).items():
        territory = board().pack_territories[key]
        pack_shapes[key] = _Shape(
            key=key,
            name=territory.name,
            continent="",
            points=" ".join(f"{x},{y}" for x, y in shape["polygon"]),
            label=tuple(shape["label"]),
            marker=tuple(shape["marker"]),
            name_lines=_name_lines(territory.name),
        )
    return _Geometry(
        pack_shapes=pack_shapes,
        view_box=tuple(raw["view_box"]),
        shapes=shapes,
        continent_label={k: tuple(v["label"]) for k, v in raw["continents"].items()},
        continent_colour={k: v["colour"] for k, v in raw["continents"].items()},
        sea_lines=mark_safe("".join(lines)),
    )


@cache
def _hit_areas() -> dict[str, tuple[float, float, float]]:
    """Tap circles for the smallest territories of an interactive map (board_hit_areas)."""
    geo = geometry()
    return hit_areas({k: s.points for k, s in {**geo.shapes, **geo.pack_shapes}.items()})


# --- icons -----------------------------------------------------------------------------------


def _star_points(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _city_icon(kind: str, x: float, y: float) -> SafeString:
    if kind == "capital":
        return format_html(
            '<polygon class="city-icon" points="{}" fill="#f3d36b" stroke="#3a2a10" '
            'stroke-width="1.2"/>',
            _star_points(x, y, 7.5, 3.3),
        )
    if kind == "major":
        return format_html(
            '<rect class="city-icon" x="{}" y="{}" width="10" height="10" rx="1.5" fill="#fff" '
            'stroke="#222" stroke-width="1.6"/><rect x="{}" y="{}" width="4" height="4" '
            'fill="#222"/>',
            x - 5,
            y - 5,
            x - 2,
            y - 2,
        )
    return format_html(
        '<circle class="city-icon" cx="{}" cy="{}" r="4" fill="#fff" stroke="#222" '
        'stroke-width="1.6"/>',
        x,
        y,
    )


def _scar_icon(kind: str, x: float, y: float) -> SafeString:
    if kind == "bunker":
        # a squat concrete dome
        return format_html(
            '<path class="scar-icon" d="M{} {} h14 v-3 a7 6 0 0 0 -14 0 z" fill="#4b4f57" '
            'stroke="#111" stroke-width="1"/>'
            '<rect x="{}" y="{}" width="6" height="2" fill="#ddd"/>',
            x - 7,
            y + 4,
            x - 3,
            y - 1,
        )
    if kind == "ammo_shortage":
        # a bullet with a slash through it
        return format_html(
            '<path class="scar-icon" d="M{} {} v-7 a3 4 0 0 1 6 0 v7 z" fill="#c8962e" '
            'stroke="#3a2a10" stroke-width="1"/><line x1="{}" y1="{}" x2="{}" y2="{}" '
            'stroke="#b3261e" stroke-width="2"/>',
            x - 3,
            y + 6,
            x - 6,
            y + 6,
            x + 6,
            y - 6,
        )
    scar_type = content().scar_types.get(kind)
    initial = scar_type.name[:1] if scar_type else "?"
    if scar_type is not None and scar_type.effect == "end_of_turn_lose_one":
        # a hazard triangle: the territory costs its controller a troop each turn
        return format_html(
            '<polygon class="scar-icon" points="{},{} {},{} {},{}" fill="#e3c21a" '
            'stroke="#1a1a00" stroke-width="1.2"/><text x="{}" y="{}" class="scar-letter" '
            'font-size="7.5" font-weight="700" fill="#1a1a00" text-anchor="middle">{}</text>',
            x,
            y - 8,
            x + 8,
            y + 6,
            x - 8,
            y + 6,
            x,
            y + 4.5,
            initial,
        )
    if scar_type is not None and scar_type.effect == "end_of_turn_gain_one":
        # a round green badge: the territory brings its controller a troop each turn
        return format_html(
            '<circle class="scar-icon" cx="{}" cy="{}" r="7" fill="#3f6b3a" stroke="#0f2410" '
            'stroke-width="1.2"/><text x="{}" y="{}" class="scar-letter" font-size="8" '
            'font-weight="700" fill="#fff" text-anchor="middle">{}</text>',
            x,
            y,
            x,
            y + 3,
            initial,
        )
    return format_html(
        '<polygon class="scar-icon" points="{},{} {},{} {},{} {},{}" fill="#6b3b3b" '
        'stroke="#111"/><text x="{}" y="{}" class="scar-letter" font-size="8" fill="#fff" '
        'text-anchor="middle">{}</text>',
        x,
        y - 7,
        x + 7,
        y,
        x,
        y + 7,
        x - 7,
        y,
        x,
        y + 3,
        initial,
    )


# --- one territory ---------------------------------------------------------------------------


def _person(people: Mapping[str, str], key: str | None) -> str:
    if key is None:
        return "someone"
    return people.get(key, key)


def _territory(
    shape: _Shape,
    world: World,
    colour: str,
    overlay: TerritoryOverlay | None,
    interactive: bool,
    selected: bool,
    people: Mapping[str, str],
) -> tuple[SafeString, SafeString]:
    """The territory's land (a focusable button when interactive) and, apart, everything drawn
    on it: name, card coins, city, scar, troops and HQ. The caller puts the second in a layer
    above every territory, so a neighbour drawn later never hides a badge or a label."""
    scars = content().scar_types
    mx, my = shape.marker
    lx, ly = shape.label
    land: list[SafeString] = []
    parts: list[SafeString] = []
    continent = board().continents.get(shape.continent)
    notes: list[str] = [
        _("%(territory)s (%(continent)s)")
        % {
            "territory": shape.name,
            "continent": continent.name if continent else _("no continent"),
        }
    ]

    hit = _hit_areas().get(shape.key) if interactive else None
    if hit is not None:
        land.append(
            format_html(
                '<circle class="hit-area" cx="{}" cy="{}" r="{}" fill="transparent" '
                'pointer-events="all"/>',
                *hit,
            )
        )
    land.append(
        format_html(
            '<polygon class="land" points="{}" fill="{}" stroke="#4a3f33" stroke-width="1.1" '
            'stroke-linejoin="round"/>',
            shape.points,
            colour,
        )
    )

    # a long name grows upwards from its anchor, clear of the troop badge and HQ below it
    first_y = ly - (len(shape.name_lines) - 1) * NAME_LINE_HEIGHT
    tspans = format_html(
        "".join(
            f'<tspan x="{lx}" y="{first_y + i * NAME_LINE_HEIGHT:.1f}">{{}}</tspan>'
            for i in range(len(shape.name_lines))
        ),
        *shape.name_lines,
    )
    parts.append(
        format_html(
            '<text class="t-name" text-anchor="middle" font-size="10" font-weight="600" '
            'fill="#1f1a14">{}</text>',
            tspans,
        )
    )

    # the territory card: its coins, or an x when destroyed, right of the name's first line
    card_x = lx + max(len(line) for line in shape.name_lines) * NAME_CHAR_WIDTH / 2 + 8
    card_y = first_y - 3.5
    if not world.has_card(shape.key):
        parts.append(
            format_html(
                '<g class="card-destroyed"><title>{}</title>'
                '<path d="M{} {} l7 7 M{} {} l-7 7" stroke="#b3261e" stroke-width="2.2" '
                'stroke-linecap="round"/></g>',
                _("Territory card destroyed"),
                card_x - 3.5,
                card_y - 3.5,
                card_x + 3.5,
                card_y - 3.5,
            )
        )
        notes.append(_("Territory card destroyed."))
    else:
        coins = world.card_coins.get(shape.key, board().territory(shape.key).coins)
        parts.append(
            format_html(
                '<g class="card-coins{}" data-coins="{}"><title>{}</title>'
                '<circle cx="{}" cy="{}" r="5.5" fill="{}" stroke="#8a6a10" '
                'stroke-width="1"/><text x="{}" y="{}" font-size="7.5" font-weight="700" '
                'text-anchor="middle" fill="#3a2a00">{}</text></g>',
                " upgraded" if coins > 1 else "",
                coins,
                ngettext("Territory card: %(n)s coin", "Territory card: %(n)s coins", coins)
                % {"n": coins},
                card_x,
                card_y,
                COIN_FILL,
                card_x,
                card_y + 2.6,
                coins,
            )
        )
        notes.append(ngettext("Card: %(n)s coin.", "Card: %(n)s coins.", coins) % {"n": coins})

    city = world.cities.get(shape.key)
    if city is not None:
        founder = _person(people, city.founder)
        city_words = {"name": city.name, "founder": founder, "game": city.game}
        if city.kind == "capital":
            city_text = (
                _("%(name)s, the World Capital founded by %(founder)s in game %(game)s")
                % city_words
            )
        elif city.kind == "major":
            city_text = _("%(name)s, major city founded by %(founder)s in game %(game)s") % (
                city_words
            )
        else:
            city_text = _("%(name)s, minor city founded by %(founder)s in game %(game)s") % (
                city_words
            )
        fort = world.fortifications.get(shape.key)
        fort_part = mark_safe("")
        if fort is not None:
            fort_text = (
                ngettext("fortified, %(n)s use left", "fortified, %(n)s uses left", fort.uses_left)
                % {"n": fort.uses_left}
                if fort.active
                else _("fortification worn out")
            )
            city_text += f"; {fort_text}"
            fort_part = format_html(
                '<g class="fortification{}" data-uses-left="{}"><title>{}</title>'
                '<circle cx="{}" cy="{}" r="10" fill="none" stroke="#5a5a5a" stroke-width="3" '
                'stroke-dasharray="5.28 1"/><circle cx="{}" cy="{}" r="5.5" fill="#fff" '
                'stroke="#5a5a5a"/><text class="uses-left" x="{}" y="{}" font-size="7" '
                'font-weight="700" text-anchor="middle" fill="#222">{}</text></g>',
                "" if fort.active else " worn-out",
                fort.uses_left,
                _("Fortification: %(state)s") % {"state": fort_text},
                mx + CITY_DX,
                my,
                mx + CITY_DX - 10,
                my - 9,
                mx + CITY_DX - 10,
                my - 6.5,
                fort.uses_left,
            )
        parts.append(
            format_html(
                '<g class="city city-{}" data-city-kind="{}"><title>{}</title>{}{}'
                '<text class="city-name" x="{}" y="{}" font-size="8" font-style="italic" '
                'text-anchor="middle" fill="#2a2118">{}</text></g>',
                city.kind,
                city.kind,
                city_text,
                fort_part,
                _city_icon(city.kind, mx + CITY_DX, my),
                mx + CITY_DX,
                my + 17,
                city.name,
            )
        )
        notes.append(_("City: %(city)s.") % {"city": city_text})

    notes.extend(mark_notes(shape.key, world, people))

    scar = world.scars.get(shape.key)
    if scar is not None:
        scar_name = scars[scar.kind].name if scar.kind in scars else scar.kind
        if scar.cancelled:
            scar_text = _("%(scar)s scar, cancelled") % {"scar": scar_name}
            icon = format_html(
                '<circle cx="{}" cy="{}" r="7" fill="#fff" stroke="#888" stroke-width="1.2"/>'
                '<path d="M{} {} l10 10" stroke="#888" stroke-width="1.6"/>',
                mx + SCAR_DX,
                my,
                mx + SCAR_DX - 5,
                my - 5,
            )
        else:
            scar_text = _("%(scar)s scar") % {"scar": scar_name}
            icon = _scar_icon(scar.kind, mx + SCAR_DX, my)
        parts.append(
            format_html(
                '<g class="scar scar-{}{}" data-scar="{}"><title>{}</title>{}</g>',
                scar.kind,
                " cancelled" if scar.cancelled else "",
                scar.kind,
                scar_text,
                icon,
            )
        )
        notes.append(_("Scar: %(scar)s.") % {"scar": scar_text})

    if overlay is not None:
        holder = f" ({overlay.label})" if overlay.label else ""
        parts.append(
            format_html(
                '<g class="troops" data-troops="{}"><circle cx="{}" cy="{}" r="10" fill="{}" '
                'stroke="#fff" stroke-width="1.6"/><text x="{}" y="{}" font-size="10" '
                'font-weight="700" text-anchor="middle" fill="#fff">{}</text></g>',
                overlay.troops,
                mx,
                my,
                overlay.colour,
                mx,
                my + 3.5,
                overlay.troops,
            )
        )
        notes.append(
            ngettext("%(n)s troop%(holder)s.", "%(n)s troops%(holder)s.", overlay.troops)
            % {"n": overlay.troops, "holder": holder}
        )
        if overlay.hq_faction:
            parts.append(
                format_html(
                    '<g class="hq" data-faction="{}"><title>{}</title><polygon '
                    'points="{}" fill="{}" stroke="#111" stroke-width="1"/></g>',
                    overlay.hq_faction,
                    _("Headquarters"),
                    _star_points(mx + 10, my - 10, 7, 3),
                    overlay.hq_colour or overlay.colour,
                )
            )
            notes.append(_("Headquarters."))

    classes = ["territory", f"continent-{shape.continent or 'none'}"]
    if overlay is not None and overlay.selectable:
        classes.append("selectable")
    if selected:
        classes.append("selected")
    title = " ".join(notes)
    focus = (
        format_html(' tabindex="0" role="button" aria-label="{}"', title)
        if interactive
        else mark_safe("")
    )
    territory = format_html(
        '<g id="t-{}" class="{}" data-territory="{}"{}><title>{}</title>{}</g>',
        shape.key,
        " ".join(classes),
        shape.key,
        focus,
        title,
        mark_safe("".join(land)),
    )
    # Clicks and taps go through to the land beneath, whose title tells all of this.
    on_it = format_html(
        '<g id="m-{}" class="on-territory" data-territory="{}" pointer-events="none">{}</g>',
        shape.key,
        shape.key,
        mark_safe("".join(parts)),
    )
    return territory, on_it


# --- sea lines a campaign drew ---------------------------------------------------------------


def _added_sea_lines(world: World) -> SafeString:
    """Sea lines the campaign drew (Explore the World), from one territory's marker to the
    other's, dashed like the printed ones; drawn over the land they may cross."""
    shapes = geometry().shapes
    lines = []
    for a, b in world.added_sea_lines:
        if a not in shapes or b not in shapes:
            continue
        (x1, y1), (x2, y2) = shapes[a].marker, shapes[b].marker
        lines.append(
            format_html(
                '<g class="sea-line added" data-a="{}" data-b="{}"><title>{}</title>'
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#f7f3e8" stroke-width="3.6" '
                'stroke-opacity=".7"/>'
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#2f4f6f" stroke-width="1.8" '
                'stroke-dasharray="5 4"/></g>',
                a,
                b,
                _("Sea line drawn in this campaign: %(a)s to %(b)s")
                % {"a": shapes[a].name, "b": shapes[b].name},
                x1,
                y1,
                x2,
                y2,
                x1,
                y1,
                x2,
                y2,
            )
        )
    return mark_safe("".join(lines))


# --- continents and legend -------------------------------------------------------------------


def _continent_label(key: str, world: World, people: Mapping[str, str]) -> SafeString:
    continent = board().continents[key]
    x, y = geometry().continent_label[key]
    mark = world.continent_marks.get(key)
    bonus = f"+{continent.bonus}" + (f" ({mark:+d})" if mark else "")
    named = world.continent_names.get(key)
    if named is None:
        title = _("%(continent)s: bonus %(bonus)s") % {"continent": continent.name, "bonus": bonus}
        text = format_html(
            '<tspan class="c-name">{}</tspan> <tspan class="c-bonus">{}</tspan>',
            continent.name.upper(),
            bonus,
        )
        sub = mark_safe("")
    else:
        namer = _person(people, named.namer)
        title = _("%(name)s (%(continent)s), named by %(namer)s in game %(game)s: %(bonus)s") % {
            "name": named.name,
            "continent": continent.name,
            "namer": namer,
            "game": named.game,
            "bonus": bonus,
        }
        text = format_html(
            '<tspan class="c-name c-given">{}</tspan> <tspan class="c-bonus">{}</tspan>',
            named.name,
            bonus,
        )
        sub = format_html(
            '<text class="c-namer" x="{}" y="{}" font-size="9" font-style="italic" '
            'text-anchor="middle" fill="#1d3349">{}</text>',
            x,
            y + 12,
            _("%(continent)s, named by %(namer)s") % {"continent": continent.name, "namer": namer},
        )
    return format_html(
        '<g class="continent-label{}" data-continent="{}" data-bonus="{}"><title>{}</title>'
        '<text x="{}" y="{}" font-size="14" font-weight="700" letter-spacing="1" '
        'text-anchor="middle" fill="#1d3349">{}</text>{}</g>',
        " marked" if mark else "",
        key,
        bonus,
        title,
        x,
        y,
        text,
        sub,
    )


LEGEND_BOTTOM = 657


def _legend(
    scar_kinds: tuple[str, ...], marks: tuple[str, ...] = (), *, capital: bool = False
) -> SafeString:
    """The legend in the reader's language (cached per language)."""
    return _legend_in(words.language(), scar_kinds, marks, capital=capital)


@cache
def _legend_in(
    lang: str, scar_kinds: tuple[str, ...], marks: tuple[str, ...] = (), *, capital: bool = False
) -> SafeString:
    """The legend, listing the kinds of scar in the campaign's box (never a sealed pack's) and
    the pockets' marks the board carries (`campaign.board_marks.legend_rows`). The World
    Capital is Pack 4's mark: named only once that pack is open or the mark is placed (U-5)."""
    scars = content().scar_types
    rows = [
        ("", _("Minor city"), _city_icon("minor", 0, 0)),
        ("", _("Major city"), _city_icon("major", 0, 0)),
        *([("", _("World capital"), _city_icon("capital", 0, 0))] if capital else []),
        ("fortification", _("Fortification (uses left)"), None),
        *(
            ("", _("%(scar)s scar") % {"scar": scars[kind].name}, _scar_icon(kind, 0, 0))
            for kind in scar_kinds
        ),
        *(("", str(LEGEND_TEXT[mark]), legend_icon(mark)) for mark in marks),
        ("cancelled", _("Cancelled scar"), None),
        ("card", _("Card coins / destroyed card"), None),
        ("troops", _("Troops / HQ"), None),
    ]
    x, y = 14, LEGEND_BOTTOM - (30 + len(rows) * 17)
    items = []
    for i, (row, text, icon) in enumerate(rows):
        cy = y + 24 + i * 17
        if row == "fortification":
            icon = mark_safe(
                '<circle r="7" fill="none" stroke="#5a5a5a" stroke-width="2.5" '
                'stroke-dasharray="3.7 0.7"/><circle r="3" fill="#fff" stroke="#222"/>'
            )
        elif row == "cancelled":
            icon = mark_safe(
                '<circle r="6" fill="#fff" stroke="#888"/><path d="M-4 -4 l8 8" stroke="#888" '
                'stroke-width="1.5"/>'
            )
        elif row == "card":
            icon = mark_safe(
                '<circle cx="-4" r="5" fill="#f0c33c" stroke="#8a6a10"/><text x="-4" y="2.5" '
                'font-size="7" font-weight="700" text-anchor="middle">2</text>'
                '<path d="M5 -3 l6 6 M11 -3 l-6 6" stroke="#b3261e" stroke-width="2"/>'
            )
        elif row == "troops":
            icon = format_html(
                '<circle cx="-3" r="6.5" fill="#555" stroke="#fff"/><text x="-3" y="3" '
                'font-size="8" font-weight="700" fill="#fff" text-anchor="middle">3</text>'
                '<polygon points="{}" fill="#c9a227" stroke="#111" stroke-width=".8"/>',
                _star_points(9, 0, 5, 2.2),
            )
        items.append(
            format_html(
                '<g transform="translate({} {})">{}</g><text x="{}" y="{}" font-size="9.5" '
                'fill="#1d3349">{}</text>',
                x + 14,
                cy,
                icon,
                x + 32,
                cy + 3.5,
                text,
            )
        )
    return format_html(
        '<g class="legend" aria-label="{}"><rect x="{}" y="{}" width="190" height="{}" '
        'rx="6" fill="#f7f3e8" fill-opacity=".88" stroke="#8aa1b5"/><text x="{}" y="{}" '
        'font-size="10" font-weight="700" fill="#1d3349">{}</text>'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#2f4f6f" stroke-width="1.6" '
        'stroke-dasharray="5 4"/><text x="{}" y="{}" font-size="9.5" fill="#1d3349">'
        "{}</text>{}</g>",
        _("Legend"),
        x,
        y,
        30 + len(rows) * 17,
        x + 10,
        y + 14,
        _("Legend"),
        x + 112,
        y + 11,
        x + 140,
        y + 11,
        x + 146,
        y + 14,
        _("Sea line"),
        mark_safe("".join(items)),
    )


# --- the whole board -------------------------------------------------------------------------


def render_board_svg(
    world: World,
    *,
    overlay: Mapping[str, TerritoryOverlay] | None = None,
    interactive: bool = False,
    selected: str | None = None,
    people: Mapping[str, str] | None = None,
) -> SafeString:
    """The board as inline SVG. `overlay` adds troops/HQs per territory for a digital game,
    `interactive` makes territories focusable buttons (the page attaches the handlers),
    `people` maps person keys to display names for founders and namers."""
    geo = geometry()
    overlay = overlay or {}
    people = people or {}
    placed = {k: s for k, s in geo.pack_shapes.items() if board_links.on_board(world, k)}
    shapes = {**geo.shapes, **placed}
    drawn = [
        _territory(
            shape,
            world,
            geo.continent_colour[shape.continent],
            overlay.get(key),
            interactive,
            key == selected,
            people,
        )
        for key, shape in geo.shapes.items()
    ]
    drawn += [
        _territory(
            shape, world, ISLAND_COLOUR, overlay.get(key), interactive, key == selected, people
        )
        for key, shape in placed.items()
    ]
    territories = [land for land, _ in drawn]
    on_territories = [on_it for _, on_it in drawn]
    labels = [_continent_label(key, world, people) for key in board().continents]
    title = (
        _("The world of %(name)s") % {"name": world.world_name}
        if world.world_name
        else _("The world")
    )
    x0, y0, width, height = geo.view_box
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="board-map{}" viewBox="{} {} {} {}" '
        'role="group" aria-label="{}" font-family="system-ui, sans-serif">'
        "<title>{}</title>"
        '<rect class="sea" x="{}" y="{}" width="{}" height="{}" fill="#b9d3e6"/>'
        '<g class="sea-lines">{}{}</g><g class="territories">{}</g><g class="marks">{}</g>'
        '<g class="on-territories">{}</g><g class="sea-lines-drawn">{}</g>'
        '<g class="continent-labels">{}</g>{}</svg>',
        " interactive" if interactive else "",
        x0,
        y0,
        width,
        height,
        title,
        title,
        x0,
        y0,
        width,
        height,
        geo.sea_lines,
        island_sea_lines(world, shapes, y0 + height - 12),
        mark_safe("".join(territories)),
        marks_layer(world, shapes, people),
        mark_safe("".join(on_territories)),
        _added_sea_lines(world),
        mark_safe("".join(labels)),
        _legend(
            tuple(k for k, scar in box.scar_types(world).items() if scar.target == "territory"),
            legend_rows(world),
            capital=box.capital_rule_active(world) or world.capital is not None,
        ),
    )
