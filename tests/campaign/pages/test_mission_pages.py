"""Pages for Packs 3 and 4: the missions page (who completed which, E-8), homelands on the faction
cards (rules addition F, D110s), red slots once Pack 4 is open (E124s), the pack reveal page's
missions, private missions and rules additions G-N, mission statistics, and the map's World
Capital and drawn sea lines (G-12)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.board_map.render import render_board_svg
from campaign.services.game_log.entry import MissionEntry
from campaign.services.game_log.record import game_log
from rules.world import World
from rules.world_events import CityFounded, PackOpened
from rules.world_events.missions import SeaLineAdded
from tests.campaign.box_worlds import pack_2_opened, pack_3_opened, pack_4_opened
from tests.campaign.log.factories import owner_wins_again

pytestmark = pytest.mark.django_db


def _get(client, campaign, path: str = ""):
    return client.get(f"/campaigns/{campaign.slug}/{path}")


def test_the_missions_page_and_homelands_are_absent_before_pack_3_U8(
    campaign, owner, persons, owner_client
):
    pack_2_opened(campaign, owner, persons)
    assert _get(owner_client, campaign, "missions/").status_code == 404
    api = owner_client.get(f"/api/v1/campaigns/{campaign.slug}/missions/")
    assert api.status_code == 404
    world = _get(owner_client, campaign).content.decode()
    assert "Missions" not in world and "Homeland" not in world


def test_the_missions_page_lists_the_box_and_who_completed_which_in_which_game_E8(
    public_campaign, owner, persons, anon_client
):
    campaign = public_campaign
    pack_3_opened(campaign, owner, persons)
    claim = MissionEntry("D115", "khan_industries")
    game_log(
        campaign=campaign, user=owner, entry=replace(owner_wins_again(persons), missions=(claim,))
    )
    page = _get(anon_client, campaign, "missions/").content.decode()
    row = page.split('id="mission-D115"')[1].split("</tr>")[0]
    assert "Reign of Terror" in row and "1 Red Star" in row
    assert "pete_player in" in row and "game 2" in row and "in the mission deck" in row
    assert page.count('id="mission-') == 8
    api = anon_client.get(f"/api/v1/campaigns/{campaign.slug}/missions/").json()
    reign = next(m for m in api["missions"] if m["code"] == "D115")
    assert reign["claims"] == [{"game": 2, "person": "pete_player", "from_red_slot": False}]
    world = _get(anon_client, campaign).content.decode()
    assert f'href="/campaigns/{campaign.slug}/missions/"' in world
    packs = _get(anon_client, campaign, "packs/").content.decode()
    assert f'href="/campaigns/{campaign.slug}/missions/"' in packs


def test_each_faction_card_shows_its_homeland_once_the_rule_is_in_the_box_D110s(
    campaign, owner, persons, viewer_client
):
    pack_3_opened(campaign, owner, persons)
    page = _get(viewer_client, campaign).content.decode()
    mechaniker = page.split('id="faction-die_mechaniker"')[1].split('id="faction-')[0]
    assert "Homeland: <strong>North America</strong>" in mechaniker  # started in Alaska
    balkania = page.split('id="faction-imperial_balkania"')[1].split('id="faction-')[0]
    assert "none yet: it has not started a game" in balkania
    assert "Red slot" not in page
    faction = _get(viewer_client, campaign, "history/factions/die_mechaniker/").content.decode()
    assert "<dt>Homeland</dt><dd>North America</dd>" in faction


def test_red_slots_show_once_pack_4_is_open_E124s(campaign, owner, persons, viewer_client):
    pack_4_opened(campaign, owner, persons)
    page = _get(viewer_client, campaign).content.decode()
    assert page.count("Red slot empty.") == 5


def test_the_pack_reveal_page_shows_pack_3_missions_and_pack_4_private_missions_and_rules(
    campaign, owner, persons, owner_client
):
    pack_4_opened(campaign, owner, persons)
    three = _get(owner_client, campaign, "packs/pack_3/?look=1").content.decode()
    assert "Mission cards" in three and "The World Is Ready" in three and "2 Red Stars" in three
    assert "its claimer draws a new sea line between two coastal territories" in three
    assert "Homeland draw" in three  # rules addition F
    four = _get(owner_client, campaign, "packs/pack_4/?look=1").content.decode()
    assert "Private mission cards (red slot)" in four
    for name in ("Forced Occupation", "Advanced Tactics", "Wide Border", "Advanced Training"):
        assert name in four
    for title in ("Private missions", "Lead faction", "World Capital"):
        assert f"<td>{title}</td>" in four  # rules additions G-N
    assert "G-N" in four


def test_statistics_count_missions_claimed_by_mission_and_by_player_E8(
    campaign, owner, persons, viewer_client
):
    pack_4_opened(campaign, owner, persons)
    page = _get(viewer_client, campaign, "history/stats/").content.decode()
    assert "Missions claimed, by mission" in page and "Missions claimed, by player" in page
    assert "<title>The World Is Ready (D120s): 1 claimed</title>" in page
    assert "<title>olga_owner: 1 claimed</title>" in page


def test_the_map_draws_the_world_capital_as_a_star_and_a_drawn_sea_line_dashed_G12():
    world = PackOpened("pack_3", 1, "a second signature").apply(World())
    world = CityFounded("egypt", "capital", "Nova Roma", "ann", 2).apply(world)
    world = SeaLineAdded("greenland", "japan", "ann", 2).apply(world)
    svg = str(render_board_svg(world, people={"ann": "Ann"}))
    egypt = svg.split('id="m-egypt"')[1].split('id="m-')[0]
    assert 'data-city-kind="capital"' in egypt and "Nova Roma, the World Capital" in egypt
    assert '<polygon class="city-icon"' in egypt  # the star of the legend
    drawn = svg.split('<g class="sea-lines-drawn">')[1].split("</g></g>")[0]
    assert 'data-a="greenland" data-b="japan"' in drawn and 'stroke-dasharray="5 4"' in drawn
    assert '<g class="sea-lines-drawn"></g>' in str(render_board_svg(World()))


def test_a_drawn_sea_line_is_a_border_on_the_territory_page_G12(
    campaign, owner, persons, viewer_client
):
    pack_3_opened(campaign, owner, persons)
    claim = MissionEntry("D121s", "khan_industries", ends=("greenland", "japan"))
    game_log(
        campaign=campaign, user=owner, entry=replace(owner_wins_again(persons), missions=(claim,))
    )
    page = _get(viewer_client, campaign, "history/territories/japan/").content.decode()
    borders = page.split("<dt>Borders</dt>")[1].split("</dd>")[0]
    assert "Greenland" in borders
    assert "pete_player drew a new sea line between Greenland and Japan" in page
