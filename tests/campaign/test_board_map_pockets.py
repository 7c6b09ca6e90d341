"""The board map and the pockets: Alien Island in its ocean with its two sea lines (K182s), the
Fallout Zone mark over its territory (J162s), ruins (K187s), all in the marks layer above the
territories; the legend explains each only once the board carries it (U-8)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from campaign.board_map.render import render_board_svg
from campaign.board_map.territory import TerritoryOverlay
from rules import box
from rules.world import World
from rules.world_events import CityFounded, ScarPlaced
from rules.world_events.pockets import CityRuined
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2

NS = {"svg": "http://www.w3.org/2000/svg"}


def _root(world: World, **kwargs) -> ET.Element:
    return ET.fromstring(str(render_board_svg(world, **kwargs)))


def _legend(root: ET.Element) -> str:
    return " ".join(root.find(".//svg:g[@class='legend']", NS).itertext())


def _layer(root: ET.Element, name: str) -> ET.Element:
    return root.find(f"svg:g[@class='{name}']", NS)


def test_a_board_without_pockets_draws_no_island_mark_or_pocket_legend_U8():
    root = _root(World())
    text = ET.tostring(root, encoding="unicode")
    assert root.find(".//svg:g[@id='t-alien_island']", NS) is None
    assert not list(_layer(root, "marks"))
    for pack in ("pocket_1", "pocket_2"):
        assert not [t for t in box.spoiler_terms(pack) if t.lower() in text.lower()], pack


def test_alien_island_K182s_is_drawn_with_its_card_coins_K186_and_two_sea_lines():
    root = _root(with_pocket_2(World(), ends=("brazil", "western_australia")))
    island = root.find(".//svg:g[@id='t-alien_island']", NS)
    assert island is not None
    assert island.find("svg:title", NS).text.startswith("Alien Island (no continent)")
    on_island = root.find(".//svg:g[@id='m-alien_island']", NS)
    assert on_island.find("svg:g[@class='card-coins upgraded']", NS).get("data-coins") == "3"
    lines = root.findall(".//svg:g[@class='sea-line island-line']", NS)
    assert sorted(line.get("data-b") for line in lines) == ["brazil", "western_australia"]
    assert "Sea line to Alien Island" in _legend(root)
    brazil = root.find(".//svg:g[@id='t-brazil']/svg:title", NS).text
    assert "Sea line to Alien Island." in brazil


def test_the_digital_map_puts_troops_on_alien_island_and_may_select_it_K182s():
    root = _root(
        with_pocket_2(World()),
        overlay={"alien_island": TerritoryOverlay(40, "#9a4fc4", selectable=True)},
        interactive=True,
    )
    island = root.find(".//svg:g[@id='t-alien_island']", NS)
    assert "selectable" in island.get("class")
    on_island = root.find(".//svg:g[@id='m-alien_island']", NS)
    assert on_island.find("svg:g[@class='troops']", NS).get("data-troops") == "40"


def test_the_fallout_zone_J162s_covers_the_city_and_scar_in_the_marks_layer():
    world = CityFounded("ukraine", "minor", "Kyiv", "p1", 1).apply(World())
    world = ScarPlaced("ukraine", "territory", "bunker", "p1", 1).apply(world)
    root = _root(with_pocket_1(world, fallout="ukraine"))
    ukraine = root.find(".//svg:g[@id='m-ukraine']", NS)
    assert ukraine.find(".//svg:g[@data-city-kind]", NS) is None
    assert ukraine.find(".//svg:g[@data-scar]", NS) is None
    assert ukraine.find("svg:g[@class='card-destroyed']", NS) is not None
    mark = _layer(root, "marks").find("svg:g[@class='mark fallout']", NS)
    assert mark.get("data-territory") == "ukraine"
    assert mark.get("pointer-events") == "none"  # digital play clicks the territory beneath
    title = mark.find("svg:title", NS).text
    assert "Fallout Zone" in title and "Kyiv" in title and "a scar" in title
    assert "Fallout Zone" in _legend(root) and "Ruin" not in _legend(root)


def test_the_marks_layer_is_drawn_above_the_territories():
    root = _root(with_pocket_1(World()))
    layers = [g.get("class") for g in root.findall("svg:g", NS)]
    assert layers.index("marks") > layers.index("territories")


def test_a_ruin_K187s_shows_in_the_city_slot_until_a_new_city_covers_it_K185s():
    world = CityFounded("egypt", "minor", "Cairo", "p1", 1).apply(with_pocket_2(World()))
    world = CityRuined("egypt", "p1", 1).apply(world)
    root = _root(world, people={"p1": "Olga"})
    ruin = _layer(root, "marks").find("svg:g[@class='mark ruin']", NS)
    assert ruin.get("data-territory") == "egypt"
    assert "Ruin of Cairo, founded by Olga" in ruin.find("svg:title", NS).text
    assert "Ruin" in _legend(root)

    rebuilt = CityFounded("egypt", "minor", "Nova", "p1", 2).apply(world)
    again = _root(rebuilt)
    assert _layer(again, "marks").find("svg:g[@class='mark ruin']", NS) is None
    assert again.find(".//svg:g[@id='m-egypt']//svg:g[@data-city-kind='minor']", NS) is not None


def test_the_legend_lists_no_weakness_scars_they_go_on_faction_cards_K184():
    legend = _legend(_root(with_pocket_2(World())))
    assert "Cautious" not in legend and "Bunker scar" in legend
