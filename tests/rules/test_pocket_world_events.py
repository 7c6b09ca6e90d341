"""The pockets' and the box bottom's world events: what each checks and how it changes the
world, and that a campaign without the pocket is refused without a word of its contents."""

from __future__ import annotations

import pytest

from rules import board_links, box
from rules.world import City, Scar, World
from rules.world_events import CityFounded, PackOpened, ScarPlaced, event_from_json
from rules.world_events.pockets import (
    AlienIslandPlaced,
    CardsNamed,
    CityRuined,
    MissilePowerGained,
    MutantsEvolved,
    NuclearStrike,
)
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2


def _open(*packs: str, world: World | None = None) -> World:
    world = world or World()
    for pack in packs:
        world = PackOpened(pack, 1, "test").apply(world)
    return world


def _words(violations) -> str:
    return " ".join(v.message for v in violations).lower()


@pytest.mark.parametrize(
    "event",
    [
        NuclearStrike("ukraine", "khan_industries", "p1", 1),
        MissilePowerGained("khan_industries", "rally", "p1", 1),
        MutantsEvolved("J178", "offensive", "p1", 1),
        AlienIslandPlaced(("brazil", "japan"), "khan_industries", "p1", 1),
        CityRuined("egypt", "p1", 1),
        CardsNamed(("p1", "p2"), 1),
    ],
)
def test_a_sealed_pockets_event_is_refused_without_naming_its_contents_U8(event):
    world = CityFounded("egypt", "minor", "Thebes", "p1", 1).apply(World())
    refused = event.check(world)
    assert refused
    words = _words(refused)
    for pack in ("pocket_1", "pocket_2", "do_not_open"):
        assert not [t for t in box.spoiler_terms(pack) if t.lower() in words]


def test_the_nuke_covers_the_city_and_scar_destroys_the_card_and_names_the_bringer_J162s_J164s():
    world = CityFounded("ukraine", "minor", "Kyivo", "p1", 1).apply(World())
    world = ScarPlaced("ukraine", "territory", "bunker", "p1", 1).apply(world)
    world = world.evolve(fortifications={}, fortifications_used=0)
    world = _open("pocket_1", world=world)
    strike = NuclearStrike("ukraine", "imperial_balkania", "p2", 2)
    assert strike.check(world) == []
    after = strike.apply(world)
    assert after.fallout == "ukraine" and after.bringer == "imperial_balkania"
    assert not after.has_card("ukraine")
    assert "ukraine" not in after.cities and "ukraine" not in after.scars
    assert after.is_marked("ukraine")
    # The covered city's and scar's stickers stay used.
    assert after.supplies_left()["minor_city"] == world.supplies_left()["minor_city"]
    assert [s.kind for s in after.covered_scars] == ["bunker"]


def test_there_is_one_fallout_zone_and_nothing_more_is_stuck_on_it_J169s():
    world = with_pocket_1(World(), fallout="ukraine")
    assert "only one" in _words(NuclearStrike("egypt", "khan_industries", "p1", 2).check(world))
    assert CityFounded("ukraine", "minor", "Ash", "p1", 2).check(world)
    assert ScarPlaced("ukraine", "territory", "bunker", "p1", 2).check(world)


def test_a_missile_power_goes_to_one_faction_with_an_open_brown_slot_J167s():
    world = with_pocket_1(World())
    assert MissilePowerGained("khan_industries", "rally", "p1", 2).check(world) == []
    world = MissilePowerGained("khan_industries", "rally", "p1", 2).apply(world)
    assert "already" in _words(
        MissilePowerGained("saharan_republic", "rally", "p2", 2).check(world)
    )
    assert "already has" in _words(
        MissilePowerGained("khan_industries", "emp", "p1", 2).check(world)
    )
    assert "never" in _words(MissilePowerGained("mutants", "emp", "p1", 2).check(world))
    assert box.may_take_missile_power(world, "saharan_republic")
    assert not box.may_take_missile_power(world, "khan_industries")


def test_both_evolve_cards_scratched_reveal_the_evolved_power_and_leave_the_deck_J178_J179():
    world = with_pocket_1(World())
    world = MutantsEvolved("J178", "defensive", "p1", 2).apply(world)
    assert box.evolution(world) is None
    assert "J178" not in {c.code for c in box.event_deck(world)}
    assert MutantsEvolved("J178", "offensive", "p1", 3).check(world)
    assert MutantsEvolved("J179", "offensive", "p1", 3).check(world)
    world = MutantsEvolved("J179", "bodies", "p1", 3).apply(world)
    evolved = box.evolution(world)
    assert evolved is not None and evolved.key == "unstable_cloning"


def test_alien_island_joins_two_coastal_territories_by_sea_and_marks_the_collaborator_K180s_K182s():
    world = with_pocket_2(World(), ends=("brazil", "japan"), collaborator="khan_industries")
    assert board_links.neighbours(world, "alien_island") == {"brazil", "japan"}
    assert board_links.is_sea_line(world, "alien_island", "japan")
    assert "alien_island" in board_links.islands(world)
    assert world.card_coins["alien_island"] == 3
    assert world.faction_scars["khan_industries"].kind == "alien_collaborator"
    assert "aliens" in box.factions(world)


def test_alien_island_refuses_inland_ends_one_end_twice_and_a_second_island_K181():
    world = _open("pocket_2")
    assert "ocean" in _words(
        AlienIslandPlaced(("irkutsk", "japan"), "khan_industries", "p1", 1).check(world)
    )
    assert AlienIslandPlaced(("japan", "japan"), "khan_industries", "p1", 1).check(world)
    placed = with_pocket_2(World())
    assert AlienIslandPlaced(("peru", "japan"), "khan_industries", "p1", 2).check(placed)


def test_weaknesses_go_into_a_free_yellow_slot_never_on_the_aliens_K184():
    world = with_pocket_2(World(), collaborator="khan_industries")
    assert ScarPlaced("saharan_republic", "faction", "cautious", "p1", 2).check(world) == []
    assert "never" in _words(ScarPlaced("aliens", "faction", "cautious", "p1", 2).check(world))
    assert "already" in _words(
        ScarPlaced("khan_industries", "faction", "purist", "p1", 2).check(world)
    )


def test_a_ruined_city_is_gone_its_sticker_used_and_a_city_may_rise_on_it_K185s():
    world = CityFounded("egypt", "minor", "Thebes", "p1", 1).apply(World())
    world = with_pocket_2(world)
    assert CityRuined("egypt", "p1", 2).check(world) == []
    ruined = CityRuined("egypt", "p1", 2).apply(world)
    assert "egypt" not in ruined.cities and ruined.is_marked("egypt")
    assert ruined.supplies_left()["minor_city"] == world.supplies_left()["minor_city"]
    assert "no minor city" in _words(CityRuined("egypt", "p1", 3).check(ruined))
    rebuilt = CityFounded("egypt", "minor", "New Thebes", "p2", 3).apply(ruined)
    again = CityRuined("egypt", "p1", 4).apply(rebuilt)
    assert again.supplies_left()["minor_city"] == world.supplies_left()["minor_city"] - 1


def test_names_are_written_on_the_box_bottoms_cards_and_only_those_join_the_deck():
    world = _open("do_not_open")
    assert not [c for c in box.event_deck(world) if c.chooser == "named_player"]
    assert "once" in _words(CardsNamed(("p1", "p1"), 1).check(world))
    named = CardsNamed(("p1", "p2", "p3"), 1).apply(world)
    assert named.named_cards == {"DNO-1": "p1", "DNO-2": "p2", "DNO-3": "p3"}
    assert [c.code for c in box.event_deck(named)] == ["DNO-1", "DNO-2", "DNO-3"]


def test_pocket_events_and_a_pocket_world_survive_json():
    world = with_pocket_2(with_pocket_1(World()))
    world = world.evolve(ruins={"egypt": City("egypt", "minor", "Thebes", "p1", 1)})
    world = world.evolve(
        faction_scars={
            **world.faction_scars,
            "imperial_balkania": Scar("imperial_balkania", "faction", "cautious", "p1", 2),
        }
    )
    assert World.from_json(world.to_json()) == world
    event = AlienIslandPlaced(("brazil", "japan"), "khan_industries", "p1", 1)
    assert event_from_json(event.to_json()) == event


def test_a_world_without_pockets_says_nothing_of_their_fields_in_json_U8():
    data = World().to_json()
    assert not {"fallout", "alien_island", "ruins", "missile_powers", "bringer"} & set(data)
