"""What the history pages show: the world now and after game N, each game's changes, cities
with founders, scars, a territory's story, a faction card's back, statistics as SVG, packs."""

import json
from dataclasses import replace

import pytest
from django.core.management import call_command

from campaign.models import Campaign
from campaign.selectors.history.describe import describe
from campaign.selectors.world import world_current
from campaign.services.export import campaign_export, campaign_import
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.entry import ScarEntry
from campaign.services.game_log.record import game_log
from rules.rewards import RewardChoice
from rules.world_events import FortificationWorn
from tests.campaign.log.factories import three_player_entry, with_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games(campaign, owner, persons, django_capture_on_commit_callbacks):
    first = three_player_entry(
        persons, scars=(ScarEntry("bunker", "territory", "india", "khan_industries"),)
    )
    second = with_player(three_player_entry(persons), 0, start="greenland")
    second = with_player(second, 1, start="congo", held=("congo",), reward=None)
    second = with_player(second, 2, start="argentina", troops_at_end=True)
    second = replace(second, winner_reward=RewardChoice("R1", "africa", "Afrik"), slogan="")
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=first)
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=second)
    return campaign


def _page(client, campaign, tail):
    response = client.get(f"/campaigns/{campaign.slug}/history/{tail}")
    assert response.status_code == 200
    return response.content.decode()


def _world(client, campaign, query=""):
    response = client.get(f"/campaigns/{campaign.slug}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_history_address_leads_to_the_one_world_page_keeping_the_game(two_games, viewer_client):
    """Two near-identical world pages were one too many: /history/ leads to the world page."""
    world = f"/campaigns/{two_games.slug}/"
    assert viewer_client.get(world + "history/")["Location"] == world
    assert viewer_client.get(world + "history/?game=1")["Location"] == world + "?game=1"
    assert viewer_client.get(world + "history/?game=x").status_code == 404


def test_the_world_page_changes_with_the_game_picked(two_games, viewer_client):
    now = _world(viewer_client, two_games)
    assert "Afrik" in now and "olga_owner" in now
    assert "<svg" in now  # the board
    assert "What game" not in now
    after_first = _world(viewer_client, two_games, "?game=1")
    assert "Afrik" not in after_first.split("What game 1 changed")[0]
    assert "Rio" in after_first and "Cairo" in after_first
    assert "What game 1 changed" in after_first
    assert f"/campaigns/{two_games.slug}/history/games/1/" in after_first


def test_cities_show_their_founder_and_game(two_games, viewer_client):
    page = _world(viewer_client, two_games)
    assert "<strong>Cairo</strong>" in page
    assert "pete_player" in page


def test_the_timeline_lists_each_game(two_games, viewer_client):
    page = _page(viewer_client, two_games, "games/")
    assert 'id="game-1"' in page and 'id="game-2"' in page
    assert "Found a Major City: " in page and "(R2)" not in page
    assert "Name a continent: " in page and "(R1)" not in page
    assert "Bunker scar placed on India by pete_player" in page
    assert "Pack 2 opened: Saharan Republic (vera_viewer) was eliminated in game 1" in page


def test_a_territory_has_its_own_history(two_games, viewer_client):
    page = _page(viewer_client, two_games, "territories/egypt/")
    assert "pete_player started Khan Industries here (held on)" in page
    assert "founded the minor city Cairo in Egypt" in page


def test_a_faction_cards_back_lists_every_game(two_games, viewer_client):
    page = _page(viewer_client, two_games, "factions/saharan_republic/")
    assert "Eliminated" in page and "Held on" in page
    balkania = _page(viewer_client, two_games, "factions/imperial_balkania/")
    assert balkania.count("sat out") == 2


def test_statistics_are_drawn_as_inline_svg(two_games, viewer_client):
    page = _page(viewer_client, two_games, "stats/")
    # and scars by kind, events by kind and missions claimed by mission: olga's second win
    # opened Pack 3 (Join the Cause, the mission deck); nobody has claimed one, so no chart
    # of missions by player
    assert page.count("<svg viewBox") == 7
    assert "<title>olga_owner: 2 won</title>" in page
    assert "Where factions start" in page


def test_the_campaign_history_tells_which_pack_to_open_and_progress(two_games, viewer_client):
    page = _world(viewer_client, two_games)
    assert "Pack 2" in page
    assert "minor cities founded <strong>1/9</strong>" in page
    assert "most signatures by one person <strong>2/2</strong>" not in page  # Pack 3 opened
    assert "Pack 3" in page


def test_export_then_import_then_export_gives_the_same_document(two_games, owner, tmp_path):
    first = campaign_export(campaign=two_games)
    # A restore (the links to every account kept) gives back the very same document.
    copy = campaign_import(document=json.loads(json.dumps(first)), owner=owner, link_accounts=True)
    assert copy.pk != two_games.pk
    second = campaign_export(campaign=copy)

    def strip(document):
        document = json.loads(json.dumps(document))
        document.pop("exported_at")
        for row in [*document["events"], *document["game_logs"]]:
            row.pop("created_at")
        return document

    assert strip(first) == strip(second)
    assert len(first["events"]) >= 10


def test_the_management_commands_round_trip(two_games, owner, tmp_path):
    path = tmp_path / "campaign.json"
    call_command("export_campaign", two_games.slug, "-o", str(path))
    call_command("import_campaign", str(path), "--owner", owner.username)
    copy = Campaign.objects.exclude(pk=two_games.pk).get()
    assert copy.name == two_games.name
    page_world = campaign_export(campaign=copy)["events"]
    assert [e["kind"] for e in page_world] == [
        e["kind"] for e in campaign_export(campaign=two_games)["events"]
    ]


def test_a_bad_import_is_refused_and_creates_nothing(owner_client):
    response = owner_client.post(
        "/api/v1/campaign-imports/",
        data=json.dumps({"format": "something else"}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_import"
    assert Campaign.objects.count() == 0


def test_import_through_the_api(two_games, owner_client, outsider_client):
    document = owner_client.get(f"/api/v1/campaigns/{two_games.slug}/export/").json()
    for person in document["persons"]:
        person["user"] = None  # the others' accounts are not the importer's to link
    response = outsider_client.post(
        "/api/v1/campaign-imports/", data=json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 201
    slug = response.json()["slug"]
    world = outsider_client.get(f"/api/v1/campaigns/{slug}/history/world/").json()
    assert world["world"]["continent_names"]["africa"]["name"] == "Afrik"


def test_the_campaign_page_tells_which_pack_to_open_now(two_games, viewer_client):
    page = viewer_client.get(f"/campaigns/{two_games.slug}/").content.decode()
    assert "Open Pack 3 now</strong>: olga_owner signed the victors&#x27; section" in page
    assert "minor cities founded <strong>1/9</strong>" in page


def test_a_correction_shows_only_what_changed(two_games, owner, persons, viewer_client):
    first = three_player_entry(
        persons,
        scars=(ScarEntry("bunker", "territory", "india", "khan_industries"),),
        slogan="Blood, first",
    )
    game_log_correct(
        campaign=two_games, user=owner, game_number=1, entry=first, reason="Slogan typo"
    )
    page = _page(viewer_client, two_games, "games/")
    assert "<strong>Corrected</strong>: “Slogan typo”" in page
    assert "Re-recorded after the correction of game 1: Slogan typo" in page
    game_one = _page(viewer_client, two_games, "games/1/")
    assert (
        "<del>olga_owner signed the victors&#x27; section on 2026-01-10: “First blood”</del>"
        in game_one
    )
    assert game_one.count("<del>") == 1  # the unchanged events are not listed as voided
    assert _page(viewer_client, two_games, "games/2/").count("<del>") == 0
    india = _page(viewer_client, two_games, "territories/india/")  # the scar came back unchanged
    assert india.count("Bunker scar placed on India") == 1
    assert "<del>" not in india


def test_export_keeps_overrides_and_corrections(two_games, owner, persons):
    fixed = three_player_entry(
        persons,
        scars=(ScarEntry("bunker", "territory", "india", "khan_industries"),),
        slogan="Blood, first",
    )
    game_log_correct(campaign=two_games, user=owner, game_number=1, entry=fixed, reason="typo")
    document = campaign_export(campaign=two_games)
    assert any(e["kind"] == "events_voided" for e in document["events"])
    corrections = [g for g in document["game_logs"] if g["corrects"] is not None]
    assert [g["correction_reason"] for g in corrections][:1] == ["typo"]
    copy = campaign_import(
        document=json.loads(json.dumps(document)), owner=owner, link_accounts=True
    )
    again = campaign_export(campaign=copy)
    assert again["game_logs"] == [
        {**g, "created_at": a["created_at"]}
        for g, a in zip(document["game_logs"], again["game_logs"], strict=True)
    ]
    assert world_current(campaign=copy) == world_current(campaign=two_games)


def test_a_correction_repeating_an_override_lists_it_once(two_games, owner, persons, viewer_client):
    """The original log and its correction accept the same refusal (S-7) for the same reason:
    the game's history names that override once."""
    third = with_player(three_player_entry(persons), 1, start="egypt", reward=None)
    game_log(campaign=two_games, user=owner, entry=third, override_reason="House rule")
    game_log_correct(
        campaign=two_games,
        user=owner,
        game_number=3,
        entry=replace(third, slogan="Again"),
        reason="Slogan",
        override_reason="House rule",
    )
    page = _page(viewer_client, two_games, "games/3/")
    assert page.count("Accepted against the rules") == 1
    assert "Corrected</strong> by" in page


def test_correcting_an_earlier_game_says_the_later_one_is_recorded_again(two_games, owner_client):
    page = owner_client.get(f"/campaigns/{two_games.slug}/history/games/1/correct/confirm/")
    assert "Game 2 came after game 1: it will be recorded again" in page.content.decode()


@pytest.mark.parametrize("boxes, text", [(1, "1 wear box marked"), (2, "2 wear boxes marked")])
def test_fortification_wear_reads_in_the_singular_or_plural(boxes, text):
    assert describe(FortificationWorn("alberta", boxes, 3), {}).startswith(text)
