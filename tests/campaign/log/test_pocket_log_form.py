"""The guided log form with what the pockets bring (U-6, U-7): the game whose third missile on
one roll opens Pocket 1 asks, on "What the packs brought", which territory was nuked, and its
confirmation says the card is destroyed and the territory is the fallout zone (J162s, J164s);
Alien Island's ends are asked as Pocket 2 opens (K182s); Mutants and Aliens are offered from
the next game on. A campaign with sealed pockets sees nothing of them (U-8)."""

from __future__ import annotations

import pytest

from campaign.forms.game_log.entry import steps_from_entry
from campaign.selectors.world import world_current
from campaign.services.game_log.entry import IncidentEntry, IslandEntry, MissilePowerEntry
from rules.data import board, content
from tests.campaign.log.pocket_entries import nuke_game, pockets_opened_in_game_1
from tests.campaign.log.test_pack_content_form import OUTCOME, _players, _step
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

POCKETS = ("pocket_1", "pocket_2", "do_not_open")
REWARDS = {"wr_code": "R6", "wr_target": "ural"}


def _to_packs(client, campaign, persons, during):
    assert client.post(_step(campaign, "players"), _players(persons)).status_code == 302
    assert client.post(_step(campaign, "during"), during).status_code == 302
    outcome = {**OUTCOME, "t_saharan_republic": "on"}
    return client.post(_step(campaign, "outcome"), outcome)


def test_the_third_missile_asks_for_the_nuked_territory_and_confirms_the_fallout_J162s_J164s(
    campaign, persons, player_client
):
    during = {"missiles3": "on", "missiles3_by": "khan_industries"}
    moved_on = _to_packs(player_client, campaign, persons, during)
    assert moved_on["Location"] == _step(campaign, "packs")
    page = player_client.get(_step(campaign, "packs")).content.decode()
    assert "Pocket 1 opened during this game" in page
    assert "nuke_territory" in page
    # Left blank, the step says what is missing and moves on no further.
    blank = player_client.post(_step(campaign, "packs"), {})
    assert blank.status_code == 200
    assert "Say which territory was nuked" in blank.content.decode()
    assert (
        player_client.post(_step(campaign, "packs"), {"nuke_territory": "ukraine"}).status_code
        == 302
    )
    assert player_client.post(_step(campaign, "rewards"), REWARDS).status_code == 302
    confirm = player_client.get(_step(campaign, "confirm")).content.decode()
    name = board().territory("ukraine").name
    [line] = [li for li in confirm.split("<li>") if f"nuked {name}" in li]
    assert "Fallout Zone" in line
    assert "its card is destroyed" in line
    assert "Khan Industries is the Bringer of Nuclear Fire" in line
    assert player_client.post(_step(campaign, "confirm"), {"confirm": "1"}).status_code == 302
    world = world_current(campaign=campaign)
    assert (world.fallout, world.bringer) == ("ukraine", "khan_industries")
    assert "ukraine" in world.destroyed_cards


def test_the_30_troop_recruit_asks_for_alien_islands_coastal_ends_K182s(
    campaign, persons, player_client
):
    during = {"recruit30": "on", "recruit30_by": "die_mechaniker", "recruit30_troops": "31"}
    _to_packs(player_client, campaign, persons, during)
    inland = player_client.post(
        _step(campaign, "packs"), {"island_a": "irkutsk", "island_b": "brazil"}
    )
    assert "Choose a territory that touches an ocean (K182s)." in inland.content.decode()
    ends = {"island_a": "brazil", "island_b": "western_australia"}
    assert player_client.post(_step(campaign, "packs"), ends).status_code == 302
    assert player_client.post(_step(campaign, "rewards"), REWARDS).status_code == 302
    assert player_client.post(_step(campaign, "confirm"), {"confirm": "1"}).status_code == 302
    world = world_current(campaign=campaign)
    assert world.alien_island == ("brazil", "western_australia")
    assert world.faction_scars["die_mechaniker"].kind == "alien_collaborator"


def test_sealed_pockets_leave_their_factions_and_fields_out_of_the_form_U8(
    campaign, persons, owner_client
):
    players = owner_client.get(_step(campaign, "players"))
    offered = {key for key, _ in players.context["form"].fields["p0_faction"].choices if key}
    assert offered == set(content().base_factions)
    owner_client.post(_step(campaign, "players"), _players(persons))
    during = owner_client.get(_step(campaign, "during"))
    targets = str(during.context["form"].fields["s0_target"].choices)
    assert "mutants" not in targets and "aliens" not in targets
    for page in (players.content.decode(), during.content.decode()):
        assert not spoilers_in(page, POCKETS)


def test_mutants_and_aliens_are_offered_the_game_after_their_pockets_opened_J165_K184(
    campaign, owner, persons, owner_client
):
    pockets_opened_in_game_1(campaign, owner, persons)
    form = owner_client.get(_step(campaign, "players")).context["form"]
    offered = {key for key, _ in form.fields["p0_faction"].choices if key}
    assert {"mutants", "aliens"} <= offered
    starts = str(form.fields["p0_start"].choices)
    assert "alien_island" in starts


def test_a_logged_nuke_and_island_come_back_into_the_form_to_be_corrected_J162s_K182s(persons):
    entry = nuke_game(
        persons,
        incidents=(
            IncidentEntry("missiles_on_one_roll", "khan_industries", 3),
            IncidentEntry("big_recruit_with_missile", "die_mechaniker", 31),
        ),
        islands=(IslandEntry(("brazil", "western_australia"), "die_mechaniker"),),
        missile_powers=(MissilePowerEntry("die_mechaniker", "emp"),),
        cards_named=True,
    )
    steps = steps_from_entry(entry)
    assert steps["during"]["missiles3_by"] == "khan_industries"
    assert steps["during"]["recruit30_by"] == "die_mechaniker"
    assert steps["packs"] == {
        "mp_die_mechaniker": "emp",
        "nuke_territory": "ukraine",
        "island_a": "brazil",
        "island_b": "western_australia",
        "cards_named": "on",
    }
