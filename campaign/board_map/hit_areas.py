"""Invisible tap areas around the board's smallest territories (Iceland, Madagascar, Japan).

On a phone the whole map is about 360 px wide, so an island of 35 map units is some 10 px: too
small for a finger. Each small territory gets a transparent circle of up to HIT_RADIUS map units
around its middle, kept clear of every other territory's land so it only ever widens the island
over the sea and never takes a tap meant for a neighbour.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

SMALL = 45.0  # a territory narrower or lower than this (map units) gets a tap area
HIT_RADIUS = 28.0
CLEARANCE = 2.0

Point = tuple[float, float]


def _points(polygon: str) -> list[Point]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in polygon.split())]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    )
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _distance_to(p: Point, polygon: list[Point]) -> float:
    return min(
        _segment_distance(p, polygon[i], polygon[(i + 1) % len(polygon)])
        for i in range(len(polygon))
    )


def hit_areas(polygons: Mapping[str, str]) -> dict[str, tuple[float, float, float]]:
    """Territory key -> (cx, cy, r) of its tap circle, for the small territories only.
    `polygons` maps each territory on the board to its SVG points ("x,y x,y ...")."""
    shapes = {key: _points(points) for key, points in polygons.items()}
    areas = {}
    for key, own in shapes.items():
        xs, ys = [x for x, _ in own], [y for _, y in own]
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        if min(width, height) >= SMALL:
            continue
        centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
        nearest = min(
            (_distance_to(centre, other) for k, other in shapes.items() if k != key),
            default=HIT_RADIUS + CLEARANCE,
        )
        radius = max(min(width, height) / 2, min(HIT_RADIUS, nearest - CLEARANCE))
        areas[key] = (round(centre[0], 1), round(centre[1], 1), round(radius, 1))
    return areas
