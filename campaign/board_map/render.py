"""The whole board as one SVG picture: territories, the sea lines printed and drawn, every mark
the campaign world carries, the continents' names and bonuses, and the legend."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from campaign.board_map.geometry import geometry
from campaign.board_map.legend import legend
from campaign.board_map.marks import island_sea_lines, legend_rows, marks_layer, person_name
from campaign.board_map.territory import TerritoryOverlay, territory_svg
from rules import board_links, box
from rules.data import board
from rules.world import World

ISLAND_COLOUR = "#cdbde3"  # a territory of no continent (Alien Island): no continent's colour


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
        namer = person_name(people, named.namer)
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
        territory_svg(
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
        territory_svg(
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
        legend(
            tuple(k for k, scar in box.scar_types(world).items() if scar.target == "territory"),
            legend_rows(world),
            capital=box.capital_rule_active(world) or world.capital is not None,
        ),
    )
