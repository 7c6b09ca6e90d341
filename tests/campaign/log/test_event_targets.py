"""Where an event card's option went, in a logged game (E-7): checked by the same reading of
the option's data as the digital game's choices (`rules.event_targets`, STYLE 3), and kept on
the `EventResolved` world event as a digital game keeps it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.selectors.campaigns import person_names
from campaign.selectors.pack_history import pack_event_text
from campaign.selectors.world import world_current
from campaign.services.game_log.entry import EventEntry
from campaign.services.game_log.plan import game_log_plan
from rules.data import content
from rules.event_targets import option_targets
from rules.world_events.pack_cards import EventResolved
from tests.campaign.log.pack_entries import pack_game_entry, packs_1_and_2_opened

pytestmark = pytest.mark.django_db


def _plan(campaign, persons, *events: EventEntry):
    entry = replace(pack_game_entry(persons), events=events)
    return game_log_plan(
        world=world_current(campaign=campaign), entry=entry, persons=person_names(campaign=campaign)
    )


def _refused(plan, field: str) -> list[tuple[str, str]]:
    return [(r.violation.code, r.violation.message) for r in plan.refusals if r.field == field]


def test_a_logged_event_keeps_the_cities_its_troops_went_to_B74(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    plan = _plan(campaign, persons, EventEntry("B74", "troops", "khan_industries", ("india",)))
    assert plan.refusals == []
    [resolved] = [e for e in plan.events if isinstance(e, EventResolved)]
    assert (resolved.option, resolved.territories) == ("troops", ("india",))
    assert resolved.detail == ""  # who chose what, and where, are worded from the data


def test_fortify_troops_go_to_as_many_cities_as_the_card_says_and_no_more_B74(
    campaign, owner, persons
):
    packs_1_and_2_opened(campaign, owner, persons)
    option = content().event_cards["B74"].option("troops")
    assert option is not None
    most = option_targets(option).most
    three = EventEntry("B74", "troops", "khan_industries", ("india", "brazil", "egypt"))
    assert (
        "event_targets",
        f"Fortify (B74) (troops) goes to {most} territories at most.",
    ) in _refused(_plan(campaign, persons, three), "events.0.targets")


def test_a_maneuver_names_where_from_and_where_to_or_nothing_B75_M3(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    one_end = EventEntry("B75", "maneuver", "khan_industries", ("egypt",))
    assert _refused(_plan(campaign, persons, one_end), "events.0.targets") == [
        (
            "event_targets",
            "Control the People (B75) (maneuver) goes from one territory to another: name both.",
        )
    ]
    both = EventEntry("B75", "maneuver", "khan_industries", ("egypt", "congo"))
    plan = _plan(campaign, persons, both)
    assert _refused(plan, "events.0.targets") == []
    [resolved] = [e for e in plan.events if isinstance(e, EventResolved)]
    assert resolved.territories == ("egypt", "congo")
    assert resolved.detail == ""
    assert pack_event_text(resolved, {}).endswith("; from Egypt to Central Africa")
    unnoted = _plan(campaign, persons, EventEntry("B75", "maneuver", "khan_industries"))
    assert _refused(unnoted, "events.0.targets") == []


def test_a_fortification_names_its_city_the_world_keeps_it_B73_X9(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    unnamed = _plan(campaign, persons, EventEntry("B73", "fortification", "khan_industries"))
    assert _refused(unnamed, "events.0.targets") == [
        ("event_target_required", "Say which city Fortify (B73) (fortification) went to.")
    ]
