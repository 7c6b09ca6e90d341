"""The box bottom ("Do Not Open. Ever."): sealed unless the campaign's owner chooses to open
it (U-1), with a confirmation page saying it is optional and uncertain; then the players
present write their names on its cards (E-7). Before that nothing of it shows (U-8)."""

from __future__ import annotations

import pytest

from campaign.models import WorldEventRecord
from campaign.selectors.world import world_current, world_snapshot_mismatches
from campaign.services.game_log.record import game_log
from rules import box
from tests.campaign.log.factories import three_player_entry
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db


def _urls(campaign) -> dict[str, str]:
    base = f"/campaigns/{campaign.slug}"
    return {
        "packs": f"{base}/packs/",
        "open": f"{base}/box-bottom/open/",
        "names": f"{base}/box-bottom/names/",
        "pack": f"{base}/packs/do_not_open/",
    }


def test_the_packs_page_offers_the_owner_alone_to_open_it_and_says_it_is_optional_U1(
    campaign, owner_client, player_client
):
    urls = _urls(campaign)
    owners = owner_client.get(urls["packs"]).content.decode()
    assert "optional" in owners and urls["open"] in owners
    players = player_client.get(urls["packs"]).content.decode()
    assert "optional" in players and urls["open"] not in players


def test_the_confirmation_says_optional_uncertain_and_that_a_campaign_ends_without_it(
    campaign, owner_client
):
    page = owner_client.get(_urls(campaign)["open"]).content.decode()
    assert "optional" in page
    assert "uncertain" in page and "single group" in page
    assert "finish without it" in page
    assert not spoilers_in(page, ("do_not_open",))
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.parametrize("reader", ["player_client", "viewer_client"])
def test_only_the_owner_may_open_it_U1(campaign, reader, request):
    client = request.getfixturevalue(reader)
    urls = _urls(campaign)
    assert client.get(urls["open"]).status_code == 403
    assert client.post(urls["open"]).status_code == 403
    assert "do_not_open" not in world_current(campaign=campaign).packs_opened


def test_opening_records_the_owners_choice_then_asks_for_the_names_U1(
    campaign, owner_client, persons
):
    urls = _urls(campaign)
    response = owner_client.post(urls["open"])
    assert response.status_code == 302 and response["Location"] == urls["names"]
    record = WorldEventRecord.objects.get(campaign=campaign, kind="pack_opened")
    assert record.payload["pack"] == "do_not_open"
    assert record.payload["reason"] == {"$msg": "opened by the owner's choice"}
    names = owner_client.get(urls["names"]).content.decode()
    assert persons["player"].display_name in names and "at most 5" in names
    # Asked again, the confirmation sends to the opened pack instead of opening it twice.
    assert owner_client.get(urls["open"])["Location"] == urls["pack"]
    again = owner_client.post(urls["open"])
    assert again.status_code == 400 and "already open" in again.content.decode()
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="pack_opened").count() == 1


def test_the_names_go_on_the_cards_in_order_and_only_once_E7(
    campaign, owner_client, player_client, persons
):
    urls = _urls(campaign)
    owner_client.post(urls["open"])
    present = [persons["player"].key, persons["owner"].key]
    response = player_client.post(urls["names"], {"persons": present})
    assert response.status_code == 302 and response["Location"] == urls["pack"]
    world = world_current(campaign=campaign)
    assert world.named_cards == {"DNO-1": present[0], "DNO-2": present[1]}
    assert [c.code for c in box.event_deck(world) if c.code.startswith("DNO")] == [
        "DNO-1",
        "DNO-2",
    ]
    page = player_client.get(f"{urls['pack']}?look=1").content.decode()
    assert f"DNO-1</span>: {persons['player'].display_name}" in page
    assert player_client.get(urls["names"])["Location"] == urls["pack"]


@pytest.mark.parametrize(
    ("picked", "message"),
    [([], "at least one"), (["nobody"], "only people of this campaign")],
)
def test_bad_names_are_refused_in_plain_words_and_change_nothing(
    campaign, owner_client, picked, message
):
    urls = _urls(campaign)
    owner_client.post(urls["open"])
    response = owner_client.post(urls["names"], {"persons": picked})
    assert response.status_code == 400 and message in response.content.decode()
    assert not world_current(campaign=campaign).named_cards


def test_the_names_page_of_a_sealed_box_bottom_is_not_found_U8(campaign, owner_client):
    urls = _urls(campaign)
    assert owner_client.get(urls["names"]).status_code == 404
    assert owner_client.post(urls["names"], {"persons": ["x"]}).status_code == 404
    assert owner_client.get(urls["pack"]).status_code == 404


def test_the_world_page_lists_it_as_optional_and_never_as_one_to_open_now_U1(
    campaign, viewer_client
):
    page = viewer_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    sealed = page[page.index("Do Not Open. Ever.") :]
    assert '<span class="badge">optional</span>' in sealed[: sealed.index("</li>")]
    assert "Open Do Not Open" not in page


def test_opened_after_a_game_it_is_dated_to_that_game_on_the_packs_page_and_its_history_U1(
    campaign, owner, owner_client, persons, django_capture_on_commit_callbacks
):
    """Opened by choice after game 1: the packs page says after which game, and game 1's
    history lists it with the packs opened then."""
    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    urls = _urls(campaign)

    owner_client.post(urls["open"])

    assert world_current(campaign=campaign).packs_opened["do_not_open"].game == 1
    assert world_snapshot_mismatches(campaign=campaign) == []
    packs = owner_client.get(urls["packs"]).content.decode()
    assert (
        "Do Not Open. Ever.</a>: opened after game 1 (opened by the owner&#x27;s choice)" in packs
    )
    history = owner_client.get(f"/campaigns/{campaign.slug}/history/games/1/").content.decode()
    assert "Do Not Open. Ever. opened: opened by the owner&#x27;s choice" in history
    detail = owner_client.get(urls["pack"]).content.decode()
    assert (
        "Do Not Open. Ever. was opened after game 1: opened by the owner&#x27;s choice." in detail
    )


def test_opened_before_any_game_it_has_no_game_number_U1(campaign, owner_client):
    owner_client.post(_urls(campaign)["open"])

    assert world_current(campaign=campaign).packs_opened["do_not_open"].game is None
