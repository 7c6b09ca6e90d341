"""The game page at each pocket decision: the seat that decides gets the form, in plain words
with names (never keys), and nobody else does: where the nuke falls (J162s), the missile power
picked and used (J167s), Alien Island's sea lines (K182s), the Evolve choice (J178); and the
faction cards' pocket slots, the Bringer and the fallout zone, only once the box holds them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaign.selectors.world import world_current
from rules.data import board, content
from rules.game import GameState
from tests.rules.game.helpers import FACTIONS, position
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2

from . import pocket_positions as at
from .conftest import stored_hotseat_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


@pytest.fixture
def page(campaign, owner, owner_client, player_client, people):
    """The owner's page (its browser holds every hot-seat) and the player's (no seat), for a
    game stored at the position `build(world, people)` gives."""

    def show(build, world=None) -> tuple[str, str, GameState]:
        state = build(world or world_current(campaign=campaign), people)
        game = stored_hotseat_game(campaign, owner, owner_client, people, state)
        mine = owner_client.get(game.get_absolute_url()).content.decode()
        watching = player_client.get(game.get_absolute_url()).content.decode()
        return mine, watching, state

    return show


def _forms(html: str) -> list[str]:
    return re.findall(r'<form class="move-form[^"]*" data-type="([a-z_]+)"', html)


def _acting_seats(html: str) -> set[str]:
    return set(re.findall(r'<input type="hidden" name="seat" value="(\d+)">', html))


def test_J162s_the_firer_of_the_third_missile_chooses_where_the_nuke_falls(page):
    mine, watching, _ = page(at.nuke_choice)
    assert _forms(mine) == ["choose_nuke_target"] and _acting_seats(mine) == {"0"}
    assert (
        "Choose where the nuke falls: the attacking territory (Argentina) or the defending one "
        "(Brazil)" in mine
    )
    assert ">Argentina (the attacking territory)</option>" in mine
    assert ">Brazil (the defending territory)</option>" in mine
    assert "Choosing where the nuke falls" in mine
    assert _forms(watching) == []


def test_J167s_the_seat_that_gained_a_red_star_picks_its_missile_power(page):
    mine, watching, _ = page(at.missile_power_pick)
    assert _forms(mine) == ["choose_missile_power"] and _acting_seats(mine) == {"1"}
    assert "Pick your missile power" in mine
    for power in content().missile_powers.values():
        assert f">{power.name}: {power.text}</option>" in mine.replace("&#x27;", "'")
    assert _forms(watching) == []


def test_J167s_bad_intel_window_names_the_continent_and_offers_a_pass(page, people):
    mine, watching, _ = page(at.bad_intel_window)
    assert _forms(mine) == ["use_missile_power", "pass_missile_power"]
    assert _acting_seats(mine) == {"1"}
    on_turn = people[0].display_name
    assert f"Use Bad Intel: {on_turn} goes without one continent bonus this turn" in mine
    assert ">Australia (+2 troops)</option>" in mine
    assert "Use no missile power" in mine
    assert "Missile power Bad Intel (not used this turn)" in mine
    assert _forms(watching) == []


def test_J167s_interference_window_names_the_card_about_to_be_taken(page, people):
    mine, _, _ = page(at.interference_window)
    assert _forms(mine) == ["use_missile_power", "pass_missile_power"]
    assert _acting_seats(mine) == {"1"}
    assert f"{people[0].display_name} may not take the Brazil card this turn" in mine


def test_J167s_rally_is_offered_at_the_start_of_its_holders_turn_and_plays_from_the_form(
    campaign, owner, owner_client, people
):
    state = at.rally_turn(world_current(campaign=campaign), people)
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    html = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Use Rally: +2 troops on each of your HQs (Peru) (costs a missile)" in html
    assert '<input type="hidden" name="power" value="rally">' in html
    url = reverse("campaign:digital_game_move", kwargs={"slug": campaign.slug, "game_id": game.pk})
    data = {"seat": 0, "version": game.version, "type": "use_missile_power", "power": "rally"}
    assert owner_client.post(url, data).status_code == 200
    game.refresh_from_db()
    after = game.game_state()
    assert after.troops("peru") == 5 and after.seats[0].missiles == 0
    html = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Missile power Rally (used this turn)" in html


def test_K182s_the_recruiting_player_places_alien_island_by_name(page):
    mine, watching, _ = page(at.island_placement)
    assert _forms(mine) == ["place_alien_island"] and _acting_seats(mine) == {"0"}
    assert "One sea line to" in mine and ">Western Australia</option>" in mine
    assert "western_australia</option>" not in mine
    assert "Placing Alien Island&#x27;s sea lines" in mine
    assert _forms(watching) == []


def test_J178_the_mutants_player_scratches_an_evolve_option(page):
    mine, watching, _ = page(at.evolve_choice)
    assert _forms(mine) == ["resolve_event"] and _acting_seats(mine) == {"1"}
    assert ">Scratch off Offensive.</option>" in mine
    mutants = content().factions["mutants"]
    assert f"Printed power {mutants.powers[0].name}" in mine  # the Mutants' card reads in full
    assert _forms(watching) == []


def test_J164s_the_bringer_and_the_fallout_zone_show_on_the_page(page, campaign):
    world = with_pocket_1(world_current(campaign=campaign), fallout="ural", bringer=FACTIONS[1])
    mine, watching, _ = page(at.rally_turn, world)
    bringer, ural = content().factions[FACTIONS[1]].name, board().territory("ural").name
    for html in (mine, watching):
        assert f"Fallout zone: {ural}; {bringer} is the Bringer of Nuclear Fire." in html
        assert "Bringer of Nuclear Fire (J164s)" in html


def test_K180s_the_collaborators_weakness_shows_on_its_faction_card(page, campaign):
    world = with_pocket_2(world_current(campaign=campaign), collaborator=FACTIONS[2])
    mine, _, _ = page(at.die_humans_choice, world)
    assert "Weakness Alien Collaborator" in mine
    assert "Alien Island is joined by sea to Brazil and Western Australia." in mine


def test_U8_a_box_without_the_pockets_shows_none_of_their_words(page):
    def plain(world, people):
        return at.seated(position(armies={"peru": (0, 3), "alaska": (1, 3)}, world=world), people)

    mine, _, _ = page(plain)
    for word in ("Missile power", "Fallout zone", "Bringer", "Printed power", "Weakness"):
        assert word not in mine
