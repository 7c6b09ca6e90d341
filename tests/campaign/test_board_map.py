"""The board map: geometry that matches the board, and an SVG that shows every world mark."""

import dataclasses
import json
import math
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from campaign.board_map.geometry import MAP_FILE, geometry
from campaign.board_map.render import render_board_svg
from campaign.board_map.territory import TerritoryOverlay
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


def on_territory(root: ET.Element, key: str) -> ET.Element:
    """What is drawn on a territory (name, coins, city, scar, troops), in the layer above."""
    found = root.find(f"svg:g[@class='on-territories']/svg:g[@id='m-{key}']", NS)
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
        assert territory(root, key).find("svg:polygon", NS) is not None
        names = "".join(on_territory(root, key).find("svg:text", NS).itertext())
        assert names.replace(" ", "") == info.name.replace(" ", "")


def test_the_map_shows_cities_fortifications_and_their_founders():
    root = parse(render_board_svg(marked_world(), people={"ann": "Ann Smith"}))
    egypt = on_territory(root, "egypt")
    city = egypt.find("svg:g[@data-city-kind='major']", NS)
    assert city is not None
    assert "New Thebes" in "".join(city.itertext())
    assert "founded by Ann Smith in game 1" in city.find("svg:title", NS).text
    fort = egypt.find(".//svg:g[@data-uses-left]", NS)
    assert fort.get("data-uses-left") == "10"


def test_the_map_shows_scars_and_cancelled_scars():
    root = parse(render_board_svg(marked_world()))
    assert on_territory(root, "alaska").find("svg:g[@data-scar='ammo_shortage']", NS) is not None
    japan = on_territory(root, "japan").find("svg:g[@data-scar='bunker']", NS)
    assert "cancelled" in japan.get("class")
    assert on_territory(root, "peru").find("svg:g[@data-scar]", NS) is None


def test_the_map_shows_card_coins_and_destroyed_cards():
    root = parse(render_board_svg(marked_world()))
    assert on_territory(root, "brazil").find("svg:g[@data-coins]", NS).get("data-coins") == "2"
    assert on_territory(root, "india").find("svg:g[@class='card-destroyed']", NS) is not None
    assert on_territory(root, "india").find("svg:g[@data-coins]", NS) is None


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
    on_peru = on_territory(root, "peru")
    assert on_peru.find("svg:g[@class='troops']", NS).get("data-troops") == "7"
    assert on_peru.find("svg:g[@class='hq']", NS).get("data-faction") == "die_mechaniker"
    assert "selectable" in peru.get("class")
    assert on_territory(root, "brazil").find("svg:g[@class='hq']", NS) is None
    assert (peru.get("role") == "button") is interactive


def test_geometry_is_prepared_once():
    assert geometry() is geometry()


def test_what_is_drawn_on_territories_sits_in_a_layer_above_every_territory():
    """A neighbour drawn later never covers a badge (Scandinavia's coins under Russia)."""
    root = parse(render_board_svg(marked_world()))
    layers = [g.get("class") for g in root.findall("svg:g", NS)]
    assert layers.index("on-territories") > layers.index("territories")
    assert layers.index("on-territories") > layers.index("marks")
    on_egypt = on_territory(root, "egypt")
    assert on_egypt.get("pointer-events") == "none"  # a tap reaches the land beneath
    assert on_egypt.get("data-territory") == "egypt"
    assert territory(root, "egypt").find(".//svg:text", NS) is None


def _inside(point: tuple[float, float], outline: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _spots(key: str) -> dict[str, tuple[float, float]]:
    """Where the map draws a territory's marks (the offsets of `campaign.board_map`)."""
    from campaign.board_map.marks import CITY_DX
    from campaign.board_map.territory import NAME_CHAR_WIDTH, NAME_LINE_HEIGHT, SCAR_DX

    shape = geometry().shapes[key]
    (lx, ly), (mx, my) = shape.label, shape.marker
    first_y = ly - (len(shape.name_lines) - 1) * NAME_LINE_HEIGHT
    half = max(len(line) for line in shape.name_lines) * NAME_CHAR_WIDTH / 2
    return {
        "name, left end": (lx - half, ly),
        "name, right end": (lx + half, ly),
        "coin badge, left": (lx + half + 2.5, first_y - 3.5),
        "coin badge, right": (lx + half + 13.5, first_y - 3.5),
        "city": (mx + CITY_DX, my),
        "city name": (mx + CITY_DX, my + 17),
        "scar": (mx + SCAR_DX + 7, my),
        "troops": (mx, my),
    }


def test_no_label_or_badge_is_drawn_on_another_territory():
    """Scandinavia's coins, New Thebes on the North Africa/Egypt border: each mark on the map
    sits on its own territory (or the sea beside an island), never on a neighbour."""
    for key in board().territories:
        for what, spot in _spots(key).items():
            on = [o for o in board().territories if o != key and _inside(spot, polygon(o))]
            assert not on, f"{key}: its {what} is drawn on {on}"


def test_a_name_stays_clear_of_its_troop_badge_and_hq_star():
    """Madagascar's label over its badge: the name's box never reaches the troop badge
    (radius 10) or the HQ star (radius 7 at the badge's upper right)."""
    from campaign.board_map.territory import NAME_CHAR_WIDTH, NAME_LINE_HEIGHT

    for key, shape in geometry().shapes.items():
        (lx, ly), (mx, my) = shape.label, shape.marker
        half = max(len(line) for line in shape.name_lines) * NAME_CHAR_WIDTH / 2
        top = ly - (len(shape.name_lines) - 1) * NAME_LINE_HEIGHT - 8
        for x, y, r in ((mx, my, 10), (mx + 10, my - 10, 7)):
            near = (min(max(x, lx - half), lx + half), min(max(y, top), ly + 2))
            assert math.dist((x, y), near) >= r, key


def _lab(colour: str) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_no_faction_troop_colour_looks_like_a_coin_badge():
    """The Saharan Republic's troops were near the coin badges' gold: every faction's colour,
    the packs' too, stands clearly apart from it (CIE76 colour difference of 40 or more)."""
    from campaign.board_map.territory import COIN_FILL
    from rules.data import content

    coin = _lab(COIN_FILL)
    for faction in content().factions.values():
        assert math.dist(_lab(faction.colour), coin) >= 40, faction.key
    assert COIN_FILL in (MAP_FILE.parent.parent / "static/css/game.css").read_text()


def test_a_city_whose_founder_is_not_known_is_said_in_the_readers_language():
    """A brought-in city may name no founder: the map says "someone" in words, as the rest."""
    world = marked_world()
    unknown = dataclasses.replace(world.cities["egypt"], founder="")
    world = dataclasses.replace(world, cities={**world.cities, "egypt": unknown})
    with translation.override("es"):
        root = parse(render_board_svg(world, people={"ann": "Ann Smith"}))
    title = on_territory(root, "egypt").find("svg:g[@data-city-kind='major']/svg:title", NS).text
    assert "alguien" in title and "someone" not in title
