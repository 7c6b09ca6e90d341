"""Logging what opened packs bring: the draft (S-8), event cards (E-7) and what they placed,
Biohazard and Mercenary scars, comeback powers (X-15), HQs moved (G-18) and who eliminated whom,
through the service and the API; refusals change nothing and never name a sealed pack (U-8)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from campaign.models import GameLog, PackUnlock, Person, WorldEventRecord
from campaign.selectors.history.games import history_games
from campaign.selectors.world import world_counted_entries, world_current, world_replay
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.entry import EventEntry, GameLogEntry, HqMoveEntry, IncidentEntry
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from campaign.tasks import packs_evaluate
from rules.data import content
from rules.rewards import RewardChoice
from rules.world_events import PackOpened
from tests.campaign.log.factories import (
    api_payload,
    owner_wins_again,
    three_player_entry,
    with_player,
)
from tests.campaign.log.pack_entries import (
    OWNER_DRAFT,
    PLAYER_DRAFT,
    VIEWER_DRAFT,
    pack_game_entry,
    packs_1_and_2_opened,
)
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

ALL_PACKS = tuple(content().pack_contents)


def _counts(campaign):
    return (
        WorldEventRecord.objects.filter(campaign=campaign).count(),
        GameLog.objects.filter(campaign=campaign).count(),
        Person.objects.filter(campaign=campaign).count(),
        PackUnlock.objects.filter(campaign=campaign).count(),
    )


def _refused(campaign, user, entry) -> dict[str, tuple[str, str, str, bool]]:
    """Log `entry`, expect a refusal that wrote nothing; {field: (code, rule, message, hard)}."""
    before = _counts(campaign)
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=user, entry=entry)
    assert _counts(campaign) == before
    return {
        r.field: (r.violation.code, r.violation.rule, r.violation.message, r.hard)
        for r in refused.value.refusals
    }


def _kinds(campaign) -> list[str]:
    return list(
        WorldEventRecord.objects.filter(campaign=campaign)
        .order_by("seq")
        .values_list("kind", flat=True)
    )


# --- a game after Packs 1 and 2 opened --------------------------------------------------------


def test_a_game_after_packs_1_and_2_records_everything_they_bring_B73_B77_B70s_C106s(
    campaign, owner, persons
):
    packs_1_and_2_opened(campaign, owner, persons)
    log = game_log(campaign=campaign, user=owner, entry=pack_game_entry(persons))
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    # Fortify's fortification (B73): Delhi is fortified and the card is destroyed for good.
    assert world.is_fortified("india")
    assert world.destroyed_box_cards == frozenset({"B73"})
    assert world.scars["siberia"].kind == "biohazard"
    assert world.scars["argentina"].kind == "mercenary"
    assert world.comeback_powers == {"saharan_republic": "mobile"}
    game_kinds = _kinds(campaign)[4:]
    assert game_kinds[:3] == ["game_recorded", "draft_recorded", "comeback_power_chosen"]
    assert "pack_opened" not in game_kinds  # both packs were open already
    draft = WorldEventRecord.objects.get(campaign=campaign, kind="draft_recorded")
    assert [p["cards"] for p in draft.payload["picks"]] == [
        list(OWNER_DRAFT),
        list(PLAYER_DRAFT),
        list(VIEWER_DRAFT),
    ]
    recorded = WorldEventRecord.objects.get(campaign=campaign, kind="game_recorded")
    assert recorded.payload["players"][2]["eliminated_by"] == "die_mechaniker"
    assert "eliminated_by" not in recorded.payload["players"][0]
    events = WorldEventRecord.objects.filter(campaign=campaign, kind="event_resolved")
    assert [(e.payload["card"], e.payload["option"]) for e in events] == [
        ("B73", "fortification"),
        ("B77", ""),
    ]
    demolished = WorldEventRecord.objects.get(
        campaign=campaign, kind="game_incident", payload__incident="hq_demolished"
    )
    assert demolished.payload["detail"] == "brazil"
    assert demolished.payload["person"] == persons["owner"].key
    assert GameLogEntry.from_json(log.entry) == pack_game_entry(persons)


def test_the_history_tells_the_draft_events_powers_and_who_eliminated_whom(
    campaign, owner, persons, player_client
):
    packs_1_and_2_opened(campaign, owner, persons)
    game_log(campaign=campaign, user=owner, entry=pack_game_entry(persons))
    [game] = history_games(campaign=campaign)
    owner_name = persons["owner"].display_name
    assert game.draft[0] == (
        f"{owner_name} (Die Mechaniker) drafted 10 starting troops, 2 starting coin cards, "
        "plays 1st, places 1st"
    )
    assert game.players[2].eliminated_by == "Die Mechaniker"
    assert game.events[0].startswith("Event Fortify (B73) drawn: ")
    assert game.events[0].endswith(
        f"{persons['player'].display_name} chose: Fortify one of your cities, while "
        "fortifications are left; in India; the card is destroyed for good"
    )
    assert f"{persons['player'].display_name} fortified India" in game.events
    riots = game.events.index("Event Riots (B77) drawn")
    assert game.events[riots + 1] == f"{owner_name}'s HQ in Brazil was demolished"
    assert game.comebacks == [
        f"{persons['viewer'].display_name} took the comeback power Mobile for Saharan Republic"
    ]
    assert not any("fortified" in r for r in game.rewards)  # the event's mark is no reward
    for url in (
        f"/campaigns/{campaign.slug}/history/games/1/",
        f"/campaigns/{campaign.slug}/history/games/",
    ):
        page = player_client.get(url).content.decode()
        assert (
            "eliminated</strong> by Die Mechaniker" in page
            or "Eliminated by Die Mechaniker" in page
        )
        assert "Fortify (B73)" in page
        assert "comeback power Mobile" in page
        assert "drafted 10 starting troops, " in page


def test_a_faction_that_picks_mobile_moves_its_hq_to_a_neighbour_later_that_game_G18(
    campaign, owner, persons
):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = with_player(pack_game_entry(persons), 1, comeback_power="mobile")
    entry = with_player(entry, 2, comeback_power="stealthy")
    entry = replace(entry, hq_moves=(HqMoveEntry("khan_industries", "egypt", "east_africa"),))
    game_log(campaign=campaign, user=owner, entry=entry)
    moved = WorldEventRecord.objects.get(
        campaign=campaign, kind="game_incident", payload__incident="hq_moved"
    )
    assert moved.payload["detail"] == "egypt>east_africa"
    [game] = history_games(campaign=campaign)
    name = persons["player"].display_name
    assert f"{name} moved an HQ from Egypt to East Africa" in game.incidents


def test_the_api_logs_the_same_game_with_its_pack_content(campaign, owner, persons, player_client):
    packs_1_and_2_opened(campaign, owner, persons)
    response = player_client.post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(api_payload(pack_game_entry(persons))),
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["entry"]["events"][0]["card"] == "B73"
    assert body["entry"]["players"][2]["comeback_power"] == "mobile"
    world = world_current(campaign=campaign)
    assert world.destroyed_box_cards == frozenset({"B73"})
    assert world.comeback_powers == {"saharan_republic": "mobile"}
    games = player_client.get(f"/api/v1/campaigns/{campaign.slug}/history/games/").json()
    assert games[0]["players"][2]["eliminated_by"] == "Die Mechaniker"


# --- refusals, in plain words, that change nothing --------------------------------------------


def test_a_draft_of_two_troops_cards_is_refused_S8(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = with_player(pack_game_entry(persons), 0, draft=("B97", "B96", "B90", "B85"))
    refusals = _refused(campaign, owner, entry)
    code, rule, message, _ = refusals["players.0.draft"]
    assert (code, rule) == ("draft_kinds", "S-8")
    assert message == (
        "Die Mechaniker drafts one card of each kind: starting troops, starting coin cards, "
        "turn order and starting placement."
    )
    assert refusals["draft"][:2] == ("draft_card_twice", "S-8")
    assert "8 starting troops (B96): drafted by two players" in refusals["draft"][2]


def test_a_draft_for_some_players_only_is_refused_S8(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = with_player(pack_game_entry(persons), 1, draft=())
    code, rule, message, hard = _refused(campaign, owner, entry)["players.1.draft"]
    assert (code, rule, hard) == ("draft_missing", "S-8", True)
    assert message.startswith("Give Khan Industries's four draft cards too, or leave every")


def test_a_card_not_in_use_with_three_players_is_refused_B99(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = with_player(pack_game_entry(persons), 0, draft=("B99", "B82", "B90", "B85"))
    code, _, message, _ = _refused(campaign, owner, entry)["players.0.draft"]
    assert code == "draft_card_not_in_use"
    assert message.startswith("10 starting troops (B99): not in use with 3 players")


def test_a_destroyed_event_card_cannot_fire_again_B73_G8(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    game_log(campaign=campaign, user=owner, entry=pack_game_entry(persons))
    later = pack_game_entry(
        persons,
        winner_reward=RewardChoice("R6", "yakutsk"),
        scars=(),
        events=(EventEntry("B73", "troops", "khan_industries", ("india",)),),
    )
    later = with_player(later, 1, reward=None, start="congo", held=())
    later = with_player(later, 2, comeback_power="", eliminated_by="", troops_at_end=True)
    code, rule, message, hard = _refused(campaign, owner, later)["events.0.card"]
    assert (code, rule, hard) == ("event_card_destroyed", "G-8", True)
    assert message == (
        "Fortify (B73) was destroyed for good in an earlier game; it never fires again."
    )
    # Its twin B74 is still in the deck.
    twin = replace(later, events=(EventEntry("B74", "troops", "khan_industries", ("india",)),))
    assert game_log(campaign=campaign, user=owner, entry=twin).game_number == 2


def test_an_event_option_the_card_does_not_offer_is_refused_B75(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = replace(
        pack_game_entry(persons), events=(EventEntry("B75", "fortification", "khan_industries"),)
    )
    code, rule, message, _ = _refused(campaign, owner, entry)["events.0.option"]
    assert (code, rule) == ("bad_event_option", "E-7")
    assert message == "Control the People (B75) offers the choices troops or maneuver."


def test_a_card_drawn_on_a_tie_is_recorded_with_no_choice_B74_E7(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    game_log(
        campaign=campaign,
        user=owner,
        entry=replace(pack_game_entry(persons), events=(EventEntry("B74"),)),
    )
    world = world_current(campaign=campaign)
    assert world.destroyed_box_cards == frozenset()
    [game] = history_games(campaign=campaign)
    assert game.events == ["Event Fortify (B74) drawn: nobody chose"]


def test_a_card_listed_twice_in_one_game_is_refused_E7(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    twice = EventEntry("B78")
    entry = replace(pack_game_entry(persons), events=(twice, twice))
    assert _refused(campaign, owner, entry)["events.1.card"][0] == "event_twice"


def test_riots_demolish_only_an_hq_in_a_major_city_B77_G10(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = replace(pack_game_entry(persons), events=(EventEntry("B77", demolished=("egypt",)),))
    code, rule, message, _ = _refused(campaign, owner, entry)["events.0.demolished"]
    assert (code, rule) == ("event_demolition_city", "G-10")
    assert message == "Egypt is not a major city territory; Riots (B77) strikes only those."


def test_moving_an_hq_without_mobile_is_refused_G18(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = replace(
        pack_game_entry(persons),
        hq_moves=(HqMoveEntry("khan_industries", "egypt", "east_africa"),),
    )
    code, rule, message, _ = _refused(campaign, owner, entry)["hq_moves.0.faction"]
    assert (code, rule) == ("hq_power_missing", "G-18")
    assert message == (
        "Khan Industries does not hold Mobile, the one power that moves an HQ; without it HQs "
        "never move."
    )


def test_an_hq_moves_only_into_a_neighbouring_territory_G12(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = with_player(pack_game_entry(persons), 1, comeback_power="stealthy")
    entry = with_player(entry, 2, comeback_power="mobile")
    entry = replace(entry, hq_moves=(HqMoveEntry("saharan_republic", "japan", "peru"),))
    refusals = _refused(campaign, owner, entry)
    assert refusals["hq_moves.0.target"][:2] == ("not_adjacent", "G-12")


def test_an_hq_move_is_not_an_incident_to_log_by_hand_G18(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    moved = IncidentEntry("hq_moved", "khan_industries", 0, "egypt>east_africa")
    entry = replace(pack_game_entry(persons), incidents=(moved,))
    assert _refused(campaign, owner, entry)["incidents.0.incident"][0] == "hq_move_as_incident"


def test_eliminated_by_names_a_faction_of_the_game_that_eliminated_another_END2(
    campaign, owner, persons
):
    packs_1_and_2_opened(campaign, owner, persons)
    held_on = with_player(pack_game_entry(persons), 1, eliminated_by="saharan_republic")
    code, rule, message, hard = _refused(campaign, owner, held_on)["players.1.troops_at_end"]
    assert (code, rule, hard) == ("eliminated_by_not_eliminated", "END-2", True)
    assert message.startswith("Khan Industries is said to be eliminated by Saharan Republic")
    absent = with_player(pack_game_entry(persons), 2, eliminated_by="imperial_balkania")
    assert _refused(campaign, owner, absent)["players.2.eliminated_by"][0] == "not_in_game"


def test_a_comeback_power_already_on_another_card_is_refused_G15(campaign, owner, persons):
    packs_1_and_2_opened(campaign, owner, persons)
    entry = with_player(pack_game_entry(persons), 1, comeback_power="mobile")
    code, rule, _, _ = _refused(campaign, owner, entry)["players.2.comeback_power"]
    assert (code, rule) == ("comeback_taken", "G-15")


# --- Pack 2 opens during the game that eliminates a faction (U-3) -------------------------------


def test_the_game_that_opens_pack_2_records_the_eliminated_factions_comeback_power_C100_U3(
    campaign, owner, persons
):
    """No pack is open before game 1; its elimination opens Pack 2 during the game, so the
    eliminated faction's pick in the same entry is checked against a box that holds it."""
    entry = with_player(three_player_entry(persons), 2, comeback_power="stealthy")
    log = game_log(campaign=campaign, user=owner, entry=entry)  # no task after it
    assert _kinds(campaign)[:3] == ["game_recorded", "pack_opened", "comeback_power_chosen"]
    world = world_current(campaign=campaign)
    assert world.comeback_powers == {"saharan_republic": "stealthy"}
    assert world.packs_opened["pack_2"].game == 1
    unlock = PackUnlock.objects.get(campaign=campaign)
    assert (unlock.pack, unlock.trigger_seq, unlock.game_number) == ("pack_2", log.first_seq, 1)
    assert packs_evaluate(campaign.pk) == []  # the task finds nothing left to open
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 1


def test_correcting_the_game_that_opened_pack_2_opens_it_once_U1(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 2, comeback_power="stealthy")
    game_log(campaign=campaign, user=owner, entry=entry)
    game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=with_player(entry, 2, comeback_power="well_armed"),
        reason="The sticker taken was Well-Armed.",
    )
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    assert world.comeback_powers == {"saharan_republic": "well_armed"}
    assert list(world.packs_opened) == ["pack_2"]
    assert PackUnlock.objects.filter(campaign=campaign).count() == 1
    assert packs_evaluate(campaign.pk) == []


def test_a_correction_removing_the_elimination_keeps_pack_2_open_U1(campaign, owner, persons):
    """A pack once opened stays open: the correction carries its opening after the game."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    nobody_out = with_player(three_player_entry(persons), 2, troops_at_end=True)
    game_log_correct(
        campaign=campaign, user=owner, game_number=1, entry=nobody_out, reason="Vera held on."
    )
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    assert list(world.packs_opened) == ["pack_2"]
    assert world.eliminations == 0
    assert packs_evaluate(campaign.pk) == []


def test_correcting_a_game_before_the_one_that_opened_pack_2_re_records_it_U1(
    campaign, owner, persons
):
    first = with_player(three_player_entry(persons), 2, troops_at_end=True)
    game_log(campaign=campaign, user=owner, entry=first)
    second = with_player(owner_wins_again(persons), 2, troops_at_end=False)
    second = with_player(second, 2, comeback_power="resourceful", eliminated_by="khan_industries")
    game_log(campaign=campaign, user=owner, entry=second)
    game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=replace(first, slogan="Blood first"),
        reason="The slogan was the other way round.",
    )
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    assert world.packs_opened["pack_2"].game == 2
    assert world.comeback_powers == {"saharan_republic": "resourceful"}
    counted = world_counted_entries(campaign=campaign)
    assert [e.pack for _, e in counted if isinstance(e, PackOpened)] == ["pack_2"]


# --- a campaign without packs is refused pack content, in words naming none of it (U-8) --------


def _sealed_entry(persons) -> GameLogEntry:
    """Everyone holds on, so no pack opens during the game; every kind of pack content."""
    entry = with_player(three_player_entry(persons), 2, troops_at_end=True)
    entry = with_player(entry, 0, draft=OWNER_DRAFT, comeback_power="mobile")
    return replace(
        entry,
        events=(EventEntry("B73", "fortification", "die_mechaniker", ("egypt",)),),
        hq_moves=(HqMoveEntry("die_mechaniker", "alaska", "kamchatka"),),
    )


def test_a_campaign_without_packs_is_refused_their_content_naming_none_of_it_U8(
    campaign, owner, persons
):
    refusals = _refused(campaign, owner, _sealed_entry(persons))
    assert refusals["players.0.draft"][:2] == ("no_draft", "S-6")
    assert refusals["players.0.comeback_power"][:2] == ("unknown_power", "U-8")
    assert refusals["events.0.card"][:2] == ("unknown_event_card", "E-7")
    sealed = ("players.0.draft", "players.0.comeback_power", "events.0.card")
    assert all(refusals[field][3] for field in sealed)  # no override brings sealed content in
    words = " ".join(message for _, _, message, _ in refusals.values())
    assert not spoilers_in(words, ALL_PACKS)
    assert "Pack" not in words


def test_the_api_refuses_sealed_content_naming_none_of_it_U8(campaign, owner_client, persons):
    entry = _sealed_entry(persons)
    payload = api_payload(replace(entry, scars=()))
    payload["scars"] = [{"scar": "mercenary", "on": "territory", "target": "ural"}]
    response = owner_client.post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(payload),
        content_type="application/json",
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert not spoilers_in(body, ALL_PACKS), body
    assert "Pack 1" not in body and "Pack 2" not in body
    fields = {e["field"] for e in response.json()["errors"]}
    assert {"players.0.draft", "events.0.card", "scars.0.scar"} <= fields
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_hq_moves_without_any_power_that_allows_them_are_refused_G18(campaign, owner, persons):
    entry = replace(
        with_player(three_player_entry(persons), 2, troops_at_end=True),
        hq_moves=(HqMoveEntry("die_mechaniker", "alaska", "kamchatka"),),
    )
    code, rule, message, _ = _refused(campaign, owner, entry)["hq_moves.0.faction"]
    assert (code, rule) == ("hq_never_moves", "G-18")
    assert not spoilers_in(message, ALL_PACKS)


# --- entries stored before packs had content still load -----------------------------------------


def test_an_entry_stored_without_the_pack_fields_loads_with_none_of_them(persons):
    stored = three_player_entry(persons).to_json()
    for player in stored["players"]:
        for key in ("draft", "eliminated_by", "comeback_power"):
            del player[key]
    del stored["events"], stored["hq_moves"]
    entry = GameLogEntry.from_json(stored)
    assert entry == three_player_entry(persons)
    assert GameLogEntry.from_json(pack_game_entry(persons).to_json()) == pack_game_entry(persons)
