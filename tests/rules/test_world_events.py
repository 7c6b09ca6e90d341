"""World events: what each one checks against the world, what it changes, and replay."""

import json

import pytest

from rules.errors import IllegalWorldEvent
from rules.world import World
from rules.world_events import (
    CardDestroyed,
    CardUpgraded,
    CityFortified,
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    EventsVoided,
    FortificationWorn,
    GameRecorded,
    PackOpened,
    PregameCoinsPlaced,
    ScarCancelled,
    ScarPlaced,
    StartingPowerChosen,
    VictorSigned,
    WorldNamed,
    event_from_json,
    replay,
)


def rules_of(violations):
    return [(v.code, v.rule) for v in violations]


def build(*events):
    world = World()
    for event in events:
        assert event.check(world) == [], event
        world = event.apply(world)
    return world


def players(winner="ann"):
    people = ["ann", "bob", "cy"]
    factions = ["die_mechaniker", "khan_industries", "saharan_republic"]
    starts = ["peru", "egypt", "japan"]
    return tuple(
        {
            "person": p,
            "faction": f,
            "start": s,
            "outcome": "won" if p == winner else "held_on",
        }
        for p, f, s in zip(people, factions, starts, strict=True)
    )


def test_a_faction_takes_one_of_its_own_two_powers_P2():
    world = build(StartingPowerChosen("die_mechaniker", "fortified_hq"))
    assert world.starting_powers == {"die_mechaniker": "fortified_hq"}
    again = StartingPowerChosen("die_mechaniker", "double_six_stand")
    assert rules_of(again.check(world)) == [("power_already_chosen", "P-2")]
    foreign = StartingPowerChosen("khan_industries", "overrun")
    assert rules_of(foreign.check(world)) == [("not_this_factions_power", "P-2")]


def test_pregame_coins_need_all_twelve_and_no_card_above_three_P3():
    twelve = ("alaska", "alaska", *["peru", "egypt", "japan", "ural", "china"] * 2)
    world = build(PregameCoinsPlaced(twelve))
    assert world.card_coins["alaska"] == 3
    assert sum(world.card_coins.values()) == 42 + 12
    too_many = PregameCoinsPlaced(("alaska",) * 3 + ("peru",) * 9)
    assert ("pregame_card_over_cap", "P-3") in rules_of(too_many.check(World()))
    short = PregameCoinsPlaced(("peru",))
    assert ("coin_count", "P-3") in rules_of(short.check(World()))


def test_world_is_customized_once_powers_and_coins_are_done_P2_P3():
    world = build(
        *(
            StartingPowerChosen(f, p)
            for f, p in [
                ("die_mechaniker", "fortified_hq"),
                ("enclave_of_the_bear", "overrun"),
                ("imperial_balkania", "round_up"),
                ("khan_industries", "supply_drop"),
                ("saharan_republic", "unconnected_maneuver"),
            ]
        )
    )
    assert not world.customized
    world = PregameCoinsPlaced(tuple(sorted(world.card_coins))[:12]).apply(world)
    assert world.customized


def test_a_recorded_game_writes_every_faction_card_back_S10_END2():
    world = build(GameRecorded(1, "2026-01-05", players()))
    assert world.games_played == 1
    absent = [r for r in world.faction_records if r.player is None]
    assert {r.faction for r in absent} == {"enclave_of_the_bear", "imperial_balkania"}
    assert world.faction_history("die_mechaniker")[0].outcome == "won"


def test_a_game_needs_exactly_one_winner_END2():
    nobody = tuple({**p, "outcome": "held_on"} for p in players())
    assert ("one_winner", "END-2") in rules_of(GameRecorded(1, "2026-01-05", nobody).check(World()))


def test_games_are_numbered_in_order_S1():
    assert ("game_number", "S-1") in rules_of(GameRecorded(2, "x", players()).check(World()))


def test_one_city_per_territory_G2():
    world = build(CityFounded("peru", "major", "Lima", "ann", 1))
    clash = CityFounded("peru", "minor", "Cusco", "bob", 2)
    assert rules_of(clash.check(world)) == [("city_exists", "G-2")]


def test_nine_minor_cities_then_the_supply_is_gone_C10():
    territories = ["peru", "egypt", "japan", "ural", "china", "india", "siam", "brazil", "alaska"]
    world = build(*(CityFounded(t, "minor", t.title(), "ann", 1) for t in territories))
    assert world.supplies_left()["minor_city"] == 0
    tenth = CityFounded("ontario", "minor", "Ottawa", "ann", 2)
    assert ("no_city_left", "C-10") in rules_of(tenth.check(world))


def test_one_scar_per_territory_and_cancelled_scars_make_room_G4_END5():
    world = build(ScarPlaced("peru", "territory", "bunker", "ann", 1))
    second = ScarPlaced("peru", "territory", "ammo_shortage", "bob", 2)
    assert rules_of(second.check(world)) == [("scar_exists", "G-4")]
    world = build(
        ScarPlaced("peru", "territory", "bunker", "ann", 1),
        ScarCancelled("peru", "ann", 1),
    )
    assert world.scars["peru"].cancelled
    assert world.is_marked("peru")  # DIFF-17: the cancel sticker is still a mark
    assert second.check(world) == []


def test_cancel_needs_a_live_scar_END5():
    assert rules_of(ScarCancelled("peru", "ann", 1).check(World())) == [("no_scar", "END-5")]


def test_each_continent_is_named_once_and_its_namer_gets_one_more_T10_END5():
    world = build(ContinentNamed("south_america", "Amazonia", "ann", 1))
    assert world.continent_bonus("south_america", "ann") == 3
    assert world.continent_bonus("south_america", "bob") == 2
    again = ContinentNamed("south_america", "Other", "bob", 2)
    assert rules_of(again.check(world)) == [("continent_already_named", "END-5")]


def test_each_continent_bonus_changes_once_and_each_mark_exists_once_END5():
    world = build(ContinentBonusChanged("europe", 1, "ann", 1))
    assert world.continent_bonus("europe") == 6
    assert ("bonus_already_changed", "END-5") in rules_of(
        ContinentBonusChanged("europe", -1, "bob", 2).check(world)
    )
    assert ("no_mark_left", "END-5") in rules_of(
        ContinentBonusChanged("asia", 1, "bob", 2).check(world)
    )


def test_fortifying_needs_a_city_and_wears_out_after_ten_boxes_X9():
    assert ("no_city", "END-5") in rules_of(CityFortified("peru", "ann", 1).check(World()))
    world = build(CityFounded("peru", "major", "Lima", "ann", 1), CityFortified("peru", "ann", 1))
    assert world.is_fortified("peru")
    world = FortificationWorn("peru", 10, 2).apply(world)
    assert not world.is_fortified("peru")
    assert world.supplies_left()["fortification"] == 4


def test_card_coins_stop_at_six_and_destroyed_cards_cannot_be_upgraded_END6():
    world = build(*(CardUpgraded("peru", "ann", g) for g in range(1, 6)))
    assert world.card_coins["peru"] == 6
    assert ("card_full", "END-6") in rules_of(CardUpgraded("peru", "ann", 6).check(world))
    world = build(CardDestroyed("egypt", "ann", 1))
    assert ("card_gone", "END-6") in rules_of(CardUpgraded("egypt", "bob", 2).check(world))


def test_only_games_one_to_fifteen_are_signed_END9():
    late = VictorSigned("ann", 16, "2027-01-01")
    assert rules_of(late.check(World())) == [("no_more_signatures", "END-9")]


def test_a_pack_opens_once_U1():
    world = build(PackOpened("pack_2", 3, "a faction was eliminated in game 3"))
    assert rules_of(PackOpened("pack_2", 4, "again").check(world)) == [("pack_already_open", "U-1")]


def test_the_world_is_named_after_game_fifteen_END8():
    assert ("too_early", "END-8") in rules_of(WorldNamed("Terra", "ann").check(World()))


def test_events_round_trip_through_json():
    events = [
        StartingPowerChosen("die_mechaniker", "fortified_hq"),
        PregameCoinsPlaced(("peru",) * 2),
        GameRecorded(1, "2026-01-05", players()),
        CityFounded("peru", "major", "Lima", "ann", 1),
        EventsVoided((3,), "typo"),
    ]
    for event in events:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event


def test_unknown_or_malformed_events_are_refused():
    with pytest.raises(IllegalWorldEvent):
        event_from_json({"kind": "meteor_strike"})
    with pytest.raises(IllegalWorldEvent):
        event_from_json({"kind": "city_founded", "territory": "peru", "colour": "red"})


def test_an_events_json_is_each_callers_own_and_reading_it_again_gives_the_same_event_DESIGN():
    """Events' JSON is remembered (a game's state writes and reads the same few with every
    move): a caller changing its copy changes nothing for the next, and a JSON given twice,
    in any key order, reads as the same event."""
    event = CityFounded("peru", "minor", "Lima", "ana", 3)
    first = event.to_json()
    first["territory"] = "siam"
    assert event.to_json()["territory"] == "peru"
    again = event_from_json(dict(reversed(list(event.to_json().items()))))
    assert again == event and event_from_json(event.to_json()) == event
    with pytest.raises(IllegalWorldEvent):
        event_from_json({"kind": "city_founded", "territory": ["peru"]})
    with pytest.raises(IllegalWorldEvent):  # refused every time, not only the first
        event_from_json({"kind": "city_founded", "territory": ["peru"]})


def test_world_round_trips_through_json():
    world = build(
        GameRecorded(1, "2026-01-05", players()),
        VictorSigned("ann", 1, "2026-01-05", "First!"),
        CityFounded("peru", "major", "Lima", "ann", 1),
        ScarPlaced("egypt", "territory", "bunker", "bob", 1),
        CardDestroyed("japan", "ann", 1),
    )
    assert World.from_json(json.loads(json.dumps(world.to_json()))) == world


def test_replay_leaves_out_voided_events_and_keeps_their_replacement():
    log = [
        (1, CityFounded("peru", "major", "Lima", "ann", 1)),
        (2, EventsVoided((1,), "it was Brazil")),
        (3, CityFounded("brazil", "major", "Lima", "ann", 1)),
    ]
    world = replay(log)
    assert "peru" not in world.cities
    assert world.cities["brazil"].name == "Lima"
