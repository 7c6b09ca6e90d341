"""The box pages: a page per opened pack (the opening, then its contents when a reader chooses
to look inside), Pack 2's opening choice, the owner's readings of open points, the rules the
box adds, and what the world page and the statistics show of the box. A sealed pack answers
404 exactly as a pack that does not exist (U-8)."""

from __future__ import annotations

import re

import pytest

from campaign.models import WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from rules import box
from tests.campaign.box_worlds import ELIMINATED, customized, pack_1_opened, pack_2_opened
from tests.campaign.worlds import game

pytestmark = pytest.mark.django_db

ROLES = ["owner", "player", "viewer", "outsider", "anonymous"]
LOGIN = "login"
READ = {"private": [200, 200, 200, 404, LOGIN], "public": [200, 200, 200, 200, 200]}
PLAY_POST = {"private": [400, 400, 403, 404, LOGIN], "public": [400, 400, 403, 403, LOGIN]}
MANAGE_POST = {"private": [400, 403, 403, 404, LOGIN], "public": [400, 403, 403, 403, LOGIN]}


@pytest.fixture
def clients(owner_client, player_client, viewer_client, outsider_client, anon_client):
    return dict(
        zip(
            ROLES,
            [owner_client, player_client, viewer_client, outsider_client, anon_client],
            strict=True,
        )
    )


@pytest.fixture
def with_pack_1(campaign, owner, persons):
    customized(campaign, owner)
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(campaign=campaign, events=[game(1, keys)], user=owner, source="log")
    pack_1_opened(campaign, owner, persons)
    return campaign


@pytest.fixture
def with_pack_2(campaign, owner, persons):
    pack_2_opened(campaign, owner, persons)
    return campaign


def _page(campaign, path: str = "") -> str:
    return f"/campaigns/{campaign.slug}/{path}"


def _assert(response, want) -> None:
    if want == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
    else:
        assert response.status_code == want


# --- who may open what ------------------------------------------------------------------------


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("path", ["packs/", "packs/pack_1/", "packs/pack_1/?look=1", "rules/"])
@pytest.mark.parametrize("role", ROLES)
def test_readers_of_the_campaign_see_its_box_pages_U8(clients, with_pack_1, role, path, visibility):
    with_pack_1.is_public = visibility == "public"
    with_pack_1.save()
    response = clients[role].get(_page(with_pack_1, path))
    _assert(response, READ[visibility][ROLES.index(role)])


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("role", ROLES)
def test_players_and_the_owner_may_record_the_comeback_pick_C100(
    clients, with_pack_2, role, visibility
):
    """An empty pick is refused in words (400) for those allowed to make it at all."""
    with_pack_2.is_public = visibility == "public"
    with_pack_2.save()
    response = clients[role].post(_page(with_pack_2, "packs/pack_2/comeback/"), {})
    _assert(response, PLAY_POST[visibility][ROLES.index(role)])


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("role", ROLES)
def test_only_the_owner_may_change_the_readings(clients, with_pack_1, role, visibility):
    with_pack_1.is_public = visibility == "public"
    with_pack_1.save()
    response = clients[role].post(_page(with_pack_1, "settings/readings/"), {"riots_rolls": "x"})
    _assert(response, MANAGE_POST[visibility][ROLES.index(role)])


# --- a sealed pack is a pack that does not exist ---------------------------------------------


def _unmasked(page: bytes) -> bytes:
    """The page with its CSRF tokens blanked: each answer masks them afresh (BREACH)."""
    return re.sub(rb'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]*"', rb'\1""', page)


def test_a_sealed_pack_is_answered_like_a_pack_that_does_not_exist_U8(owner_client, with_pack_1):
    sealed = owner_client.get(_page(with_pack_1, "packs/pack_2/?look=1"))
    unknown = owner_client.get(_page(with_pack_1, "packs/pack_9/?look=1"))
    assert sealed.status_code == unknown.status_code == 404
    assert _unmasked(sealed.content) == _unmasked(unknown.content)
    post = owner_client.post(_page(with_pack_1, "packs/pack_2/comeback/"), {"faction": ELIMINATED})
    assert post.status_code == 404


def test_no_pack_page_before_any_pack_opens_U8(owner_client, campaign):
    for pack in ["pack_1", "pack_2", "pack_3", "pocket_1"]:
        assert owner_client.get(_page(campaign, f"packs/{pack}/?look=1")).status_code == 404
    listing = owner_client.get(_page(campaign, "packs/")).content.decode()
    assert "No pack opened yet." in listing
    assert "Found the 9th and last Minor City" in listing  # the printed condition only


# --- opening is a moment ----------------------------------------------------------------------


def test_the_pack_page_says_it_is_open_and_waits_for_a_look_inside_U8(anon_client, with_pack_1):
    with_pack_1.is_public = True
    with_pack_1.save()
    page = anon_client.get(_page(with_pack_1, "packs/pack_1/")).content.decode()
    assert "Pack 1 was opened" in page and "the last minor city mark was used" in page
    assert "Look inside" in page
    assert "Biohazard" not in page and "Story cards" not in page


def test_looking_inside_pack_1_shows_everything_it_added_U2(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1, "packs/pack_1/?look=1")).content.decode()
    assert "Look inside" not in page
    assert "A new way to begin" in page and "More trouble for the world" in page  # story
    assert "printed rule S-6 (Choosing factions)" in page  # slots B and C
    assert "printed rule S-11 (First turn)" in page  # slot D
    assert "<td>B <span" in page and "<td>D <span" in page
    assert "Reference stickers" in page and "B66s" in page
    assert 'Biohazard</strong> <span class="rule">B70s</span>, 3 cards' in page
    assert "<td>6, 8, 10</td><td>6, 8, 8, 10</td><td>6, 8, 8, 10, 10</td>" in page  # troops
    assert "Control the People" in page and "Riots" in page and "Resistance" in page
    assert "destroyed: B73" in page  # the Fortify card this campaign destroyed
    assert "One roll per player" in page  # the campaign's reading of Riots
    assert "Comeback" not in page  # Pack 2 is still sealed


def test_the_pack_list_links_opened_packs_and_gives_only_the_condition_of_sealed_ones(
    viewer_client, with_pack_1
):
    page = viewer_client.get(_page(with_pack_1, "packs/")).content.decode()
    assert f'href="/campaigns/{with_pack_1.slug}/packs/pack_1/"' in page
    assert "A faction is eliminated for the first time" in page
    assert "/packs/pack_2/" not in page


def test_the_world_page_links_opened_packs_and_the_rules_of_the_box(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1)).content.decode()
    assert f'href="/campaigns/{with_pack_1.slug}/packs/pack_1/"' in page
    assert f'href="/campaigns/{with_pack_1.slug}/rules/"' in page


def test_the_open_this_pack_now_banner_links_to_the_pack_page_U8(owner_client, with_pack_2):
    page = owner_client.get(_page(with_pack_2)).content.decode()
    assert "Open Pack 2 now" in page
    assert f'<a href="/campaigns/{with_pack_2.slug}/packs/pack_2/">Open its page</a>' in page


# --- Pack 2's opening choice ----------------------------------------------------------------


def test_the_eliminated_faction_picks_its_comeback_power_on_pack_2s_page_C100(
    player_client, with_pack_2
):
    url = _page(with_pack_2, "packs/pack_2/")
    page = player_client.get(url + "?look=1").content.decode()
    assert "Saharan Republic was eliminated in the game that opened this pack" in page
    assert 'name="power"' in page and "Record the pick" in page

    response = player_client.post(url + "comeback/", {"faction": ELIMINATED, "power": "mobile"})

    assert response.status_code == 302
    assert world_current(campaign=with_pack_2).comeback_powers == {ELIMINATED: "mobile"}
    record = WorldEventRecord.objects.filter(campaign=with_pack_2).last()
    assert record.kind == "comeback_power_chosen" and record.game_number == 1
    after = player_client.get(url + "?look=1").content.decode()
    assert "Record the pick" not in after
    assert "held by Saharan Republic" in after


def test_only_the_faction_eliminated_in_the_opening_game_picks_at_opening_C100(
    player_client, with_pack_2
):
    response = player_client.post(
        _page(with_pack_2, "packs/pack_2/comeback/"),
        {"faction": "die_mechaniker", "power": "mobile"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Pick one of the factions eliminated in the game that opened this pack." in page
    assert world_current(campaign=with_pack_2).comeback_powers == {}


def test_a_second_pick_is_refused_in_words_G3(player_client, with_pack_2):
    url = _page(with_pack_2, "packs/pack_2/comeback/")
    player_client.post(url, {"faction": ELIMINATED, "power": "mobile"})
    response = player_client.post(url, {"faction": ELIMINATED, "power": "stealthy"})
    assert response.status_code == 400
    assert "Pick one of the factions eliminated" in response.content.decode()
    assert world_current(campaign=with_pack_2).comeback_powers == {ELIMINATED: "mobile"}


def test_viewers_see_the_pending_pick_but_no_form(viewer_client, with_pack_2):
    page = viewer_client.get(_page(with_pack_2, "packs/pack_2/?look=1")).content.decode()
    assert "picks a comeback power now" in page
    assert "Record the pick" not in page
    assert "A player or the owner of the campaign records the pick." in page


# --- readings of open points ------------------------------------------------------------------


def test_the_settings_page_has_no_readings_before_a_pack_opens(owner_client, campaign):
    page = owner_client.get(_page(campaign, "settings/")).content.decode()
    assert "Readings of open points" not in page


def test_the_settings_page_lists_the_readings_of_opened_packs_only_U8(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1, "settings/")).content.decode()
    assert "Readings of open points" in page
    assert "How Riots rolls" in page
    assert re.search(r'value="per_player"[^>]* checked>', page)  # the campaign's reading
    assert "Which HQs Well-Armed counts" not in page  # Pack 2 is sealed


def test_the_owner_changes_a_reading_as_a_world_event(owner_client, with_pack_1):
    response = owner_client.post(
        _page(with_pack_1, "settings/readings/"),
        {
            "draft_coin_source": "extra",
            "draft_hq_spacing": "apart",
            "join_war_troops": "half_drafted",
            "control_people_maneuver": "normal",
            "riots_rolls": "per_player",
            "hazard_knockout_cards": "kept",
        },
    )
    assert response.status_code == 302
    assert world_current(campaign=with_pack_1).settings["draft_coin_source"] == "extra"
    last = WorldEventRecord.objects.filter(campaign=with_pack_1).order_by("seq").last()
    assert last.kind == "setting_chosen" and last.payload["value"] == "extra"


def test_a_reading_that_is_not_offered_is_refused_in_words(owner_client, with_pack_1):
    before = WorldEventRecord.objects.filter(campaign=with_pack_1).count()
    response = owner_client.post(_page(with_pack_1, "settings/readings/"), {"riots_rolls": "x"})
    assert response.status_code == 400
    assert "Pick one of the readings offered." in response.content.decode()
    assert WorldEventRecord.objects.filter(campaign=with_pack_1).count() == before


def test_saving_unchanged_readings_says_nothing_changed(owner_client, with_pack_1):
    values = {spec.key: value for spec, value in box.settings(world_current(campaign=with_pack_1))}
    response = owner_client.post(_page(with_pack_1, "settings/readings/"), values)
    assert response.status_code == 400
    assert "Nothing changed" in response.content.decode()


def test_readings_cannot_be_posted_before_a_pack_opens(owner_client, campaign):
    response = owner_client.post(_page(campaign, "settings/readings/"), {"riots_rolls": "per_city"})
    assert response.status_code == 404


# --- the rules the box adds -------------------------------------------------------------------


def test_the_rules_page_of_a_new_campaign_lists_the_base_scars_and_nothing_sealed(
    owner_client, campaign
):
    page = owner_client.get(_page(campaign, "rules/")).content.decode()
    assert "None: the printed rules apply as they are." in page
    assert "Bunker" in page and "Ammo Shortage" in page
    assert "Just before an attack roll, on the defending territory" in page
    assert "Event deck" not in page


def test_the_rules_page_lists_what_pack_1_added_and_the_event_deck_E7(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1, "rules/")).content.decode()
    assert "The draft goes back and forth" in page
    assert "Biohazard" in page and "(Pack 1)" in page
    assert "Bunker" in page  # base scars stay
    assert "<strong>Fortify</strong>, 1 card" in page  # B74 left, B73 destroyed
    assert "Destroyed for good: Fortify (B73)" in page
    assert "<strong>Riots</strong>, 1 card" in page  # a discarded card goes back into play


# --- the world page and the statistics --------------------------------------------------------


def test_faction_cards_show_no_blue_slot_before_pack_2(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1)).content.decode()
    assert "blue slot" not in page.lower() and "comeback" not in page.lower()
    assert "Event deck: 6 cards left, 1 destroyed for good" in page
    assert "a draft instead of the roll" in page


def test_faction_cards_show_the_blue_slot_once_pack_2_is_open(player_client, with_pack_2):
    page = player_client.get(_page(with_pack_2)).content.decode()
    assert page.count("Blue slot empty") == 5
    assert "Event deck" not in page  # Pack 1 is sealed: no box summary
    player_client.post(
        _page(with_pack_2, "packs/pack_2/comeback/"), {"faction": ELIMINATED, "power": "mobile"}
    )
    page = player_client.get(_page(with_pack_2)).content.decode()
    assert "Comeback power <strong>Mobile</strong>" in page
    assert page.count("Blue slot empty") == 4
    faction = player_client.get(_page(with_pack_2, f"history/factions/{ELIMINATED}/"))
    assert "Comeback power (blue slot)</dt><dd>Mobile" in faction.content.decode()


def test_the_map_legend_lists_the_scars_of_the_box(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1)).content.decode()
    assert "Biohazard scar</text>" in page
    assert 'data-scar="biohazard"' in page and 'fill="#e3c21a"' in page


def test_statistics_count_scars_and_event_cards_by_kind(owner_client, with_pack_1):
    page = owner_client.get(_page(with_pack_1, "history/stats/")).content.decode()
    assert "Scars placed, by kind" in page
    assert "Biohazard: 1 placed" in page
    assert "Event cards resolved, by kind" in page
    assert "Fortify: 1 resolved" in page and "Riots: 1 resolved" in page


def test_statistics_of_a_campaign_without_packs_have_no_event_chart(owner_client, campaign):
    page = owner_client.get(_page(campaign, "history/stats/")).content.decode()
    assert "Scars placed, by kind" in page and "Bunker" in page
    assert "Event cards" not in page
