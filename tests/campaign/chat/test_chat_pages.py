"""Chat beside a digital game and on a campaign's page (issue 20, part 7): what is written is
shown as text (never as HTML), up to a length, at a bounded pace per person; it is kept with
the game or the campaign; its writer or an owner removes it, and a removed message shows as
removed. Members write; readers of a public campaign read its chat; outsiders of a private one
see nothing. Without JavaScript, the forms post and lead back to the page."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import ChatMessage
from campaign.models.chat import CHAT_MESSAGE_MAX
from campaign.services.chat import CHAT_BURST
from campaign.services.digital.finish import digital_game_abandon
from tests.campaign.chat.conftest import campaign_chat_url, game_chat_url

pytestmark = pytest.mark.django_db

ATTACK = '<script>alert("pwned")</script><img src=x onerror=alert(1)>'
FRAGMENT = {"HTTP_X_CHAT_FRAGMENT": "1"}


def _say(client, url: str, text: str, **headers):
    return client.post(url, {"text": text}, **headers)


def test_a_message_written_without_script_is_kept_with_the_game_and_shown_on_its_page(
    owner_client, game
):
    answer = _say(owner_client, game_chat_url(game), "Who takes Alaska?")
    assert answer.status_code == 302
    assert answer["Location"] == f"{game.get_absolute_url()}#chat"
    kept = ChatMessage.objects.get()
    assert (kept.game, kept.campaign, kept.text) == (game, None, "Who takes Alaska?")
    assert kept.author_name == "olga_owner"
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Who takes Alaska?" in page


def test_a_message_is_shown_as_the_text_typed_never_as_html(owner_client, player_client, game):
    _say(owner_client, game_chat_url(game), ATTACK)
    assert ChatMessage.objects.get().text == ATTACK  # kept as typed
    page = player_client.get(game.get_absolute_url()).content.decode()
    fragment = player_client.get(game_chat_url(game)).content.decode()
    for html in (page, fragment):
        assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;" in html
        assert "<img src=x" not in html
        assert '<script>alert("pwned")' not in html


def test_a_message_past_the_length_limit_is_refused_in_plain_words_and_not_stored(
    owner_client, game
):
    answer = _say(owner_client, game_chat_url(game), "x" * (CHAT_MESSAGE_MAX + 1), follow=True)
    assert ChatMessage.objects.count() == 0
    assert f"up to {CHAT_MESSAGE_MAX}" in answer.content.decode()
    exactly = _say(owner_client, game_chat_url(game), "x" * CHAT_MESSAGE_MAX)
    assert exactly.status_code == 302 and ChatMessage.objects.count() == 1


def test_an_empty_message_is_refused(owner_client, game):
    answer = _say(owner_client, game_chat_url(game), "  \n\x00 ", **FRAGMENT)
    assert answer.status_code == 400
    assert "Write a message before sending it." in answer.content.decode()
    assert not ChatMessage.objects.exists()


def test_sending_too_fast_is_refused_with_a_plain_message_and_nothing_stored(
    owner_client, game, campaign
):
    """The pace is per person, across rooms: the campaign's chat counts too."""
    for n in range(CHAT_BURST - 1):
        assert _say(owner_client, game_chat_url(game), f"message {n}").status_code == 302
    assert _say(owner_client, campaign_chat_url(campaign), "last one").status_code == 302
    refused = _say(owner_client, game_chat_url(game), "one too many", **FRAGMENT)
    assert refused.status_code == 429
    assert "faster than the chat takes them" in refused.content.decode()
    assert "message 0" in refused.content.decode()  # the chat itself is still shown
    assert ChatMessage.objects.count() == CHAT_BURST
    assert not ChatMessage.objects.filter(text="one too many").exists()
    page = _say(owner_client, game_chat_url(game), "one too many", follow=True)
    assert "faster than the chat takes them" in page.content.decode()


def test_another_person_is_not_slowed_by_someone_elses_pace(owner_client, player_client, game):
    for n in range(CHAT_BURST + 1):
        _say(owner_client, game_chat_url(game), f"flood {n}")
    assert _say(player_client, game_chat_url(game), "my turn?").status_code == 302
    assert ChatMessage.objects.filter(text="my turn?").exists()


def test_with_script_the_form_is_answered_with_the_fresh_messages(owner_client, game):
    answer = _say(owner_client, game_chat_url(game), "Good luck all", **FRAGMENT)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.startswith('<div class="chat-messages"') and "Good luck all" in html


def test_the_writer_removes_their_own_message_which_then_shows_as_removed(
    player_client, owner_client, game
):
    _say(player_client, game_chat_url(game), "oops, wrong window")
    message = ChatMessage.objects.get()
    answer = player_client.post(f"{game_chat_url(game)}{message.pk}/remove/")
    assert answer.status_code == 302
    message.refresh_from_db()
    assert message.is_removed and message.text == "" and message.removed_by.username
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "oops, wrong window" not in page
    assert "message removed" in page and "pete_player" in page


def test_an_owner_removes_anothers_message_but_a_player_may_not(
    owner_client, player_client, viewer_client, game
):
    _say(viewer_client, game_chat_url(game), "rude words")
    message = ChatMessage.objects.get()
    refused = player_client.post(f"{game_chat_url(game)}{message.pk}/remove/", follow=True)
    assert "Only whoever wrote this message, or an owner" in refused.content.decode()
    message.refresh_from_db()
    assert not message.is_removed
    # No remove button for someone who may not use it.
    assert f"{message.pk}/remove/" not in player_client.get(game_chat_url(game)).content.decode()
    assert f"{message.pk}/remove/" in owner_client.get(game_chat_url(game)).content.decode()
    owner_client.post(f"{game_chat_url(game)}{message.pk}/remove/")
    message.refresh_from_db()
    assert message.is_removed


@pytest.mark.parametrize("who", ["owner", "player", "viewer"])
def test_every_member_reads_and_writes_the_games_chat(who, request, client_for, game):
    client = client_for(request.getfixturevalue(who))
    assert client.get(game_chat_url(game)).status_code == 200
    assert _say(client, game_chat_url(game), f"hello from {who}").status_code == 302
    assert ChatMessage.objects.filter(text=f"hello from {who}").exists()


def test_outsiders_of_a_private_campaign_see_and_write_nothing(
    outsider_client, anon_client, game, campaign, owner_client
):
    _say(owner_client, campaign_chat_url(campaign), "private plans")
    for url in (game_chat_url(game), campaign_chat_url(campaign)):
        assert outsider_client.get(url).status_code == 404
        assert _say(outsider_client, url, "let me in").status_code == 404
        assert anon_client.get(url).status_code == 302  # to sign in
        assert _say(anon_client, url, "let me in").status_code == 302
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["private plans"]
    page = outsider_client.get(campaign.get_absolute_url())
    assert page.status_code == 404


def test_readers_of_a_public_campaign_read_its_chat_but_may_not_write(
    public_campaign, owner_client, outsider_client, anon_client, game
):
    _say(owner_client, campaign_chat_url(public_campaign), "Game night on Friday")
    for reader in (outsider_client, anon_client):
        page = reader.get(public_campaign.get_absolute_url()).content.decode()
        assert "Game night on Friday" in page
        assert 'class="chat-form"' not in page
    refused = _say(outsider_client, campaign_chat_url(public_campaign), "me too", follow=True)
    assert "Only members of the campaign may write in this chat." in refused.content.decode()
    signed_out = _say(anon_client, campaign_chat_url(public_campaign), "me too")
    assert signed_out.status_code == 302 and "/accounts/login/" in signed_out["Location"]
    assert ChatMessage.objects.count() == 1
    # The game's chat stays with the game's page: members only, even here.
    assert outsider_client.get(game_chat_url(game)).status_code == 403


def test_the_campaign_chat_is_kept_apart_from_the_games(owner_client, campaign, game):
    _say(owner_client, campaign_chat_url(campaign), "about the campaign")
    _say(owner_client, game_chat_url(game), "about this game")
    world = owner_client.get(campaign.get_absolute_url()).content.decode()
    table = owner_client.get(game.get_absolute_url()).content.decode()
    assert "about the campaign" in world and "about this game" not in world
    assert "about this game" in table and "about the campaign" not in table


def test_a_message_of_another_room_cannot_be_removed_through_this_one(owner_client, campaign, game):
    _say(owner_client, campaign_chat_url(campaign), "campaign words")
    message = ChatMessage.objects.get()
    assert owner_client.post(f"{game_chat_url(game)}{message.pk}/remove/").status_code == 404
    message.refresh_from_db()
    assert not message.is_removed


ES = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}


def test_the_chat_reads_in_spanish_around_messages_kept_as_typed(
    owner_client, player_client, game, campaign
):
    _say(player_client, game_chat_url(game), "Attack Egypt now")
    message = ChatMessage.objects.get()
    page = owner_client.get(game.get_absolute_url(), **ES).content.decode()
    for words in ("Charla de la mesa", "Tu mensaje", "Enviar", "Quitar", "Attack Egypt now"):
        assert words in page, words
    owner_client.post(f"{game_chat_url(game)}{message.pk}/remove/")
    fragment = owner_client.get(game_chat_url(game), **ES).content.decode()
    assert "mensaje quitado" in fragment
    world = owner_client.get(campaign.get_absolute_url(), **ES).content.decode()
    assert "Chat de la campaña" in world and "Aún no hay mensajes." in world
    refused = _say(owner_client, game_chat_url(game), "", **ES, **FRAGMENT)
    assert "Escribe un mensaje antes de enviarlo." in refused.content.decode()


def test_the_chat_costs_the_same_queries_however_long_it_grows(owner_client, owner, game, campaign):
    """The pages show the latest messages with one query: 60 messages cost what none do."""

    def queries(url: str) -> int:
        owner_client.get(url)
        with CaptureQueriesContext(connection) as captured:
            assert owner_client.get(url).status_code == 200
        return len(captured)

    pages = (game.get_absolute_url(), campaign.get_absolute_url())
    before = [queries(url) for url in pages]
    for room in ({"game": game}, {"campaign": campaign}):
        ChatMessage.objects.bulk_create(
            ChatMessage(author=owner, author_name="olga", text=f"m{n}", **room) for n in range(60)
        )
    assert [queries(url) for url in pages] == before
    assert "The latest 50 messages." in owner_client.get(game.get_absolute_url()).content.decode()


def test_a_finished_games_chat_listens_on_the_games_own_socket(owner_client, owner, game):
    """In play, the game page's socket (game_live.js) passes the chat's news on; once the game
    is over that script stops, so the chat opens the game's socket itself."""
    in_play = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'id="game-live"' in in_play
    assert "data-socket" not in in_play.split('id="chat"')[1].split(">")[0]
    digital_game_abandon(game=game, user=owner)
    over = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'id="game-live"' not in over
    chat = over.split('id="chat"')[1].split(">")[0]
    assert f'data-socket="/ws/c/{game.campaign.slug}/play/{game.pk}/"' in chat
    assert _say(owner_client, game_chat_url(game), "well played").status_code == 302
