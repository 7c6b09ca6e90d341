"""The chat's API (issue 20, part 7): a campaign's chat and a game's, listed a page at a time
with the newest last, written in, and removed from, under the same rights as the pages, every
refusal in the API's error shape; all of it in the OpenAPI schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaign.models import ChatMessage
from campaign.services.chat import CHAT_BURST

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_for(db):
    def make(user) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


def _campaign_url(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.slug}/chat/"


def _game_url(game) -> str:
    return f"/api/v1/games/{game.pk}/chat"


def test_a_member_writes_and_lists_a_games_chat_newest_last(api_for, owner, player, game):
    for text in ("first", "second", "<b>third</b>"):
        answer = api_for(player).post(_game_url(game), {"text": text}, format="json")
        assert answer.status_code == 201
    listed = api_for(owner).get(_game_url(game)).json()
    assert listed["count"] == 3
    assert [m["text"] for m in listed["results"]] == ["first", "second", "<b>third</b>"]
    assert listed["results"][0]["author"] == "pete_player"
    assert listed["results"][0]["removed"] is False


def test_the_list_is_paged_and_the_last_page_holds_the_newest(api_for, owner, campaign):
    room = _campaign_url(campaign)
    ChatMessage.objects.bulk_create(
        ChatMessage(campaign=campaign, author=owner, author_name="olga", text=f"m{n}")
        for n in range(55)
    )
    first = api_for(owner).get(room).json()
    assert len(first["results"]) == 50 and first["results"][0]["text"] == "m0"
    assert first["next"] and first["previous"] is None
    last = api_for(owner).get(room, {"page": "last"}).json()
    assert [m["text"] for m in last["results"]] == [f"m{n}" for n in range(50, 55)]
    newest_id = last["results"][-1]["id"]
    after = api_for(owner).get(room, {"after": newest_id - 2}).json()
    assert [m["text"] for m in after["results"]] == ["m53", "m54"]
    bad = api_for(owner).get(room, {"after": "-1"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["code"] == "bad_after"


def test_refusals_come_in_the_apis_shape_and_store_nothing(api_for, owner, game):
    client = api_for(owner)
    too_long = client.post(_game_url(game), {"text": "x" * 501}, format="json")
    assert too_long.status_code == 400
    assert too_long.json()["errors"][0]["code"] == "chat_too_long"
    not_words = client.post(_game_url(game), {"text": 12}, format="json")
    assert not_words.status_code == 400
    for n in range(CHAT_BURST):
        assert client.post(_game_url(game), {"text": f"{n}"}, format="json").status_code == 201
    too_fast = client.post(_game_url(game), {"text": "again"}, format="json")
    assert too_fast.status_code == 429
    assert too_fast.json()["errors"][0]["code"] == "chat_too_fast"
    assert ChatMessage.objects.count() == CHAT_BURST


def test_the_writer_and_an_owner_remove_a_player_may_not_remove_anothers(
    api_for, owner, player, viewer, campaign
):
    room = _campaign_url(campaign)
    mine = api_for(player).post(room, {"text": "mine"}, format="json").json()["id"]
    theirs = api_for(viewer).post(room, {"text": "theirs"}, format="json").json()["id"]
    refused = api_for(player).delete(f"{room}{theirs}/")
    assert refused.status_code == 403 and refused.json()["errors"][0]["code"] == "forbidden"
    assert api_for(player).delete(f"{room}{mine}/").status_code == 204
    assert api_for(owner).delete(f"{room}{theirs}/").status_code == 204
    listed = api_for(viewer).get(room).json()["results"]
    assert [(m["text"], m["removed"]) for m in listed] == [("", True), ("", True)]
    assert api_for(owner).delete(f"{room}999999/").status_code == 404


def test_outsiders_of_a_private_campaign_are_told_nothing(api_for, outsider, campaign, game):
    for url in (_campaign_url(campaign), _game_url(game)):
        for client in (api_for(outsider), api_for(None)):
            assert client.get(url).status_code == 404
            assert client.post(url, {"text": "hi"}, format="json").status_code in (401, 403, 404)
    assert api_for(outsider).post(_game_url(game), {"text": "hi"}).status_code == 404
    assert not ChatMessage.objects.exists()


def test_readers_of_a_public_campaign_read_its_chat_but_may_not_write(
    api_for, owner, outsider, public_campaign, game
):
    room = _campaign_url(public_campaign)
    api_for(owner).post(room, {"text": "open table"}, format="json")
    assert api_for(None).get(room).json()["results"][0]["text"] == "open table"
    refused = api_for(outsider).post(room, {"text": "me too"}, format="json")
    assert refused.status_code == 403
    assert ChatMessage.objects.count() == 1
    # A game's chat is for the campaign's members, as its page is.
    assert api_for(outsider).get(_game_url(game)).status_code == 403


def test_the_schema_documents_the_chat(anon_client):
    schema = anon_client.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    campaign_chat = paths["/api/v1/campaigns/{slug}/chat/"]
    game_chat = paths["/api/v1/games/{game_id}/chat"]
    for room in (campaign_chat, game_chat):
        assert set(room) >= {"get", "post"}
        listed = room["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert listed["$ref"].endswith("/PaginatedChatMessageList")
        assert {"201", "400", "403", "404", "429"} <= set(room["post"]["responses"])
    assert "delete" in paths["/api/v1/campaigns/{slug}/chat/{message_id}/"]
    assert "delete" in paths["/api/v1/games/{game_id}/chat/{message_id}"]
    message = schema["components"]["schemas"]["ChatMessage"]["properties"]
    assert {"id", "author", "text", "written_at", "removed", "removed_at"} <= set(message)
