"""The map's legend, in the reader's language: the marks and scars the campaign's board can carry
(never a sealed pack's)."""

from __future__ import annotations

from functools import cache

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from campaign.board_map.icons import city_icon, scar_icon, star_points
from campaign.board_map.marks import LEGEND_TEXT, legend_icon
from rules import words
from rules.data import content

LEGEND_BOTTOM = 657


def legend(
    scar_kinds: tuple[str, ...], marks: tuple[str, ...] = (), *, capital: bool = False
) -> SafeString:
    """The legend in the reader's language (cached per language)."""
    return _legend_in(words.language(), scar_kinds, marks, capital=capital)


@cache
def _legend_in(
    lang: str, scar_kinds: tuple[str, ...], marks: tuple[str, ...] = (), *, capital: bool = False
) -> SafeString:
    """The legend, listing the kinds of scar in the campaign's box (never a sealed pack's) and
    the pockets' marks the board carries (`campaign.board_map.marks.legend_rows`). The World
    Capital is Pack 4's mark: named only once that pack is open or the mark is placed (U-5)."""
    scars = content().scar_types
    rows = [
        ("", _("Minor city"), city_icon("minor", 0, 0)),
        ("", _("Major city"), city_icon("major", 0, 0)),
        *([("", _("World capital"), city_icon("capital", 0, 0))] if capital else []),
        ("fortification", _("Fortification (uses left)"), None),
        *(
            ("", _("%(scar)s scar") % {"scar": scars[kind].name}, scar_icon(kind, 0, 0))
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
                star_points(9, 0, 5, 2.2),
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
