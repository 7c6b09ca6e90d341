"""Logging what the pockets bring (U-6, U-7): the nuke of the game whose third missile on one
roll opened Pocket 1 (J162s-J164s), Alien Island as Pocket 2 opened (K180s-K182s), Mutant and
Alien seats from the next game on, missile powers (J167s), an Evolve card scratched (J178),
a Minor City ruined (K187s), weakness scars (K194s) and the box bottom's names. Refusals are in
plain words, write nothing and never name a sealed pocket (U-8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.models import GameLog, WorldEventRecord
from campaign.selectors.world import world_current, world_replay
from campaign.services.game_log.entry import (
    EventEntry,
    IncidentEntry,
    IslandEntry,
    MissilePowerEntry,
    NukeEntry,
    ScarEntry,
)
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from campaign.services.world import world_event_append
from rules.data import board
from rules.world_events import PackOpened
from rules.world_events.pockets import NOTHING_SUCH
from tests.campaign.log.factories import owner_wins_again, three_player_entry, with_player
from tests.campaign.log.pocket_entries import (
    BRINGER,
    COLLABORATOR,
    FALLOUT,
    ISLAND_ENDS,
    island_game,
    nuke_game,
    pockets_opened_in_game_1,
)
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

POCKETS = ("pocket_1", "pocket_2", "do_not_open")


def _refused(campaign, user, entry) -> dict[str, tuple[str, str, str, bool]]:
    """Log `entry`, expect a refusal that wrote nothing; {field: (code, rule, message, hard)}."""
    before = (
        WorldEventRecord.objects.filter(campaign=campaign).count(),
        GameLog.objects.filter(campaign=campaign).count(),
    )
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=user, entry=entry)
    after = (
        WorldEventRecord.objects.filter(campaign=campaign).count(),
        GameLog.objects.filter(campaign=campaign).count(),
    )
    assert after == before
    return {
        r.field: (r.violation.code, r.violation.rule, r.violation.message, r.hard)
        for r in refused.value.refusals
    }


def _right_after_opening(campaign, pack: str) -> str:
    """The kind of the event recorded right after `pack` opened."""
    records = list(WorldEventRecord.objects.filter(campaign=campaign).order_by("seq"))
    opened = next(
        i for i, r in enumerate(records) if r.kind == "pack_opened" and r.payload["pack"] == pack
    )
    return records[opened + 1].kind


# --- Pocket 1: the nuke -------------------------------------------------------------------------


def test_three_missiles_on_one_roll_nuke_the_territory_the_third_firer_chose_J162s_J164s(
    campaign, owner, persons
):
    game_log(campaign=campaign, user=owner, entry=nuke_game(persons))
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    assert world.packs_opened["pocket_1"].game == 1
    assert world.fallout == FALLOUT
    assert world.bringer == BRINGER
    assert FALLOUT in world.destroyed_cards  # the territory's card is destroyed (G-8)
    assert _right_after_opening(campaign, "pocket_1") == "nuclear_strike"
    strike = WorldEventRecord.objects.get(campaign=campaign, kind="nuclear_strike")
    assert strike.payload["person"] == persons["player"].key


def test_the_nuke_covers_the_city_there_J162s(campaign, owner, persons):
    """Game 1 founds Rio in Brazil (R2); game 2's nuke falls there: the city is covered."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    entry = replace(
        owner_wins_again(persons),
        incidents=(IncidentEntry("missiles_on_one_roll", BRINGER, 3),),
        nukes=(NukeEntry("brazil", BRINGER),),
    )
    game_log(campaign=campaign, user=owner, entry=entry)
    world = world_current(campaign=campaign)
    assert "brazil" not in world.cities
    assert world.fallout == "brazil"


def test_a_nuke_while_pocket_1_stays_closed_is_refused_naming_nothing_of_it_U8(
    campaign, owner, persons
):
    entry = replace(nuke_game(persons), incidents=())
    refusals = _refused(campaign, owner, entry)
    code, _, message, hard = refusals["nukes.0"]
    assert (code, message, hard) == ("not_in_box", NOTHING_SUCH, True)
    assert not spoilers_in(str(refusals), POCKETS)


def test_a_second_nuke_is_refused_once_the_fallout_zone_is_on_the_board_J162s(
    campaign, owner, persons
):
    game_log(campaign=campaign, user=owner, entry=nuke_game(persons))
    entry = replace(
        owner_wins_again(persons),
        incidents=(IncidentEntry("missiles_on_one_roll", BRINGER, 3),),
        nukes=(NukeEntry("brazil", BRINGER),),
    )
    code, _, message, hard = _refused(campaign, owner, entry)["nukes.0.territory"]
    assert (code, hard) == ("fallout_exists", True)
    assert board().territory(FALLOUT).name in message


def test_the_nuke_is_chosen_by_the_third_firer_U6(campaign, owner, persons):
    entry = nuke_game(persons, nukes=(NukeEntry(FALLOUT, "die_mechaniker"),))
    code, _, message, _ = _refused(campaign, owner, entry)["nukes.0.by_faction"]
    assert code == "not_the_trigger"
    assert "Khan Industries" in message


# --- Pocket 2: Alien Island ---------------------------------------------------------------------


def test_a_30_troop_recruit_with_a_missile_raises_alien_island_K180s_K182s(
    campaign, owner, persons
):
    game_log(campaign=campaign, user=owner, entry=island_game(persons))
    world = world_current(campaign=campaign)
    assert world == world_replay(campaign=campaign)
    assert world.alien_island == ISLAND_ENDS
    assert world.faction_scars[COLLABORATOR].kind == "alien_collaborator"
    assert _right_after_opening(campaign, "pocket_2") == "alien_island_placed"


def test_island_ends_that_touch_no_ocean_are_refused_K182s(campaign, owner, persons):
    entry = island_game(persons, islands=(IslandEntry(("irkutsk", "brazil"), COLLABORATOR),))
    code, rule, message, _ = _refused(campaign, owner, entry)["islands.0.ends"]
    assert (code, rule) == ("not_coastal", "U-7")
    assert message == "Irkutsk does not touch an ocean, so no sea line can end there."


def test_an_island_while_pocket_2_stays_closed_is_refused_naming_nothing_of_it_U8(
    campaign, owner, persons
):
    refusals = _refused(campaign, owner, island_game(persons, incidents=()))
    assert refusals["islands.0"][:1] == ("not_in_box",)
    assert refusals["islands.0"][2] == NOTHING_SUCH
    assert not spoilers_in(str(refusals), POCKETS)


# --- the games after ----------------------------------------------------------------------------


def test_mutant_and_alien_seats_are_refused_before_their_pocket_opened_U8(campaign, owner, persons):
    for faction in ("mutants", "aliens"):
        entry = with_player(three_player_entry(persons), 2, faction=faction)
        code, _, message, _ = _refused(campaign, owner, entry)["players.2.faction"]
        assert (code, message) == ("unknown_faction", "Choose a faction.")


def test_the_game_after_both_pockets_seats_the_aliens_who_hold_the_island_K184(
    campaign, owner, persons
):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="aliens")
    entry = with_player(entry, 2, held=("alien_island",), start="alien_island")
    game_log(campaign=campaign, user=owner, entry=entry)
    recorded = WorldEventRecord.objects.filter(campaign=campaign, kind="game_recorded").last()
    assert recorded.payload["players"][2]["faction"] == "aliens"


def test_the_island_is_no_territory_before_it_rose_C2(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 1, held=("egypt", "alien_island"))
    code, _, message, _ = _refused(campaign, owner, entry)["players.1.held"]
    assert (code, message) == ("unknown_territory", "There is no territory 'alien_island'.")


def test_a_mutant_seat_scratches_an_evolve_card_and_a_faction_takes_a_missile_power_J178_J167s(
    campaign, owner, persons
):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="mutants")
    entry = replace(
        entry,
        events=(EventEntry("J178", "offensive", "mutants"),),
        missile_powers=(MissilePowerEntry("die_mechaniker", "rally"),),
    )
    game_log(campaign=campaign, user=owner, entry=entry)
    world = world_current(campaign=campaign)
    assert world.evolutions == {"J178": "offensive"}
    assert world.missile_powers == {"die_mechaniker": "rally"}
    assert world == world_replay(campaign=campaign)


def test_only_the_mutants_choose_on_an_evolve_card_E7(campaign, owner, persons):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="mutants")
    entry = replace(entry, events=(EventEntry("J178", "offensive", "khan_industries"),))
    code, _, message, _ = _refused(campaign, owner, entry)["events.0.by_faction"]
    assert code == "wrong_chooser"
    assert message.startswith("Only the player of Mutants chooses on ")


def test_a_missile_power_before_pocket_1_is_refused_naming_nothing_of_it_U8(
    campaign, owner, persons
):
    entry = three_player_entry(
        persons, missile_powers=(MissilePowerEntry("die_mechaniker", "emp"),)
    )
    refusals = _refused(campaign, owner, entry)
    assert refusals["missile_powers.0.power"][:1] == ("not_in_box",)
    assert not spoilers_in(str(refusals), POCKETS)


def test_the_aliens_ruin_a_minor_city_with_die_humans_K187s(campaign, owner, persons):
    """Game 1 leaves the player's Minor City Cairo in Egypt (H1); game 2 ruins it."""
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="aliens")
    entry = replace(entry, events=(EventEntry("K187s", "ruin", "aliens", ("egypt",)),))
    game_log(campaign=campaign, user=owner, entry=entry)
    world = world_current(campaign=campaign)
    assert "egypt" in world.ruins
    assert "egypt" not in world.cities
    assert "K187s" in world.destroyed_box_cards


def test_a_fallout_card_is_destroyed_once_it_fired_J172(campaign, owner, persons):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = replace(owner_wins_again(persons), events=(EventEntry("J172"),))
    game_log(campaign=campaign, user=owner, entry=entry)
    assert "J172" in world_current(campaign=campaign).destroyed_box_cards


def test_a_weakness_goes_on_a_faction_card_never_on_the_aliens_K194s_K184(campaign, owner, persons):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="aliens")
    refused = replace(entry, scars=(ScarEntry("cautious", "faction", "aliens", BRINGER),))
    code, _, message, _ = _refused(campaign, owner, refused)["scars.0"]
    assert code == "slot_closed"
    assert message == "Aliens can never take that scar."
    taken = replace(entry, scars=(ScarEntry("cautious", "faction", BRINGER, "die_mechaniker"),))
    game_log(campaign=campaign, user=owner, entry=taken)
    assert world_current(campaign=campaign).faction_scars[BRINGER].kind == "cautious"


def test_the_players_write_their_names_on_the_box_bottom_cards_once_it_is_open(
    campaign, owner, persons
):
    world_event_append(
        campaign=campaign,
        events=[PackOpened("do_not_open", None, "the owner opened it")],
        user=owner,
        source="setup",
    )
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons, cards_named=True))
    named = world_current(campaign=campaign).named_cards
    assert sorted(named.values()) == sorted(p.key for p in persons.values())


def test_names_on_cards_the_box_lacks_are_refused_naming_nothing_U8(campaign, owner, persons):
    refusals = _refused(campaign, owner, three_player_entry(persons, cards_named=True))
    assert refusals["cards_named"][2] == NOTHING_SUCH


def test_the_island_may_be_held_at_the_end_of_the_game_it_rose_in_K182s(campaign, owner, persons):
    entry = with_player(island_game(persons), 1, held=("egypt", "alien_island"))
    game_log(campaign=campaign, user=owner, entry=entry)
    recorded = WorldEventRecord.objects.get(campaign=campaign, kind="game_recorded")
    assert recorded.payload["players"][1]["faction"] == "khan_industries"


def test_a_die_humans_ruin_names_its_minor_city_K187s(campaign, owner, persons):
    pockets_opened_in_game_1(campaign, owner, persons)
    entry = with_player(owner_wins_again(persons), 2, faction="aliens")
    entry = replace(entry, events=(EventEntry("K187s", "ruin", "aliens"),))
    code, _, message, hard = _refused(campaign, owner, entry)["events.0.targets"]
    assert (code, hard) == ("event_target_required", True)
    assert message.startswith("Say which Minor City ")
