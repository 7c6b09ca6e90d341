"""Missions in a logged table game (E-8, Pack 3 D114-D121s): which mission, claimed by whom, and
what it placed: Explore the World's sea line (D121s, G-12), The World Is Ready's World Capital
(D120s) over a city, opening Pack 4 inside the game (U-5); Join the Cause's choices (D111-D113).
Refusals name nothing of a pack the campaign has not opened (U-8)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from campaign.models import PackUnlock
from campaign.selectors.history.games import history_games
from campaign.selectors.world import world_current
from campaign.services.digital.packs import digital_pack_fields
from campaign.services.game_log.entry import EventEntry, IncidentEntry, MissionEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from campaign.services.world import world_event_append
from rules import box
from rules.world_events import CardUpgraded, CityFounded, GameIncident, PackOpened
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded
from rules.world_events.pockets import NuclearStrike
from tests.campaign.box_worlds import CAPITAL_TERRITORY, pack_2_opened, pack_3_opened
from tests.campaign.log.factories import owner_wins_again
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

OWNER_FACTION = "die_mechaniker"  # the owner's faction in `owner_wins_again`
PLAYER_FACTION = "khan_industries"
CAPITAL = MissionEntry("D120s", OWNER_FACTION, territory=CAPITAL_TERRITORY, name="Nova Roma")


def _plan(campaign, persons, **changes):
    entry = replace(owner_wins_again(persons), **changes)
    names = {p.key: p.display_name for p in persons.values()}
    return game_log_plan(world=world_current(campaign=campaign), entry=entry, persons=names)


def _codes(plan) -> list[str]:
    return [r.violation.code for r in plan.refusals]


@pytest.fixture
def pack_3(campaign, owner, persons):
    pack_3_opened(campaign, owner, persons)
    return campaign


def test_the_world_is_ready_D120s_logged_covers_the_minor_city_and_opens_pack_4_in_game_U5(
    pack_3, owner, persons
):
    log = game_log(
        campaign=pack_3, user=owner, entry=replace(owner_wins_again(persons), missions=(CAPITAL,))
    )

    world = world_current(campaign=pack_3)
    capital = world.cities[CAPITAL_TERRITORY]
    founder = persons["owner"].key
    assert (capital.kind, capital.name, capital.founder) == ("capital", "Nova Roma", founder)
    assert [(c.name, c.kind) for c in world.covered_cities] == [("Cairo", "minor")]
    assert world.packs_opened["pack_4"].game == log.game_number == 2
    assert "D120s" in world.destroyed_box_cards
    unlock = PackUnlock.objects.get(campaign=pack_3, pack="pack_4")
    assert unlock.trigger_seq is not None


def test_capital_events_come_in_the_order_a_digital_game_records_them_D120s(pack_3, persons):
    """The mark, the opening, the covered city, the capital, the claim (`rules.game.missions`)."""
    plan = _plan(pack_3, persons, missions=(CAPITAL,))
    kinds = [type(e) for e in plan.events]
    start = kinds.index(GameIncident)
    assert kinds[start : start + 5] == [
        GameIncident,
        PackOpened,
        CityCovered,
        CityFounded,
        MissionClaimed,
    ]
    assert [o.pack for o in plan.openings] == ["pack_4"]
    assert not plan.refusals


def test_explore_the_world_D121s_logged_draws_its_sea_line_for_good_G12(pack_3, owner, persons):
    claim = MissionEntry("D121s", PLAYER_FACTION, ends=("greenland", "japan"))
    game_log(
        campaign=pack_3, user=owner, entry=replace(owner_wins_again(persons), missions=(claim,))
    )

    world = world_current(campaign=pack_3)
    assert world.added_sea_lines == (("greenland", "japan"),)
    assert "D121s" in world.destroyed_box_cards


def test_a_mission_without_anything_to_place_goes_back_to_the_box_E8(pack_3, owner, persons):
    claim = MissionEntry("D115", PLAYER_FACTION)
    game_log(
        campaign=pack_3, user=owner, entry=replace(owner_wins_again(persons), missions=(claim,))
    )
    world = world_current(campaign=pack_3)
    assert "D115" not in world.destroyed_box_cards
    assert any(m.code == "D115" for m in box.mission_deck(world))


@pytest.mark.parametrize(
    ("claim", "code"),
    [
        (replace(CAPITAL, territory="brazil"), "capital_card"),  # Brazil's card: 3 coins
        (replace(CAPITAL, name=" "), "name_required"),
        (replace(CAPITAL, territory=""), "capital_territory"),
        (replace(CAPITAL, by_faction=""), "claimer_required"),
        (replace(CAPITAL, by_faction="enclave_of_the_bear"), "not_in_game"),
        (MissionEntry("D121s", OWNER_FACTION, ends=("peru", "irkutsk")), "no_coast"),
        (MissionEntry("D121s", OWNER_FACTION, ends=("alaska", "kamchatka")), "already_adjacent"),
        (MissionEntry("D121s", OWNER_FACTION, ends=("peru",)), "sea_line_ends"),
        (MissionEntry("D115", OWNER_FACTION, territory="egypt"), "nothing_placed"),
        (MissionEntry("D999", OWNER_FACTION), "unknown_mission"),
    ],
)
def test_a_claim_is_checked_by_the_world_events_a_digital_game_records_E8(
    pack_3, persons, claim, code
):
    plan = _plan(pack_3, persons, missions=(claim,))
    assert code in _codes(plan)


def test_a_mission_is_claimed_once_a_game_and_never_after_it_is_destroyed_E8(
    pack_3, owner, persons
):
    twice = (MissionEntry("D115", OWNER_FACTION), MissionEntry("D115", PLAYER_FACTION))
    assert "mission_twice" in _codes(_plan(pack_3, persons, missions=twice))
    claim = MissionEntry("D121s", PLAYER_FACTION, ends=("greenland", "japan"))
    game_log(
        campaign=pack_3, user=owner, entry=replace(owner_wins_again(persons), missions=(claim,))
    )
    again = replace(claim, ends=("peru", "western_australia"))
    entry = replace(owner_wins_again(persons), missions=(again,))
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=pack_3, user=owner, entry=entry)
    assert [r.field for r in refused.value.refusals if r.violation.code == "mission_destroyed"] == [
        "missions.0.mission"
    ]


def test_a_mission_of_a_sealed_pack_is_refused_without_a_word_of_it_U8(campaign, owner, persons):
    pack_2_opened(campaign, owner, persons)
    entry = replace(owner_wins_again(persons), missions=(CAPITAL,))
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=owner, entry=entry)
    assert [r.violation.code for r in refused.value.refusals] == ["unknown_mission"]
    body = json.dumps(refused.value.as_json())
    assert not spoilers_in(body, ("pack_3", "pack_4")), body
    assert "pack_4" not in world_current(campaign=campaign).packs_opened


def test_the_world_capital_is_no_bare_incident_once_a_mission_places_it_U5(pack_3, persons):
    capital = IncidentEntry("mark_placed", OWNER_FACTION, 0, "world_capital")
    assert "capital_as_incident" in _codes(_plan(pack_3, persons, incidents=(capital,)))


def test_without_pack_3_a_capital_incident_names_nothing_sealed_U8(campaign, owner, persons):
    pack_2_opened(campaign, owner, persons)
    capital = IncidentEntry("mark_placed", OWNER_FACTION, 0, "world_capital")
    plan = _plan(campaign, persons, incidents=(capital,))
    refusal = next(r for r in plan.refusals if r.violation.code == "no_capital")
    assert not spoilers_in(refusal.violation.message, ("pack_3", "pack_4"))


def test_join_the_cause_D111_logs_troops_split_among_cities_one_entry_per_troop(
    pack_3, owner, persons
):
    split = EventEntry("D111", "troops", PLAYER_FACTION, targets=("egypt", "egypt", "brazil"))
    game_log(campaign=pack_3, user=owner, entry=replace(owner_wins_again(persons), events=(split,)))
    world = world_current(campaign=pack_3)
    assert world.cities[CAPITAL_TERRITORY].kind == "minor"  # troops leave no mark


def test_join_the_cause_D112_logs_the_mission_it_laid_out_E8(pack_3, persons):
    laid = EventEntry("D112", "mission", PLAYER_FACTION, mission="D119")
    plan = _plan(pack_3, persons, events=(laid,))
    assert not plan.refusals
    resolved = next(e for e in plan.events if e.kind == "event_resolved")
    assert "Imperial Might (D119) laid out face up" in resolved.detail
    wrong = EventEntry("D112", "troops", PLAYER_FACTION, ("egypt",) * 3, mission="D119")
    assert "event_mission" in _codes(_plan(pack_3, persons, events=(wrong,)))
    unknown = replace(laid, mission="E127s")
    assert "unknown_mission" in _codes(_plan(pack_3, persons, events=(unknown,)))


def test_a_digital_games_claims_become_the_same_mission_entries_D120s_D121s():
    """What the engine records before each `MissionClaimed` folds into that claim's entry; the
    World Capital's mark and the pack it opened are no incidents of their own (U-5)."""
    capital_events = [
        GameIncident(2, "mark_placed", "olga", detail="world_capital"),
        PackOpened("pack_4", 2, "the World Capital is about to be placed"),
        CityCovered("egypt", "olga", 2),
        CityFounded("egypt", "capital", "Nova Roma", "olga", 2),
        MissionClaimed(2, "D120s", "olga"),
    ]
    line_events = [
        SeaLineAdded("greenland", "japan", "pete", 2),
        MissionClaimed(2, "D121s", "pete"),
    ]
    found = digital_pack_fields(
        [*line_events, *capital_events], {"olga": OWNER_FACTION, "pete": PLAYER_FACTION}
    )
    assert found.missions == [
        MissionEntry("D121s", PLAYER_FACTION, ends=("greenland", "japan")),
        MissionEntry("D120s", OWNER_FACTION, territory="egypt", name="Nova Roma"),
    ]
    assert capital_events[0] in found.claimed_with and capital_events[1] in found.claimed_with


def test_the_api_logs_a_claim_with_its_capital_and_refuses_a_bad_one_by_field_D120s(
    pack_3, player_client, persons
):
    url = f"/api/v1/campaigns/{pack_3.slug}/games/"
    entry = replace(owner_wins_again(persons), missions=(replace(CAPITAL, territory="ural"),))
    refused = player_client.post(
        url, data=json.dumps(entry.to_json()), content_type="application/json"
    )
    assert refused.status_code == 400
    errors = refused.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [("missions.0.territory", "capital_card")]
    entry = replace(owner_wins_again(persons), missions=(CAPITAL,))
    done = player_client.post(
        url, data=json.dumps(entry.to_json()), content_type="application/json"
    )
    assert done.status_code == 201
    assert done.json()["entry"]["missions"][0]["territory"] == CAPITAL_TERRITORY
    assert "pack_4" in world_current(campaign=pack_3).packs_opened


def test_an_event_may_go_to_the_world_capital_founded_in_the_same_game_E7_D120s(
    pack_3, owner, persons
):
    """A log entry does not order its event cards against its claims: Join the Cause and
    Fortify may go to the World Capital the game founded in a territory with no city before."""
    world_event_append(
        campaign=pack_3,
        events=[CardUpgraded("north_africa", persons["player"].key, 1)]
        * (4 - world_current(campaign=pack_3).card_coins["north_africa"]),
        user=owner,
        source="log",
    )
    assert "north_africa" not in world_current(campaign=pack_3).cities
    capital = replace(CAPITAL, territory="north_africa")
    troops = EventEntry("D113", "troops", PLAYER_FACTION, ("north_africa",) * 3)
    fortify = EventEntry("B73", "fortification", PLAYER_FACTION, ("north_africa",))
    plan = _plan(pack_3, persons, missions=(capital,), events=(troops, fortify))
    assert plan.refusals == []
    assert plan.world.fortifications["north_africa"].game == 2
    elsewhere = replace(troops, targets=("peru",) * 3)
    refused = _plan(pack_3, persons, missions=(capital,), events=(elsewhere,))
    assert set(_codes(refused)) == {"event_target_not_city"}


def test_an_event_may_go_to_a_city_the_world_capital_covered_in_the_same_game_E7_D120s(
    pack_3, persons
):
    troops = EventEntry("D113", "troops", PLAYER_FACTION, (CAPITAL_TERRITORY,) * 3)
    assert _plan(pack_3, persons, missions=(CAPITAL,), events=(troops,)).refusals == []


def test_join_the_cause_logged_says_in_the_history_who_chose_what_D111_E7(pack_3, owner, persons):
    """Not the option's key ("troops"): who chose, the option in words, and where it went."""
    split = EventEntry("D111", "troops", PLAYER_FACTION, targets=("egypt", "egypt", "brazil"))
    game_log(campaign=pack_3, user=owner, entry=replace(owner_wins_again(persons), events=(split,)))

    line = history_games(campaign=pack_3)[-1].events[0]

    chooser = persons["player"].display_name
    assert line == (
        f"Event Join the Cause (D111) drawn: {chooser} chose: Put 3 troops into city "
        "territories you control, split as you like; in Egypt (2) and Brazil"
    )


def test_a_logged_sea_line_never_ends_on_the_fallout_zone_J169s(pack_3, owner, persons):
    """As in a digital game (`rules.game.missions`): nothing more is stuck on the fallout."""
    world_event_append(
        campaign=pack_3,
        events=[
            PackOpened("pocket_1", 1, "3 missiles were fired on one roll"),
            NuclearStrike("peru", OWNER_FACTION, persons["owner"].key, 1),
        ],
        user=owner,
        source="log",
    )
    claim = MissionEntry("D121s", PLAYER_FACTION, ends=("japan", "peru"))
    plan = _plan(pack_3, persons, missions=(claim,))
    assert _codes(plan) == ["fallout_unchangeable"]
