"""Pack 3's world events: a mission claimed (E-8), a sea line drawn (G-12) and a city covered by
the World Capital; their refusals keep sealed content unnamed (U-8); the world keeps them in
JSON, and snapshots from before them still load."""

from __future__ import annotations

import json

import pytest

from rules import board_links, box
from rules.world import City, World
from rules.world_events import CityFounded, PackOpened, event_from_json, replay
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded


def _pack_3(world: World | None = None) -> World:
    return PackOpened("pack_3", 2, "a second signature").apply(world or World())


def test_a_mission_of_a_sealed_pack_is_refused_like_one_that_does_not_exist_U8():
    sealed = MissionClaimed(game=3, mission="D115", person="ann").check(World())
    missing = MissionClaimed(game=3, mission="D999", person="ann").check(World())
    assert [v.code for v in sealed] == [v.code for v in missing] == ["unknown_mission"]
    assert "Reign" not in sealed[0].message


def test_a_destroyed_mission_cannot_be_claimed_again_E8():
    world = MissionClaimed(game=3, mission="D121s", person="ann").apply(_pack_3())
    assert "D121s" in world.destroyed_box_cards
    assert MissionClaimed(game=4, mission="D121s").check(world)
    assert MissionClaimed(game=4, mission="D115").check(world) == []
    again = MissionClaimed(game=4, mission="D115").apply(world)
    assert again.destroyed_box_cards == world.destroyed_box_cards  # back to the box


@pytest.mark.parametrize(
    ("a", "b", "code"),
    [
        ("peru", "irkutsk", "no_coast"),
        ("alaska", "kamchatka", "already_adjacent"),
        ("peru", "alberta", None),
        ("peru", "peru", "same_territory"),
        ("peru", "atlantis", "unknown_territory"),
    ],
)
def test_a_sea_line_joins_two_coasts_not_yet_adjacent_G12(a, b, code):
    found = SeaLineAdded(a, b, "ann", 3).check(_pack_3())
    assert [v.code for v in found] == ([code] if code else [])


def test_no_sea_line_is_drawn_in_a_box_without_a_card_that_draws_one_U8():
    found = SeaLineAdded("peru", "alberta", "ann", 3).check(World())
    assert [v.code for v in found] == ["no_sea_lines"]


def test_a_drawn_sea_line_is_adjacency_for_good_and_counts_once_G12():
    line = SeaLineAdded("western_australia", "peru", "ann", 3)
    world = line.apply(line.apply(_pack_3()))
    assert world.added_sea_lines == (("peru", "western_australia"),)
    assert "peru" in board_links.neighbours(world, "western_australia")
    assert frozenset(("peru", "western_australia")) in board_links.sea_lines(world)
    assert SeaLineAdded("peru", "western_australia").check(world)[0].code == "already_adjacent"


def test_the_capital_covers_a_city_whose_sticker_stays_used_C10():
    world = CityFounded("peru", "minor", "Cuzco", "bob", 1).apply(_pack_3())
    world = world.evolve(card_coins={**world.card_coins, "peru": 4})
    covered = CityCovered("peru", "ann", 4)
    assert covered.check(world) == []
    world = covered.apply(world)
    assert "peru" not in world.cities
    assert world.covered_cities == (City("peru", "minor", "Cuzco", "bob", 1),)
    assert world.supplies_left()["minor_city"] == 8
    capital = CityFounded("peru", "capital", "Nova Lima", "ann", 4)
    assert capital.check(world) == []
    assert capital.apply(world).cities["peru"].population == 5


@pytest.mark.parametrize(
    ("coins", "destroyed", "code"),
    [(4, False, None), (6, False, None), (3, False, "capital_card"), (5, True, "capital_card")],
)
def test_the_world_is_ready_D120s_puts_the_capital_on_a_card_worth_4_coins_or_more_E8(
    coins, destroyed, code
):
    world = _pack_3().evolve(card_coins={**World().card_coins, "egypt": coins})
    if destroyed:
        world = world.evolve(destroyed_cards=frozenset({"egypt"}))
    found = CityFounded("egypt", "capital", "Nova Cairo", "ann", 3).check(world)
    assert [v.code for v in found] == ([code] if code else [])


def test_no_capital_is_founded_in_a_box_without_the_card_that_places_it_U8():
    world = World().evolve(card_coins={**World().card_coins, "egypt": 6})
    found = CityFounded("egypt", "capital", "Nova Cairo", "ann", 3).check(world)
    assert [v.code for v in found] == ["no_capital"]
    assert not any(term in found[0].message for term in box.spoiler_terms("pack_3"))


def test_only_a_city_is_covered_and_only_in_a_box_with_the_capital_mission_G2():
    world = CityFounded("peru", "minor", "Cuzco", "bob", 1).apply(World())
    assert [v.code for v in CityCovered("peru").check(world)] == ["no_cover"]
    assert [v.code for v in CityCovered("brazil").check(_pack_3(world))] == ["no_city"]


def test_pack_3_world_events_and_the_world_they_make_survive_json():
    events = [
        PackOpened("pack_3", 2, "a second signature"),
        CityFounded("peru", "major", "Cuzco", "bob", 2),
        SeaLineAdded("peru", "western_australia", "ann", 3),
        CityCovered("peru", "ann", 3),
        CityFounded("peru", "capital", "Nova Lima", "ann", 3),
        MissionClaimed(game=3, mission="D120s", person="ann"),
    ]
    for event in events:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    world = replay(enumerate(events, 1))
    assert World.from_json(json.loads(json.dumps(world.to_json()))) == world
    old = world.to_json()
    for key in ("added_sea_lines", "covered_cities"):
        del old[key]  # a snapshot stored before Pack 3 had content
    assert World.from_json(old).added_sea_lines == ()


def test_mission_names_are_pack_3_words_and_no_base_word_U8():
    terms = box.spoiler_terms("pack_3")
    assert {"The World Is Ready", "Explore the World", "Join the Cause", "homeland"} <= set(terms)
    assert not {"mission", "Mission", "sea line", "island"} & set(terms)
