"""The board map: geometry that matches the board, and an SVG that shows every world mark."""

import json
import math
import xml.etree.ElementTree as ET

import pytest

from campaign.board_map import MAP_FILE, TerritoryOverlay, geometry, render_board_svg
from rules.data import board
from rules.world import World
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    ScarCancelled,
    ScarPlaced,
)

NS = {"svg": "http://www.w3.org/2000/svg"}
RAW = json.loads(MAP_FILE.read_text(encoding="utf-8"))


def polygon(key: str) -> list[tuple[float, float]]:
    return [tuple(p) for p in RAW["territories"][key]["polygon"]]


def _to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _edges(key: str):
    points = polygon(key)
    return list(zip(points, points[1:] + points[:1], strict=True))


def gap(a: str, b: str) -> float:
    """Smallest distance between the two outlines (vertex to edge, both ways)."""
    return min(
        min(_to_segment(p, *edge) for p in polygon(a) for edge in _edges(b)),
        min(_to_segment(p, *edge) for p in polygon(b) for edge in _edges(a)),
    )


def parse(svg: str) -> ET.Element:
    return ET.fromstring(str(svg))


def territory(root: ET.Element, key: str) -> ET.Element:
    found = root.find(f".//svg:g[@id='t-{key}']", NS)
    assert found is not None, key
    return found


def marked_world() -> World:
    world = World()
    for event in [
        CityFounded("egypt", "major", "New Thebes", "ann", 1),
        CityFortified("egypt", "ann", 1),
        CityFounded("peru", "minor", "<script>alert(1)</script>", "bob", 2),
        ScarPlaced("alaska", "territory", "ammo_shortage", "bob", 1),
        ScarPlaced("japan", "territory", "bunker", "cy", 1),
        ScarCancelled("japan", "ann", 2),
        ContinentNamed("south_america", "Amazonia", "ann", 1),
        ContinentBonusChanged("south_america", 1, "ann", 2),
        CardUpgraded("brazil", "bob", 1),
        CardDestroyed("india", "cy", 2),
    ]:
        assert event.check(world) == []
        world = event.apply(world)
    return world


def test_geometry_covers_exactly_the_board_territories_and_continents():
    assert set(RAW["territories"]) == set(board().territories)
    assert set(RAW["continents"]) == set(board().continents)


def test_every_outline_is_a_polygon_inside_the_view_box():
    x0, y0, width, height = RAW["view_box"]
    for key in board().territories:
        points = polygon(key)
        assert len(points) >= 3, key
        for x, y in points:
            assert x0 <= x <= x0 + width and y0 <= y <= y0 + height, key


def test_land_neighbours_touch_on_the_map():
    for a, b in (tuple(sorted(pair)) for pair in _land_borders()):
        assert gap(a, b) < 7, f"{a} and {b} share a border but are drawn {gap(a, b):.0f} apart"


def test_territories_that_share_no_border_do_not_touch():
    keys = sorted(board().territories)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if b not in board().neighbours[a]:
                assert gap(a, b) > 3, f"{a} and {b} look like neighbours but are not"


def _land_borders() -> set[frozenset[str]]:
    pairs = {frozenset((a, b)) for a, ns in board().neighbours.items() for b in ns}
    return pairs - board().sea_lines


def test_every_sea_line_is_drawn_and_nothing_else():
    drawn = {frozenset((line["a"], line["b"])) for line in RAW["sea_lines"]}
    assert drawn == board().sea_lines


def test_the_map_shows_every_territory_as_a_named_shape():
    root = parse(render_board_svg(World()))
    for key, info in board().territories.items():
        group = territory(root, key)
        assert group.find("svg:polygon", NS) is not None
        names = "".join(group.find("svg:text", NS).itertext())
        assert names.replace(" ", "") == info.name.replace(" ", "")


def test_the_map_shows_cities_fortifications_and_their_founders():
    root = parse(render_board_svg(marked_world(), people={"ann": "Ann Smith"}))
    egypt = territory(root, "egypt")
    city = egypt.find("svg:g[@data-city-kind='major']", NS)
    assert city is not None
    assert "New Thebes" in "".join(city.itertext())
    assert "founded by Ann Smith in game 1" in city.find("svg:title", NS).text
    fort = egypt.find(".//svg:g[@data-uses-left]", NS)
    assert fort.get("data-uses-left") == "10"


def test_the_map_shows_scars_and_cancelled_scars():
    root = parse(render_board_svg(marked_world()))
    assert territory(root, "alaska").find("svg:g[@data-scar='ammo_shortage']", NS) is not None
    japan = territory(root, "japan").find("svg:g[@data-scar='bunker']", NS)
    assert "cancelled" in japan.get("class")
    assert territory(root, "peru").find("svg:g[@data-scar]", NS) is None


def test_the_map_shows_card_coins_and_destroyed_cards():
    root = parse(render_board_svg(marked_world()))
    assert territory(root, "brazil").find("svg:g[@data-coins]", NS).get("data-coins") == "2"
    assert territory(root, "india").find("svg:g[@class='card-destroyed']", NS) is not None
    assert territory(root, "india").find("svg:g[@data-coins]", NS) is None


def test_the_map_shows_a_named_continent_with_its_namer_and_mark():
    svg = str(render_board_svg(marked_world(), people={"ann": "Ann"}))
    labels = "".join(parse(svg).find(".//svg:g[@class='continent-labels']", NS).itertext())
    assert "Amazonia" in labels
    assert "Ann" in labels
    assert "+1" in labels


def test_names_people_typed_are_escaped():
    svg = str(render_board_svg(marked_world()))
    root = parse(svg)
    assert root.find(".//svg:script", NS) is None
    assert root.find(".//script") is None
    assert "&lt;script&gt;" in svg


@pytest.mark.parametrize("interactive", [False, True])
def test_a_game_overlay_shows_troops_and_headquarters(interactive):
    overlay = {
        "peru": TerritoryOverlay(
            troops=7, colour="#3b6fb6", hq_faction="die_mechaniker", selectable=True
        ),
        "brazil": TerritoryOverlay(troops=1, colour="#2f8f4e"),
    }
    root = parse(render_board_svg(World(), overlay=overlay, interactive=interactive))
    peru = territory(root, "peru")
    assert peru.find("svg:g[@class='troops']", NS).get("data-troops") == "7"
    assert peru.find("svg:g[@class='hq']", NS).get("data-faction") == "die_mechaniker"
    assert "selectable" in peru.get("class")
    assert territory(root, "brazil").find("svg:g[@class='hq']", NS) is None
    assert (peru.get("role") == "button") is interactive


def test_geometry_is_prepared_once():
    assert geometry() is geometry()
