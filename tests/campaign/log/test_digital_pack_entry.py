"""A finished digital game becomes the same log entry as a game logged by hand, pack content
included (drafted cards, event cards with what they placed, HQ moves, comeback powers), and goes
through the same checks. The engine's result is built by hand here."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from campaign.selectors.campaigns import person_names
from campaign.selectors.world import world_current
from campaign.services.digital.finish import RewardsChosen, _entry
from campaign.services.digital.packs import digital_pack_fields
from campaign.services.game_log.entry import EventEntry, HqMoveEntry
from campaign.services.game_log.plan import game_log_plan
from rules.game.result import GameResult, SeatResult
from rules.world_events import CityFortified, GameIncident, GameRecorded, ScarPlaced
from rules.world_events.pack_cards import ComebackPowerChosen, DraftRecorded, EventResolved
from tests.campaign.log.pack_entries import (
    OWNER_DRAFT,
    PLAYER_DRAFT,
    VIEWER_DRAFT,
    packs_1_and_2_opened,
)


def _result(persons) -> GameResult:
    """The engine's result: its world events in the order the engine appends them (what a
    card placed comes just before the card's own `EventResolved`)."""
    owner, player, viewer = (persons[k].key for k in ("owner", "player", "viewer"))
    seats = [
        SeatResult(owner, "die_mechaniker", "brazil", None, "won", ("brazil",), OWNER_DRAFT),
        SeatResult(
            player, "khan_industries", "egypt", "east_africa", "held_on", ("egypt",), PLAYER_DRAFT
        ),
        SeatResult(viewer, "saharan_republic", "japan", None, "eliminated", (), VIEWER_DRAFT),
    ]
    events = [
        DraftRecorded(1, ()),  # the engine's own record; the entry rebuilds it from the seats
        ScarPlaced("siberia", "territory", "biohazard", player, 1),
        CityFortified("india", player, 1),
        EventResolved(1, "B73", "fortification", player, "Khan fortifies Delhi in India"),
        GameIncident(1, "hq_demolished", owner, 0, "brazil"),
        EventResolved(1, "B77", "", None, "Brazil rolls 1 + 1 troop + 1 for the HQ = 3"),
        ComebackPowerChosen("khan_industries", "mobile", player, 1),
        GameIncident(1, "hq_moved", player, 0, "egypt>east_africa"),
        ComebackPowerChosen("saharan_republic", "stealthy", viewer, 1),
    ]
    return GameResult(0, seats, events)


def test_the_engines_pack_events_become_entry_fields_B73_B77(persons):
    faction_of = {
        persons["owner"].key: "die_mechaniker",
        persons["player"].key: "khan_industries",
        persons["viewer"].key: "saharan_republic",
    }
    found = digital_pack_fields(_result(persons).world_events, faction_of)
    assert found.events == [
        EventEntry(
            "B73",
            "fortification",
            "khan_industries",
            ("india",),
            (),
            "Khan fortifies Delhi in India",
        ),
        EventEntry("B77", "", "", (), ("brazil",), "Brazil rolls 1 + 1 troop + 1 for the HQ = 3"),
    ]
    assert found.hq_moves == [HqMoveEntry("khan_industries", "egypt", "east_africa")]
    assert found.comeback_powers == {
        "khan_industries": "mobile",
        "saharan_republic": "stealthy",
    }
    assert found.demolished_alone == []


def test_a_demolition_with_no_card_to_file_it_under_stays_an_incident_G10(persons):
    lone = GameIncident(1, "hq_demolished", persons["owner"].key, 0, "brazil")
    found = digital_pack_fields([lone], {persons["owner"].key: "die_mechaniker"})
    assert found.events == [] and found.demolished_alone == [lone]


@pytest.mark.django_db
def test_a_digital_game_records_its_pack_content_through_the_log_checks(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = _entry(None, SimpleNamespace(game_number=1), _result(persons), RewardsChosen(), ())
    assert [p.draft for p in entry.players] == [OWNER_DRAFT, PLAYER_DRAFT, VIEWER_DRAFT]
    assert [p.comeback_power for p in entry.players] == ["", "mobile", "stealthy"]
    assert entry.hq_moves == (HqMoveEntry("khan_industries", "egypt", "east_africa"),)
    assert [i.incident for i in entry.incidents] == []  # HQ moves and demolitions are filed
    plan = game_log_plan(
        world=world_current(campaign=campaign), entry=entry, persons=person_names(campaign=campaign)
    )
    assert [r for r in plan.refusals if r.field != "winner_reward"] == []
    kinds = [e.kind for e in plan.events]
    assert kinds[:4] == [
        "game_recorded",
        "draft_recorded",
        "comeback_power_chosen",
        "comeback_power_chosen",
    ]
    assert kinds.count("event_resolved") == 2 and "city_fortified" in kinds
    assert plan.world.destroyed_box_cards == frozenset({"B73"})
    moved = [e for e in plan.events if isinstance(e, GameIncident) and e.incident == "hq_moved"]
    assert [m.detail for m in moved] == ["egypt>east_africa"]


@pytest.mark.django_db
def test_who_eliminated_whom_and_where_event_troops_went_reach_the_entry_END2_B74(
    campaign, owner, persons
):
    """The engine's result names the faction that knocked the viewer out and the cities an
    event's troops went to; the digital entry records both as a logged game does."""
    packs_1_and_2_opened(campaign, owner, persons)
    result = _result(persons)
    viewer = replace(result.seats[2], eliminated_by="die_mechaniker")
    troops = EventResolved(1, "B74", "troops", persons["player"].key, "", ("india", "brazil"))
    result = GameResult(0, [*result.seats[:2], viewer], [*result.world_events, troops])
    entry = _entry(None, SimpleNamespace(game_number=1), result, RewardsChosen(), ())
    assert [p.eliminated_by for p in entry.players] == ["", "", "die_mechaniker"]
    assert entry.events[-1] == EventEntry(
        "B74", "troops", "khan_industries", ("india", "brazil"), (), ""
    )
    plan = game_log_plan(
        world=world_current(campaign=campaign), entry=entry, persons=person_names(campaign=campaign)
    )
    assert [r for r in plan.refusals if r.field != "winner_reward"] == []
    [recorded] = [e for e in plan.events if isinstance(e, GameRecorded)]
    assert recorded.players[2]["eliminated_by"] == "die_mechaniker"
    [logged] = [e for e in plan.events if isinstance(e, EventResolved) and e.card == "B74"]
    assert logged.territories == ("india", "brazil")
