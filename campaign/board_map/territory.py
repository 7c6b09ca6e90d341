"""One territory on the SVG map: its land (a focusable button when the map is interactive) and
everything drawn on it (name, card coins, city and fortification, scar, troops and HQ), with a
title that tells all of it in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.board_map.geometry import Shape, geometry
from campaign.board_map.hit_areas import hit_areas
from campaign.board_map.icons import city_icon, scar_icon, star_points
from campaign.board_map.marks import CITY_DX, mark_notes, person_name
from rules.data import board, content
from rules.world import World

# Offsets from a territory's marker anchor; the rulebook puts cities on the upper half of a
# territory and scars on the lower half, on the map they sit either side of the troop badge.
SCAR_DX = 21
NAME_LINE_HEIGHT = 10.5
NAME_CHAR_WIDTH = 6.0  # average glyph width of the 10px label font, to place the card badge
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


@cache
def _hit_areas() -> dict[str, tuple[float, float, float]]:
    """Tap circles for the smallest territories of an interactive map (`hit_areas`)."""
    geo = geometry()
    return hit_areas({k: s.points for k, s in {**geo.shapes, **geo.pack_shapes}.items()})


def territory_svg(
    shape: Shape,
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
        founder = person_name(people, city.founder)
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
                city_icon(city.kind, mx + CITY_DX, my),
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
            icon = scar_icon(scar.kind, mx + SCAR_DX, my)
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
                    star_points(mx + 10, my - 10, 7, 3),
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
