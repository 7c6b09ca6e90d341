"""Pages of a campaign whose pockets are open: the pack pages show what Pocket 1 and Pocket 2
brought (story, rules additions, events, factions, missile powers, weaknesses, Alien Island's
card), the rules page their additions, the world and history pages the fallout zone, Alien
Island, ruins and the faction cards' new slots, and the timeline the new world events."""

from __future__ import annotations

import re
from html import unescape

import pytest

from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from rules.world_events.pockets import MutantsEvolved
from tests.campaign.box_worlds import customized
from tests.campaign.log.factories import three_player_entry
from tests.campaign.pocket_worlds import pocket_1_opened, pocket_2_opened

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return _words(response.content.decode())


def _words(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.fixture
def pockets(campaign, owner, persons):
    customized(campaign, owner)
    pocket_1_opened(campaign, owner, persons)
    pocket_2_opened(campaign, owner, persons)
    return campaign


def test_pocket_1_page_shows_its_story_additions_events_mutants_and_missile_powers_J163_J167s(
    pockets, viewer_client
):
    page = _text(viewer_client.get(f"/campaigns/{pockets.slug}/packs/pocket_1/?look=1"))
    assert "The sky burns J163" in page and "Out of the ashes J165" in page
    for code in ("J167s", "J168s", "J169s", "J161s"):
        assert code in page
    assert "Fallout J172, J173, J174" in page and "Agent of Chaos J175" in page
    assert "The Mutants' player chooses one" in page  # J178, J179
    assert "Born of the Fallout" in page and "Old Grudges" in page
    assert "Brown slot (missile power) can never take a sticker" in page
    assert "printed mission Mutant Domain (J-MUT)" in page
    assert "EMP" in page and "held by Khan Industries" in page
    assert "Rally" in page and "still on the sheet" in page


def test_the_mutants_evolved_power_stays_hidden_until_both_evolve_cards_J178_J179(
    pockets, owner, persons, viewer_client
):
    url = f"/campaigns/{pockets.slug}/packs/pocket_1/?look=1"
    hidden = _text(viewer_client.get(url))
    assert "Still hidden" in hidden
    for name in ("Unnatural Strength", "Mindshackle", "Unstable Cloning", "Mass Hypnosis"):
        assert name not in hidden
    who = persons["owner"].key
    world_event_append(
        campaign=pockets,
        events=[MutantsEvolved("J178", "offensive", who, 1)],
        user=owner,
        source="log",
    )
    one = _text(viewer_client.get(url))
    assert "Scratched off so far: offensive" in one and "Unnatural Strength" not in one
    world_event_append(
        campaign=pockets,
        events=[MutantsEvolved("J179", "bodies", who, 1)],
        user=owner,
        source="log",
    )
    both = _text(viewer_client.get(url))
    assert "Evolved: Unnatural Strength" in both and "Mindshackle" not in both
    card = _text(viewer_client.get(f"/campaigns/{pockets.slug}/history/factions/mutants/"))
    assert "Evolved power Unnatural Strength" in card


def test_pocket_2_page_shows_weaknesses_aliens_and_alien_island_card_K183_K186(
    pockets, viewer_client
):
    page = _text(viewer_client.get(f"/campaigns/{pockets.slug}/packs/pocket_2/?look=1"))
    assert "They came from the sea K183" in page and "K185s" in page
    assert "Alien Collaborator K180s , no card: it goes on at the opening" in page
    for weakness in ("Cautious K194s", "Purist K195s", "Primitive K198s"):
        assert weakness in page
    assert "Beam Down K190, K191" in page and "Die Humans K187s" in page
    assert "Free Landing" in page and "Island and Ruins" in page
    assert "Yellow slot (weakness) can never take a sticker" in page
    assert "Alien Island K186 : 3 coins" in page


def test_the_rules_page_lists_both_pockets_additions_J167s_J168s_J169s_K185s(
    pockets, viewer_client
):
    page = _text(viewer_client.get(f"/campaigns/{pockets.slug}/rules/"))
    for title in ("Missile powers", "Bringer of Nuclear Fire", "Fallout, part 2", "Ruins"):
        assert title in page


def test_the_world_page_lists_fallout_alien_island_and_ruins_J162s_K182s_K186_K187s(
    pockets, viewer_client
):
    page = _text(viewer_client.get(f"/campaigns/{pockets.slug}/"))
    assert "Russia was nuked by Khan Industries, the Bringer of Nuclear Fire" in page
    assert "Its territory card is destroyed" in page
    assert "joined by sea lines to Brazil and Western Australia" in page
    assert "Its card: 3 coins" in page
    assert "Egypt: ruin of Cairo" in page


def test_faction_cards_show_bringer_missile_power_weakness_and_printed_powers_J164s_K194s(
    pockets, viewer_client
):
    page = viewer_client.get(f"/campaigns/{pockets.slug}/").content.decode()
    khan = _text_of(page, "faction-khan_industries")
    assert "Bringer of Nuclear Fire J164s" in khan
    assert "Missile power EMP" in khan
    assert "Yellow slot empty" in khan
    saharan = _text_of(page, "faction-saharan_republic")
    assert "Weakness Alien Collaborator (game 1)" in saharan  # K180s
    mechaniker = _text_of(page, "faction-die_mechaniker")
    assert "Weakness Cautious (game 1)" in mechaniker  # K194s
    assert "Brown slot empty" in mechaniker
    mutants = _text_of(page, "faction-mutants")
    assert "Born of the Fallout" in mutants and "Mutant Domain" in mutants
    assert "never takes a missile power" in mutants
    aliens = _text_of(page, "faction-aliens")
    assert "Free Landing" in aliens and "never takes a weakness" in aliens


def _text_of(page: str, element_id: str) -> str:
    """The words of one faction card of the world page (up to the next card or section)."""
    start = page.index(f'id="{element_id}"')
    end = min(
        i
        for i in (page.find('<div class="card faction"', start), page.find("</section>", start))
        if i != -1
    )
    return _words(page[start:end])


def test_the_history_faction_page_of_a_pocket_faction_J165(pockets, viewer_client):
    page = _text(viewer_client.get(f"/campaigns/{pockets.slug}/history/factions/khan_industries/"))
    assert "Bringer of Nuclear Fire" in page
    assert "Missile power (brown slot) EMP" in page
    aliens = _text(viewer_client.get(f"/campaigns/{pockets.slug}/history/factions/aliens/"))
    assert "Printed power Free Landing" in aliens
    assert "Mission (red slot, printed) Alien Dominion" in aliens


def test_pocket_factions_join_the_history_pages_and_stats_only_once_open_U8(
    campaign, owner, persons, viewer_client
):
    customized(campaign, owner)
    base = f"/campaigns/{campaign.slug}/history/"
    assert viewer_client.get(f"{base}factions/mutants/").status_code == 404
    assert "Mutants" not in viewer_client.get(f"{base}stats/").content.decode()
    pocket_1_opened(campaign, owner, persons)
    assert viewer_client.get(f"{base}factions/mutants/").status_code == 200
    assert viewer_client.get(f"{base}factions/aliens/").status_code == 404
    stats = viewer_client.get(f"{base}stats/").content.decode()
    assert "Mutants" in stats and "Aliens" not in stats


def test_a_game_lists_as_sat_out_only_the_factions_of_its_box_S10(
    campaign, owner, persons, viewer_client
):
    customized(campaign, owner)
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    page = _text(viewer_client.get(f"/campaigns/{campaign.slug}/history/games/1/"))
    assert "Sat out: Enclave of the Bear, Imperial Balkania" in page
    assert "Mutants" not in page


def test_the_timeline_describes_the_pockets_world_events_in_words(pockets, viewer_client):
    page = _text(viewer_client.get(f"/campaigns/{pockets.slug}/history/games/"))
    assert "fired the third missile for Khan Industries and nuked Russia" in page
    assert "took the missile power EMP for Khan Industries" in page
    assert "placed Alien Island, joined by sea lines to Brazil and Western Australia" in page
    assert "ruined the city Cairo in Egypt" in page
