"""Sealed pack conditions evaluated from data over the event log (U-1 to U-8)."""

from rules.data import board, content
from rules.unlocks import CONDITION_KINDS, is_optional, ordinal, packs_due, packs_progress
from rules.world import World
from rules.world_events import (
    CityFounded,
    EventsVoided,
    GameIncident,
    GameRecorded,
    PackOpened,
    VictorSigned,
)

T = sorted(board().territories)


def _numbered(*events, start=1):
    return list(enumerate(events, start=start))


def _game(game, outcomes=("won", "held_on", "held_on")):
    people = ("ann", "bob", "cy")
    factions = ("die_mechaniker", "enclave_of_the_bear", "khan_industries")
    players = tuple(
        {"person": p, "faction": f, "start": T[i * 5], "outcome": o}
        for i, (p, f, o) in enumerate(zip(people, factions, outcomes, strict=True))
    )
    return GameRecorded(game, "2026-01-01", players)


def _due(entries, **kwargs):
    return {d.pack: d for d in packs_due(entries, **kwargs)}


def test_every_pack_condition_kind_in_the_fixture_is_known_U1():
    for pack in content().packs.values():
        assert pack.condition["kind"] in CONDITION_KINDS


def test_pack_1_is_due_when_the_ninth_minor_city_is_founded_U2():
    cities = [CityFounded(T[i], "minor", f"Town {i}", "ann", 4) for i in range(9)]
    entries = _numbered(_game(4), *cities)
    assert "pack_1" not in _due(entries[:-1])
    due = _due(entries, names={"ann": "Ann"})["pack_1"]
    assert due.seq == 10
    assert due.game == 4
    assert due.reason.startswith("the 9th minor city (Town 8 in ")
    assert due.reason.endswith("was founded by Ann in game 4")


def test_pack_2_is_due_at_the_first_elimination_U3_END3():
    entries = _numbered(_game(1), _game(2, ("held_on", "won", "eliminated")))
    due = _due(entries, names={"cy": "Cy"})["pack_2"]
    assert due.seq == 2
    assert due.reason == "Khan Industries (Cy) was eliminated in game 2"


def test_pack_3_is_due_at_someones_second_signature_U4():
    entries = _numbered(
        VictorSigned("ann", 1, "d"), VictorSigned("bob", 2, "d"), VictorSigned("ann", 3, "d")
    )
    assert "pack_3" not in _due(entries[:2])
    due = _due(entries, names={"ann": "Ann"})["pack_3"]
    assert (due.seq, due.reason) == (
        3,
        "Ann signed the victors' section for the 2nd time in game 3",
    )


def test_mid_game_packs_are_due_when_a_game_reports_the_incident_U5_U6_U7():
    entries = _numbered(
        _game(1),
        GameIncident(1, "missiles_on_one_roll", "bob", count=2),
        GameIncident(1, "big_recruit_with_missile", "cy", count=29),
    )
    assert _due(entries) == {}
    entries = _numbered(
        _game(1),
        GameIncident(1, "missiles_on_one_roll", "bob", count=3),
        GameIncident(1, "big_recruit_with_missile", "cy", count=31),
        GameIncident(1, "mark_placed", "ann", detail="world_capital"),
    )
    due = _due(entries, names={"cy": "Cy"})
    assert due["pocket_1"].reason == "3 missiles were fired on one roll in game 1"
    assert due["pocket_2"].reason == (
        "Cy was about to place 31 troops while holding a missile in game 1"
    )
    assert due["pack_4"].seq == 4


def test_founding_the_world_capital_places_its_mark_U5():
    entries = _numbered(_game(1), CityFounded(T[0], "capital", "Capital", "ann", 1))
    assert _due(entries)["pack_4"].seq == 2


def test_an_opened_pack_is_never_due_again_U1():
    entries = _numbered(
        VictorSigned("ann", 1, "d"),
        VictorSigned("ann", 2, "d"),
        PackOpened("pack_3", 2, "ann signed twice"),
    )
    assert "pack_3" not in _due(entries)


def test_a_voided_trigger_opens_nothing_U1():
    entries = _numbered(
        VictorSigned("ann", 1, "d"),
        VictorSigned("ann", 2, "d"),
        EventsVoided((2,), "bob won game 2, not ann"),
        VictorSigned("bob", 2, "d"),
    )
    assert "pack_3" not in _due(entries)


def test_several_packs_may_be_due_at_once_in_pack_order_U1():
    cities = [CityFounded(T[i], "minor", f"Town {i}", "ann", 2) for i in range(9)]
    entries = _numbered(
        VictorSigned("ann", 1, "d"),
        _game(2, ("won", "eliminated", "held_on")),
        VictorSigned("ann", 2, "d"),
        *cities,
    )
    assert [d.pack for d in packs_due(entries)] == ["pack_1", "pack_2", "pack_3"]


def test_progress_counts_minor_cities_and_most_signatures():
    world = World()
    for event in [
        *[CityFounded(T[i], "minor", f"Town {i}", "ann", 1) for i in range(7)],
        VictorSigned("ann", 1, "d"),
    ]:
        world = event.apply(world)
    progress = {p.pack: (p.current, p.target) for p in packs_progress(world)}
    assert progress == {"pack_1": (7, 9), "pack_3": (1, 2)}
    opened = PackOpened("pack_1", 1, "x").apply(world)
    assert "pack_1" not in {p.pack for p in packs_progress(opened)}


def test_ordinals_read_naturally():
    assert [ordinal(n) for n in (1, 2, 3, 4, 9, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "9th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]


def test_the_box_bottom_opens_only_by_the_owners_choice_never_by_an_event_U1():
    """`owner_choice`: no event meets it, so it is never due, and it has no progress."""
    pack = content().packs["do_not_open"]
    assert is_optional(pack)
    assert not any(is_optional(p) for k, p in content().packs.items() if k != "do_not_open")
    log = [(1, CityFounded("egypt", "minor", "Cairo", "p1", 1))]
    assert "do_not_open" not in [d.pack for d in packs_due(log)]
    assert "do_not_open" not in [p.pack for p in packs_progress(World())]
