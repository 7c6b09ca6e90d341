"""Logging missions through the guided form, as a new user would (E-8, Pack 3): a player claims
The World Is Ready (D120s) on "During the game", the World Capital goes over the Minor City
there, Pack 4 opens inside that game (U-5), and the world page, the map and the history show
it; Join the Cause's troops are split one troop at a time (D111)."""

from __future__ import annotations

import pytest

from campaign.forms.game_log.missions import _capital_labels
from campaign.models import GameLog
from campaign.selectors.world import world_current
from rules.world import World
from rules.world_events import PackOpened
from tests.campaign.box_worlds import CAPITAL_TERRITORY, pack_3_opened
from tests.campaign.log.factories import later_game_players
from tests.campaign.log.factories import log_step as _step

pytestmark = pytest.mark.django_db


OUTCOME = {
    "winner": "die_mechaniker",
    "t_die_mechaniker": "on",
    "t_khan_industries": "on",
    "t_saharan_republic": "on",
}
CAPITAL_CLAIM = {
    "mi0_mission": "D120s",
    "mi0_by": "die_mechaniker",
    "mi0_capital": CAPITAL_TERRITORY,
    "mi0_name": "Nova Roma",
}


@pytest.fixture
def pack_3(campaign, owner, persons):
    pack_3_opened(campaign, owner, persons)
    return campaign


def test_the_during_step_lists_the_missions_of_the_box_with_what_each_places_E8(
    pack_3, owner_client, persons
):
    owner_client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07"))
    page = owner_client.get(_step(pack_3, "during")).content.decode()
    assert "Mission claimed 1" in page
    assert "The World Is Ready (D120s), 2 Red Stars" in page
    assert "New sea line from" in page and "The mark it places goes in" in page
    assert "The World Capital mark was placed" not in page  # the mission records it


def test_the_during_step_keeps_pack_4s_mark_unnamed_until_pack_4_opens_U5_U8(
    pack_3, owner_client, persons
):
    """The World Is Ready (D120s) places Pack 4's mark: the claim's fields ask where the mark
    goes and its name without naming it, as the pack's printed condition does."""
    owner_client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07"))
    page = owner_client.get(_step(pack_3, "during")).content.decode()
    assert "The name given to that mark" in page
    assert "world capital" not in page.lower()


def test_the_capital_fields_name_the_world_capital_once_pack_4_is_open_E126s():
    sealed = World()
    opened = PackOpened("pack_4", 2, "a mark was placed").apply(sealed)
    assert "World Capital" not in " ".join(_capital_labels(sealed))
    assert _capital_labels(opened) == ("World Capital founded in", "The World Capital's name")


def test_a_claim_row_needs_its_claimer_E8(pack_3, owner_client, persons):
    owner_client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07"))
    response = owner_client.post(_step(pack_3, "during"), {"mi0_mission": "D115"})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'Choose the faction whose player claimed it. <a class="rule rule-link"' in page
    assert 'href="/rules/#E-8" title="The rule E-8">E-8</a>' in page


def test_a_capital_on_a_poor_card_is_refused_beside_its_field_E8(pack_3, owner_client, persons):
    owner_client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07"))
    claim = {**CAPITAL_CLAIM, "mi0_capital": "ural"}
    response = owner_client.post(_step(pack_3, "during"), claim)
    assert response.status_code == 200
    errors = response.context["form"].errors["mi0_capital"]
    assert errors == [
        "Ural's card is worth 1 coin: the World Capital goes into the territory of a card "
        "worth 4 or more. (E-8)"
    ]


def test_the_world_is_ready_D120s_logged_through_the_form_opens_pack_4_and_shows_everywhere_U5(
    pack_3, owner_client, persons, anon_client
):
    client = owner_client
    assert (
        client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07")).status_code
        == 302
    )
    assert client.post(_step(pack_3, "during"), CAPITAL_CLAIM).status_code == 302
    assert client.post(_step(pack_3, "outcome"), OUTCOME).status_code == 302
    packs = client.get(_step(pack_3, "packs")).content.decode()
    assert "Pack 4 opened during this game" in packs
    assert client.post(_step(pack_3, "packs"), {}).status_code == 302
    rewards = {"wr_code": "R6", "wr_target": "ural"}
    assert client.post(_step(pack_3, "rewards"), rewards).status_code == 302
    confirm = client.get(_step(pack_3, "confirm")).content.decode()
    assert "olga_owner founded the World Capital Nova Roma in Egypt" in confirm
    # What the capital replaces is named before the group confirms (E126s).
    assert "The World Capital covered the minor city Cairo in Egypt" in confirm
    done = client.post(_step(pack_3, "confirm"), {"confirm": "1"})
    assert done.status_code == 302, done.content.decode()[:3000]

    world = world_current(campaign=pack_3)
    assert world.cities[CAPITAL_TERRITORY].kind == "capital"
    assert world.packs_opened["pack_4"].game == 2
    assert GameLog.objects.get(campaign=pack_3, game_number=2).entry["missions"][0]["name"] == (
        "Nova Roma"
    )

    game_page = client.get(done["Location"]).content.decode()
    assert "olga_owner claimed the mission The World Is Ready (D120s) for 2 Red Stars" in game_page
    assert "The World Capital covered the minor city Cairo in Egypt" in game_page
    assert "Pack 4 opened" in game_page

    world_page = client.get(f"/campaigns/{pack_3.slug}/").content.decode()
    assert "<strong>Nova Roma</strong> (World Capital) in Egypt" in world_page
    assert "over the minor city Cairo" in world_page
    egypt = world_page.split('id="m-egypt"')[1].split('id="m-')[0]
    assert 'data-city-kind="capital"' in egypt and "Nova Roma, the World Capital" in egypt

    timeline = client.get(f"/campaigns/{pack_3.slug}/history/games/").content.decode()
    assert "founded the World Capital Nova Roma in Egypt" in timeline
    territory = client.get(f"/campaigns/{pack_3.slug}/history/territories/egypt/").content
    assert "The World Capital covered the minor city Cairo in Egypt" in territory.decode()
    missions = client.get(f"/campaigns/{pack_3.slug}/missions/").content.decode()
    row = missions.split('id="mission-D120s"')[1].split("</tr>")[0]
    assert "olga_owner in" in row and "game 2" in row and "destroyed for good" in row


def test_explore_the_world_D121s_logged_draws_its_line_on_the_map_G12(
    pack_3, owner_client, persons
):
    client = owner_client
    client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07"))
    claim = {
        "mi0_mission": "D121s",
        "mi0_by": "khan_industries",
        "mi0_from": "greenland",
        "mi0_to": "japan",
    }
    assert client.post(_step(pack_3, "during"), claim).status_code == 302
    client.post(_step(pack_3, "outcome"), OUTCOME)
    client.post(_step(pack_3, "packs"), {})
    client.post(_step(pack_3, "rewards"), {"wr_code": "R6", "wr_target": "ural"})
    assert client.post(_step(pack_3, "confirm"), {"confirm": "1"}).status_code == 302

    page = client.get(f"/campaigns/{pack_3.slug}/").content.decode()
    assert 'class="sea-line added" data-a="greenland" data-b="japan"' in page
    assert "Greenland and Japan, adjacent for good" in page
    history = client.get(f"/campaigns/{pack_3.slug}/history/games/2/").content.decode()
    assert "pete_player drew a new sea line between Greenland and Japan" in history


def test_join_the_cause_D111_troops_are_logged_one_troop_at_a_time(pack_3, owner_client, persons):
    client = owner_client
    client.post(_step(pack_3, "players"), later_game_players(persons, "2026-02-07"))
    client.post(_step(pack_3, "during"), {})
    client.post(_step(pack_3, "outcome"), OUTCOME)
    page = client.get(_step(pack_3, "packs")).content.decode()
    assert "Troop 1 went to" in page and "Mission it laid out face up" in page
    fired = {
        "e0_card": "D111|troops",
        "e0_by": "khan_industries",
        "e0_troop0": "egypt",
        "e0_troop1": "egypt",
        "e0_troop2": "brazil",
    }
    assert client.post(_step(pack_3, "packs"), fired).status_code == 302
    client.post(_step(pack_3, "rewards"), {"wr_code": "R6", "wr_target": "ural"})
    confirm = client.get(_step(pack_3, "confirm")).content.decode()
    assert "Event Join the Cause (D111) drawn" in confirm
    assert client.post(_step(pack_3, "confirm"), {"confirm": "1"}).status_code == 302
    entry = GameLog.objects.get(campaign=pack_3, game_number=2).entry
    assert entry["events"][0]["targets"] == ["egypt", "egypt", "brazil"]
