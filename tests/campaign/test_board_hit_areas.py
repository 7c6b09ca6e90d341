"""Tap areas of the smallest territories (issue 13, phones first): an interactive map widens
Iceland, Madagascar and Japan for a finger, never over a neighbour's land."""

from __future__ import annotations

from campaign.board_map.geometry import geometry
from campaign.board_map.hit_areas import _distance_to, _points, hit_areas
from campaign.board_map.render import render_board_svg
from rules.world import World


def _polygons() -> dict[str, str]:
    return {key: shape.points for key, shape in geometry().shapes.items()}


def test_the_small_islands_get_a_tap_area_wider_than_themselves():
    areas = hit_areas(_polygons())
    assert set(areas) == {"iceland", "madagascar", "japan"}
    for key, (_, _, radius) in areas.items():
        own = _points(_polygons()[key])
        narrowest = min(
            max(x for x, _ in own) - min(x for x, _ in own),
            max(y for _, y in own) - min(y for _, y in own),
        )
        assert 2 * radius > narrowest, key


def test_a_tap_area_never_covers_another_territory():
    polygons = _polygons()
    for key, (cx, cy, radius) in hit_areas(polygons).items():
        for other, points in polygons.items():
            if other != key:
                assert _distance_to((cx, cy), _points(points)) > radius, (key, other)


def test_only_an_interactive_map_draws_tap_areas():
    world = World()
    assert render_board_svg(world, interactive=True).count('class="hit-area"') == 3
    assert 'class="hit-area"' not in render_board_svg(world)
