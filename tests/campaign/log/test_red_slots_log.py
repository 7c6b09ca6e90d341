"""Pack 4 in a logged table game: a private mission claimed face up goes into its claimer's empty
red slot (E124s, E127s-E132s), a faction completes its red-slot mission once a game, and the
lead faction, read from the backs of the faction cards, chooses the face-up mission (E125s); the
log form shows who leads. A box without Pack 4 refuses all of it without naming it (U-8)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from campaign.selectors.world import world_current
from campaign.services.digital.packs import digital_pack_fields
from campaign.services.game_log.entry import MissionEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from campaign.services.world import world_event_append
from rules.rewards import RewardChoice
from rules.world_events import PackOpened
from rules.world_events.missions import MissionClaimed
from rules.world_events.red_slots import (
    LeadMissionChosen,
    PrivateMissionStuck,
    SlotMissionClaimed,
    into_red_slot,
)
from tests.campaign.box_worlds import pack_3_opened, pack_4_opened
from tests.campaign.log.factories import DESTROYED_CARDS, owner_wins_again
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

LEAD = "die_mechaniker"  # two wins after `pack_4_opened`
PLAYER = "khan_industries"


def _game(n: int, persons, **changes):
    entry = replace(
        owner_wins_again(persons), winner_reward=RewardChoice("R6", DESTROYED_CARDS[n - 1])
    )
    return replace(entry, **changes)


def _plan(campaign, entry):
    names = {p.key: p.display_name for p in campaign.persons.all()}
    return game_log_plan(world=world_current(campaign=campaign), entry=entry, persons=names)


@pytest.fixture
def pack_4(campaign, owner, persons):
    pack_4_opened(campaign, owner, persons)
    return campaign


def test_a_private_mission_claimed_face_up_goes_into_the_empty_red_slot_E124s_E129s(
    pack_4, owner, persons
):
    entry = _game(3, persons, missions=(MissionEntry("E129s", PLAYER),))
    plan = _plan(pack_4, entry)
    kinds = [type(e) for e in plan.events]
    assert kinds[kinds.index(MissionClaimed) + 1] is PrivateMissionStuck
    game_log(campaign=pack_4, user=owner, entry=entry)
    world = world_current(campaign=pack_4)
    assert world.red_slots == {PLAYER: "E129s"}
    assert "E129s" in world.destroyed_box_cards


def test_with_its_red_slot_taken_a_private_mission_goes_back_to_the_box_E124s(
    pack_4, owner, persons
):
    game_log(
        campaign=pack_4,
        user=owner,
        entry=_game(3, persons, missions=(MissionEntry("E129s", PLAYER),)),
    )
    entry = _game(4, persons, missions=(MissionEntry("E132s", PLAYER),))
    plan = _plan(pack_4, entry)
    assert not any(isinstance(e, PrivateMissionStuck) for e in plan.events)
    game_log(campaign=pack_4, user=owner, entry=entry)
    world = world_current(campaign=pack_4)
    assert world.red_slots == {PLAYER: "E129s"} and "E132s" not in world.destroyed_box_cards


def test_a_red_slot_mission_is_completed_once_a_game_E124s(pack_4, owner, persons):
    game_log(
        campaign=pack_4,
        user=owner,
        entry=_game(3, persons, missions=(MissionEntry("E129s", PLAYER),)),
    )
    used = MissionEntry("E129s", PLAYER, from_red_slot=True)
    game_log(campaign=pack_4, user=owner, entry=_game(4, persons, missions=(used,)))
    twice = _plan(pack_4, _game(5, persons, missions=(used, used)))
    assert [r.violation.code for r in twice.refusals] == ["slot_mission_twice"]
    empty = replace(used, by_faction=LEAD)
    refused = _plan(pack_4, _game(5, persons, missions=(empty,)))
    assert [r.violation.code for r in refused.refusals] == ["red_slot_empty"]


def test_the_lead_faction_chooses_the_face_up_mission_E125s(pack_4, owner, persons):
    entry = _game(3, persons, lead_mission="D115")
    game_log(campaign=pack_4, user=owner, entry=entry)
    chosen = [
        e
        for e in _plan(pack_4, _game(4, persons, lead_mission="D116")).events
        if isinstance(e, LeadMissionChosen)
    ]
    assert chosen == [LeadMissionChosen(4, LEAD, "D116", persons["owner"].key)]


def test_with_no_win_among_the_games_factions_nobody_leads_E125s(pack_4, persons):
    """The two-time winner sits out: the factions at the table have no win between them."""
    entry = _game(3, persons, lead_mission="D115")
    players = (replace(entry.players[0], faction="imperial_balkania"), *entry.players[1:])
    plan = _plan(pack_4, replace(entry, players=players, winner="imperial_balkania"))
    refusal = next(r for r in plan.refusals if r.violation.code == "no_lead_faction")
    assert "No faction in this game has won yet, so none leads." in refusal.violation.message
    assert not any(isinstance(e, LeadMissionChosen) for e in plan.events)


def test_without_pack_4_its_red_slots_and_lead_are_refused_unnamed_U8(campaign, owner, persons):
    pack_3_opened(campaign, owner, persons)
    entry = replace(
        owner_wins_again(persons),
        missions=(MissionEntry("D115", PLAYER, from_red_slot=True),),
        lead_mission="D115",
    )
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=owner, entry=entry)
    codes = {r.violation.code for r in refused.value.refusals}
    assert {"no_slot_mission", "no_mission_choice"} <= codes
    assert not refused.value.overridable
    assert not spoilers_in(json.dumps(refused.value.as_json()), ("pack_4",))


def test_a_digital_games_red_slots_and_lead_mission_become_the_same_entry_E124s_E125s():
    events = [
        LeadMissionChosen(3, LEAD, "D116", "olga"),
        MissionClaimed(3, "E129s", "pete"),
        PrivateMissionStuck(PLAYER, "E129s", "pete", 3),
        SlotMissionClaimed(3, "enclave_of_the_bear", "E130s", "vera"),
    ]
    found = digital_pack_fields(
        events, {"olga": LEAD, "pete": PLAYER, "vera": "enclave_of_the_bear"}
    )
    assert found.lead_mission == "D116"
    assert found.missions == [
        MissionEntry("E129s", PLAYER),
        MissionEntry("E130s", "enclave_of_the_bear", from_red_slot=True),
    ]


def test_the_log_form_shows_who_leads_and_offers_the_red_slot_E124s_E125s(
    pack_4, owner, owner_client, persons
):
    game_log(
        campaign=pack_4,
        user=owner,
        entry=_game(3, persons, missions=(MissionEntry("E129s", PLAYER),)),
    )
    step = f"/campaigns/{pack_4.slug}/log/"
    players = {
        "played_on": "2026-03-01",
        "p0_person": persons["owner"].key,
        "p0_faction": LEAD,
        "p0_start": "greenland",
        "p1_person": persons["player"].key,
        "p1_faction": PLAYER,
        "p1_start": "congo",
        "p2_person": persons["viewer"].key,
        "p2_faction": "saharan_republic",
        "p2_start": "argentina",
    }
    owner_client.post(f"{step}players/", players)
    owner_client.post(f"{step}during/", {})
    outcome = {"winner": PLAYER, **{f"t_{f}": "on" for f in (LEAD, PLAYER, "saharan_republic")}}
    owner_client.post(f"{step}outcome/", outcome)
    page = owner_client.get(f"{step}packs/").content.decode()
    assert "Die Mechaniker has the most wins (3 wins) and is the lead faction." in page
    assert "Khan Industries completed Wide Border (E129s) from its red slot" in page
    packs = {"lead_mission": "D115", f"rs_{PLAYER}": "on"}
    assert owner_client.post(f"{step}packs/", packs).status_code == 302
    owner_client.post(f"{step}rewards/", {"wr_code": "R6", "wr_target": DESTROYED_CARDS[3]})
    confirm = owner_client.get(f"{step}confirm/").content.decode()
    assert "pete_player completed Wide Border (E129s) from the red slot of Khan Industries" in (
        confirm
    )
    assert "Die Mechaniker (olga_owner) led this game and chose the face-up mission" in confirm
    assert owner_client.post(f"{step}confirm/", {"confirm": "1"}).status_code == 302
    world_page = owner_client.get(f"/campaigns/{pack_4.slug}/").content.decode()
    assert "Red slot: <strong>Wide Border (E129s)</strong>" in world_page
    missions = owner_client.get(f"/campaigns/{pack_4.slug}/missions/").content.decode()
    row = missions.split('id="mission-E129s"')[1].split("</tr>")[0]
    assert "in Khan Industries&#x27;s red slot" in row and "(from the red slot)" in row


def test_the_lead_may_choose_the_private_mission_it_then_sticks_in_its_red_slot_E125s_E124s(
    pack_4, owner, persons
):
    """The choice is made at setup, before the claim destroys the card (E-8)."""
    entry = _game(3, persons, lead_mission="E131s", missions=(MissionEntry("E131s", LEAD),))
    plan = _plan(pack_4, entry)
    assert plan.refusals == []
    kinds = [type(e) for e in plan.events]
    assert kinds.index(LeadMissionChosen) < kinds.index(PrivateMissionStuck)
    game_log(campaign=pack_4, user=owner, entry=entry)
    assert world_current(campaign=pack_4).red_slots == {LEAD: "E131s"}


def test_as_pack_4_opens_mid_game_the_lead_chooses_before_later_claims_E123_E124s(
    campaign, owner, persons
):
    pack_3_opened(campaign, owner, persons)
    capital = MissionEntry("D120s", LEAD, territory="egypt", name="Nova Roma")
    entry = replace(
        owner_wins_again(persons),
        missions=(capital, MissionEntry("E131s", LEAD)),
        lead_mission="E131s",
    )
    plan = _plan(campaign, entry)
    assert plan.refusals == []
    kinds = [type(e) for e in plan.events]
    opened = next(i for i, e in enumerate(plan.events) if getattr(e, "pack", "") == "pack_4")
    assert opened < kinds.index(LeadMissionChosen) < kinds.index(PrivateMissionStuck)


def test_a_mutant_claim_leaves_the_printed_red_slot_as_the_engine_does_J165_E124s(
    pack_4, owner, persons
):
    """The Mutants' card prints Mutant Domain in its red slot (J165): a private mission they
    claim goes back to the box, in a logged game as in a digital one (their game 152 of
    `simulate_campaign --seed 5` was refused on this)."""
    world_event_append(
        campaign=pack_4,
        events=[PackOpened("pocket_1", 2, "a third missile on one roll")],
        user=owner,
        source="log",
    )
    entry = _game(3, persons, missions=(MissionEntry("E129s", "mutants"),))
    entry = replace(
        entry,
        players=(entry.players[0], replace(entry.players[1], faction="mutants"), entry.players[2]),
    )
    world = world_current(campaign=pack_4)
    assert into_red_slot(world, "mutants", "E129s", persons["player"].key, 3) is None
    plan = _plan(pack_4, entry)
    assert not plan.refusals
    assert not any(isinstance(e, PrivateMissionStuck) for e in plan.events)
    game_log(campaign=pack_4, user=owner, entry=entry)
    assert "mutants" not in world_current(campaign=pack_4).red_slots
