"""The board map and the campaign's box: the legend lists the scar kinds of the box only, and
the scars that fire at the end of a turn get their own icon and colour (E-9, U-8)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from campaign.board_map.render import render_board_svg
from rules.world import World
from rules.world_events import PackOpened, ScarPlaced

NS = {"svg": "http://www.w3.org/2000/svg"}


def _legend(world: World) -> str:
    root = ET.fromstring(str(render_board_svg(world)))
    return " ".join(root.find(".//svg:g[@class='legend']", NS).itertext())


def _opened(*packs: str) -> World:
    world = World()
    for pack in packs:
        world = PackOpened(pack, 1, "opened for the test").apply(world)
    return world


def test_the_legend_of_a_new_world_lists_the_base_scars_only_U8():
    legend = _legend(World())
    assert "Bunker scar" in legend and "Ammo Shortage scar" in legend
    assert "Biohazard" not in legend and "Mercenary" not in legend


def test_the_legend_lists_the_scars_each_opened_pack_added_U8():
    assert "Biohazard scar" in _legend(_opened("pack_1"))
    assert "Mercenary" not in _legend(_opened("pack_1"))
    both = _legend(_opened("pack_1", "pack_2"))
    assert "Biohazard scar" in both and "Mercenary scar" in both


def test_biohazard_B70s_and_mercenary_C106s_scars_have_their_own_icon_and_colour():
    world = _opened("pack_1", "pack_2")
    world = ScarPlaced("ural", "territory", "biohazard", None, 1).apply(world)
    world = ScarPlaced("peru", "territory", "mercenary", None, 1).apply(world)
    root = ET.fromstring(str(render_board_svg(world)))
    hazard = root.find(".//svg:g[@data-scar='biohazard']", NS)
    hired = root.find(".//svg:g[@data-scar='mercenary']", NS)
    assert hazard.find("svg:polygon", NS).get("fill") == "#e3c21a"
    assert hired.find("svg:circle", NS).get("fill") == "#3f6b3a"
    assert "".join(hazard.itertext()).endswith("B")
    assert "".join(hired.itertext()).endswith("M")
    assert hazard.find("svg:title", NS).text == "Biohazard scar"


def test_the_legend_stays_inside_the_board_with_every_scar_kind():
    root = ET.fromstring(str(render_board_svg(_opened("pack_1", "pack_2"))))
    frame = root.find(".//svg:g[@class='legend']/svg:rect", NS)
    top, height = float(frame.get("y")), float(frame.get("height"))
    assert top > 0 and top + height < 700


def test_the_legend_names_the_world_capital_only_once_its_pack_placed_it_U8():
    """The map's legend kept naming Pack 4's mark while the world page kept it secret."""
    from rules.world_events import CityFounded

    assert "World capital" not in _legend(World())
    world = PackOpened("pack_3", 1, "a second signature").apply(World())
    world = CityFounded("egypt", "capital", "Nova Roma", "ann", 2).apply(world)
    assert "World capital" in _legend(world)
