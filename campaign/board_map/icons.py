"""The small pictures the map and its legend share: cities (minor, major, the World Capital),
scars and the HQ's star."""

from __future__ import annotations

import math

from django.utils.html import format_html
from django.utils.safestring import SafeString

from rules.data import content


def star_points(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def city_icon(kind: str, x: float, y: float) -> SafeString:
    if kind == "capital":
        return format_html(
            '<polygon class="city-icon" points="{}" fill="#f3d36b" stroke="#3a2a10" '
            'stroke-width="1.2"/>',
            star_points(x, y, 7.5, 3.3),
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


def scar_icon(kind: str, x: float, y: float) -> SafeString:
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
