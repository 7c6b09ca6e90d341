"""The owner's hand on the box: a sealed pack opened by hand (a vote, a misprint, swapped
contents) even though its condition was not met, with what its opening brought, recorded as an
override with its reason and shown like one (U-1); players may not (U-1); nothing of the pack
shows before the owner confirmed which pack (U-8)."""

from __future__ import annotations

import json

import pytest

from campaign.models import PackUnlock, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.export import campaign_export, campaign_import
from campaign.services.game_log.record import game_log
from campaign.wording import reason_words
from tests.campaign.log.factories import three_player_entry
from tests.campaign.spoilers.walk import spoilers_in

pytestmark = pytest.mark.django_db

VOTE = {"pack": "pocket_1", "why": "vote", "words": "We voted 3 to 1 at game night."}


def _url(campaign) -> str:
    return f"/campaigns/{campaign.slug}/open-by-hand/"


def _nuke(persons, **changes) -> dict[str, str]:
    return {
        **VOTE,
        "stage": "record",
        "territory": "egypt",
        "faction": "khan_industries",
        "person": persons["player"].key,
        **changes,
    }


def test_the_owner_opens_pocket_1_by_a_vote_with_a_nuked_territory_U1_J162s(
    campaign, owner, owner_client, persons
):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    done = owner_client.post(_url(campaign), _nuke(persons))
    assert done.status_code == 302
    assert done["Location"] == f"/campaigns/{campaign.slug}/packs/pocket_1/"
    world = world_current(campaign=campaign)
    assert "pocket_1" in world.packs_opened
    assert (world.fallout, world.bringer) == ("egypt", "khan_industries")
    # Egypt held the minor city Cairo (game 1): the Fallout Zone mark covers it.
    assert "egypt" not in world.cities and "egypt" in world.destroyed_cards
    nuked, opened = WorldEventRecord.objects.filter(campaign=campaign).order_by("-seq")[:2]
    assert (opened.kind, opened.payload["pack"], nuked.kind) == (
        "pack_opened",
        "pocket_1",
        "nuclear_strike",
    )
    reason = (
        "opened by the owner's hand, the group voted to open it: We voted 3 to 1 at game night."
    )
    assert opened.override_reason == nuked.override_reason
    assert reason_words(opened.override_reason) == reason  # kept as data, worded when read
    assert PackUnlock.objects.filter(campaign=campaign, pack="pocket_1").count() == 1
    page = owner_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    assert 'id="fallout-zone"' in page and "Bringer of Nuclear Fire" in page
    history = owner_client.get(f"/campaigns/{campaign.slug}/history/games/1/").content.decode()
    assert "Accepted against the rules</strong> by olga_owner" in history
    assert "We voted 3 to 1 at game night." in history
    packs = owner_client.get(f"/campaigns/{campaign.slug}/packs/").content.decode()
    assert "opened by the owner&#x27;s hand" in packs


def test_a_pack_whose_opening_asks_nothing_is_opened_on_confirmation_U1(campaign, owner_client):
    choice = {"pack": "pack_1", "why": "swapped", "words": ""}
    confirm = owner_client.post(_url(campaign), {**choice, "stage": "confirm"})
    assert confirm.status_code == 200
    assert 'name="stage" value="record"' in confirm.content.decode()
    assert owner_client.post(_url(campaign), {**choice, "stage": "record"}).status_code == 302
    opening = world_current(campaign=campaign).packs_opened["pack_1"]
    assert opening.reason == "opened by the owner's hand, the contents were found swapped"
    assert opening.game is None


def test_the_confirmation_names_the_pack_only_and_says_it_cannot_be_undone_U8(
    campaign, owner_client
):
    first = owner_client.get(_url(campaign)).content.decode()
    confirm = owner_client.post(_url(campaign), {**VOTE, "stage": "confirm"}).content.decode()
    assert "Pocket 1" in confirm and "cannot be undone, except by a correction" in confirm
    assert 'name="stage" value="brought"' in confirm
    brought = owner_client.post(_url(campaign), {**VOTE, "stage": "brought"}).content.decode()
    assert "Territory nuked" in brought and "Faction that fired the third missile" in brought
    for page in (first, confirm):
        assert not spoilers_in(page, ("pocket_1", "pocket_2", "do_not_open"))
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


@pytest.mark.parametrize("reader", ["player_client", "viewer_client"])
def test_a_player_cannot_open_a_pack_by_hand_U1(campaign, persons, reader, request):
    client = request.getfixturevalue(reader)
    assert client.get(_url(campaign)).status_code == 403
    assert client.post(_url(campaign), _nuke(persons)).status_code == 403
    assert "pocket_1" not in world_current(campaign=campaign).packs_opened
    packs = client.get(f"/campaigns/{campaign.slug}/packs/").content.decode()
    assert _url(campaign) not in packs


def test_what_it_brought_is_checked_and_a_refusal_writes_nothing_U7(
    campaign, owner_client, persons
):
    """Alien Island's ends must touch an ocean: the refusal names why, nothing is open."""
    island = {
        "pack": "pocket_2",
        "why": "misprint",
        "words": "",
        "stage": "record",
        "faction": "khan_industries",
        "end_a": "egypt",
        "end_b": "egypt",
        "person": "",
    }
    refused = owner_client.post(_url(campaign), island)
    assert refused.status_code == 400
    assert "two different territories" in refused.content.decode()
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    done = owner_client.post(_url(campaign), {**island, "end_b": "brazil"})
    assert done.status_code == 302
    world = world_current(campaign=campaign)
    assert world.alien_island == ("egypt", "brazil")
    assert world.faction_scars["khan_industries"].kind == "alien_collaborator"


def test_an_open_pack_or_bad_input_is_refused_in_plain_words_never_a_500(
    campaign, owner_client, persons
):
    assert owner_client.post(_url(campaign), _nuke(persons)).status_code == 302
    again = owner_client.post(_url(campaign), _nuke(persons, territory="peru"))
    assert again.status_code == 400
    assert "Choose one of this campaign&#x27;s sealed packs." in again.content.decode()
    for bad in ({"pack": "nonsense"}, {"why": "whim"}, {"stage": "elsewhere"}, {"pack": ""}):
        response = owner_client.post(_url(campaign), {**VOTE, "stage": "confirm", **bad})
        assert response.status_code == 400
    other = owner_client.post(
        _url(campaign), {"pack": "pack_2", "why": "other", "words": " ", "stage": "record"}
    )
    assert other.status_code == 400 and "Say in a few words" in other.content.decode()
    assert "pack_2" not in world_current(campaign=campaign).packs_opened


def test_an_export_of_a_campaign_with_a_pack_opened_by_hand_imports_again_U1(
    campaign, owner, owner_client, persons
):
    """The early opening travels as the owner's override, so the import takes it."""
    assert owner_client.post(_url(campaign), _nuke(persons)).status_code == 302
    copy = campaign_import(
        document=json.loads(json.dumps(campaign_export(campaign=campaign, show_accounts=False))),
        owner=owner,
    )
    world = world_current(campaign=copy)
    assert (world.fallout, world.bringer) == ("egypt", "khan_industries")
    assert world.packs_opened["pocket_1"].reason.startswith("opened by the owner's hand")
