"""The chat beside a standalone game: read by whoever may watch the table, written by the
people seated at it, removable by the writer and by the starter; escaped like any chat."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import ChatMessage
from campaign.services.standalone import standalone_seat_take
from tests.play.conftest import SeatKind, table

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_table(owner, player):
    """The owner, an invited seat the player takes, and a bot, public: play has begun."""
    game = table(owner, SeatKind.ME, SeatKind.INVITE, SeatKind.BOT, public=True)
    return standalone_seat_take(token=game.invite_token, user=player)


def chat_url(game) -> str:
    return reverse("campaign:play_game_chat", kwargs={"game_id": game.pk})


def test_the_seated_players_write_and_a_spectator_reads_escaped(
    public_table, owner_client, player_client, outsider_client, anon_client
):
    player_client.post(chat_url(public_table), {"text": "<b>gg</b> next turn tonight"})
    owner_client.post(chat_url(public_table), {"text": "fine by me"})
    assert [m.text for m in ChatMessage.objects.filter(game=public_table)] == [
        "<b>gg</b> next turn tonight",
        "fine by me",
    ]
    page = anon_client.get(public_table.get_absolute_url()).content.decode()
    assert "&lt;b&gt;gg&lt;/b&gt; next turn tonight" in page
    assert "<b>gg</b>" not in page
    assert "The players at this table write here" in page

    refused = outsider_client.post(chat_url(public_table), {"text": "let me in"})
    assert refused.status_code == 302  # back to the page, with the refusal as a message
    assert ChatMessage.objects.filter(game=public_table).count() == 2


def test_a_private_tables_chat_is_hidden_from_outsiders(owner, outsider_client, anon_client):
    game = table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT)
    assert outsider_client.get(chat_url(game)).status_code == 404
    api = f"/api/v1/games/{game.pk}/chat"
    assert outsider_client.get(api).status_code == 404
    assert anon_client.get(api).status_code == 404


def test_the_starter_removes_anyones_message_and_a_player_only_their_own(
    public_table, owner_client, player_client
):
    player_client.post(chat_url(public_table), {"text": "mine"})
    owner_client.post(chat_url(public_table), {"text": "the starter's"})
    mine, starters = ChatMessage.objects.filter(game=public_table).order_by("pk")
    player_client.post(f"{chat_url(public_table)}{starters.pk}/remove/")
    owner_client.post(f"{chat_url(public_table)}{mine.pk}/remove/")
    mine.refresh_from_db()
    starters.refresh_from_db()
    assert mine.is_removed and not starters.is_removed


def test_the_api_serves_a_standalone_tables_chat(public_table, player_client, anon_client):
    api = f"/api/v1/games/{public_table.pk}/chat"
    written = player_client.post(api, {"text": "hello table"}, content_type="application/json")
    assert written.status_code == 201
    assert [m["text"] for m in anon_client.get(api).json()["results"]] == ["hello table"]
    refused = anon_client.post(api, {"text": "me too"}, content_type="application/json")
    assert refused.status_code in (401, 403)
