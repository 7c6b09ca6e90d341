"""Bounds on what people write into world events (`rules.bounds`): a name, a slogan or a count
past them is refused in plain words by the event's own check, whatever the world."""

from __future__ import annotations

import pytest

from rules.bounds import COUNT_MAX, NAME_MAX, NUMBER_MAX, SLOGAN_MAX, TEXT_MAX
from rules.world import World
from rules.world_events import (
    CityFounded,
    ContinentNamed,
    EventsVoided,
    FortificationWorn,
    GameIncident,
    VictorSigned,
    WorldNamed,
)
from rules.world_events.pack_cards import EventResolved

HUGE_NAME = "Q" * 100_000


def codes(violations) -> list[tuple[str, str]]:
    return [(v.code, v.rule) for v in violations]


def test_a_city_name_of_100000_characters_is_refused_END5():
    event = CityFounded("peru", "minor", HUGE_NAME, "ann", 1)
    (violation,) = [v for v in event.check(World()) if v.code == "too_long"]
    assert violation.rule == "END-5"
    assert violation.message == f"A name is at most {NAME_MAX} characters; this one has 100000."
    assert CityFounded("peru", "minor", "Q" * NAME_MAX, "ann", 1).check(World()) == []


def test_continent_and_world_names_have_the_same_bound_END5_END8():
    assert ("too_long", "END-5") in codes(
        ContinentNamed("asia", HUGE_NAME, "ann", 1).check(World())
    )
    assert ("too_long", "END-8") in codes(WorldNamed(HUGE_NAME, "ann").check(World()))


def test_a_slogan_is_at_most_200_characters_END4():
    too_long = VictorSigned("ann", 1, "2026-01-10", "!" * (SLOGAN_MAX + 1))
    assert codes(too_long.check(World())) == [("too_long", "END-4")]
    assert VictorSigned("ann", 1, "2026-01-10", "!" * SLOGAN_MAX).check(World()) == []


@pytest.mark.parametrize("count", [10**30, COUNT_MAX + 1, -1])
def test_an_incident_count_past_any_game_is_refused_U1(count):
    event = GameIncident(1, "big_recruit_with_missile", "cy", count=count)
    (violation,) = event.check(World())
    assert (violation.code, violation.rule) == ("bad_count", "U-1")
    assert violation.message == f"An incident's count is a number from 0 to {COUNT_MAX}."


def test_more_missiles_on_one_roll_than_dice_is_refused_X10_U6():
    assert GameIncident(1, "missiles_on_one_roll", "bob", count=5).check(World()) == []
    (violation,) = GameIncident(1, "missiles_on_one_roll", "bob", count=10**30).check(World())
    assert (violation.code, violation.rule) == ("bad_count", "X-10")
    assert "at most 5 dice" in violation.message


def test_a_fortification_has_ten_wear_boxes_X9():
    (violation,) = FortificationWorn("peru", 10**30, 3).bounds()
    assert (violation.code, violation.rule) == ("bad_wear", "X-9")
    assert violation.message == "A fortification has 10 wear boxes: mark 1 to 10."


def test_other_words_and_numbers_are_bounded_too():
    detail = EventResolved(1, "B73", detail="x" * (TEXT_MAX + 1))
    assert codes(detail.bounds()) == [("too_long", "E-7")]
    reason = EventsVoided((1,), "y" * (TEXT_MAX + 1))
    assert codes(reason.check(World())) == [("too_long", "DESIGN")]
    seqs = EventsVoided((NUMBER_MAX + 1,), "a typo")
    assert codes(seqs.bounds()) == [("too_large", "DESIGN")]


def test_a_nul_character_is_refused_in_any_text_END4():
    (violation,) = VictorSigned("ann", 1, "2026-01-10", "good\x00game").check(World())
    assert (violation.code, violation.rule) == ("nul_character", "END-4")
    assert violation.message == "A slogan holds a NUL character; remove it."
