"""Chat delivered live (issue 20, part 7), the way moves are: once a message is written or
removed and its transaction commits, every socket watching the room hears of it (the game
page's socket for a game's chat; the campaign page's own socket for the campaign's chat) and
the page fetches the messages for its reader. Who may open a campaign's socket is checked when
it connects, as for its page: its readers, nobody else."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from campaign.errors import ApplicationError
from campaign.selectors.chat import ChatRoom
from campaign.services.chat import chat_message_post, chat_message_remove
from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

SITE = b"http://testserver"


def _socket(path: str, user) -> Callable[[], WebsocketCommunicator]:
    """A socket to open later, from the async scenario (signing in needs the database)."""
    headers = [(b"origin", SITE)]
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return lambda: WebsocketCommunicator(application, path, headers=headers)


def _game_socket(game, user):
    return _socket(f"/ws/c/{game.campaign.slug}/play/{game.pk}/", user)


def _campaign_socket(campaign, user):
    return _socket(f"/ws/c/{campaign.slug}/chat/", user)


def _opens(make) -> bool:
    opened: list[bool] = []

    async def scenario() -> None:
        socket = make()
        connected, _ = await socket.connect()
        opened.append(connected)
        await socket.disconnect()

    async_to_sync(scenario)()
    return opened[0]


def test_a_message_in_a_games_chat_reaches_every_open_socket_of_the_game(
    owner, player, viewer, game, django_capture_on_commit_callbacks
):
    makers = [_game_socket(game, user) for user in (owner, player, viewer)]
    written: list[int] = []

    def write() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            message = chat_message_post(room=ChatRoom.of_game(game), user=player, text="gg")
        written.append(message.pk)

    heard: list[dict] = []

    async def scenario() -> None:
        sockets = [make() for make in makers]
        for watcher in sockets:
            assert (await watcher.connect())[0]
            assert await watcher.receive_json_from() == {"version": game.version}
        await database_sync_to_async(write)()
        for watcher in sockets:
            heard.append(await watcher.receive_json_from())
            assert await watcher.receive_nothing()
            await watcher.disconnect()

    async_to_sync(scenario)()
    assert heard == [{"chat": written[0]}] * 3


def test_a_refused_message_announces_nothing(owner, game, django_capture_on_commit_callbacks):
    def refused() -> None:
        with (
            django_capture_on_commit_callbacks(execute=True) as announced,
            pytest.raises(ApplicationError),
        ):
            chat_message_post(room=ChatRoom.of_game(game), user=owner, text="x" * 501)
        assert announced == []

    make = _game_socket(game, owner)

    async def scenario() -> None:
        socket = make()
        assert (await socket.connect())[0]
        await socket.receive_json_from()
        await database_sync_to_async(refused)()
        assert await socket.receive_nothing()
        await socket.disconnect()

    async_to_sync(scenario)()


@pytest.mark.parametrize("who", ["owner", "player", "viewer"])
def test_members_open_the_campaigns_chat_socket(who, request, campaign):
    assert _opens(_campaign_socket(campaign, request.getfixturevalue(who)))


def test_readers_of_a_public_campaign_open_its_chat_socket(public_campaign, outsider):
    assert _opens(_campaign_socket(public_campaign, outsider))
    assert _opens(_campaign_socket(public_campaign, None))


def test_outsiders_of_a_private_campaign_cannot_open_its_chat_socket(campaign, outsider):
    assert not _opens(_campaign_socket(campaign, outsider))
    assert not _opens(_campaign_socket(campaign, None))
    assert not _opens(_socket("/ws/c/no-such-campaign/chat/", outsider))


def test_the_campaigns_chat_is_heard_on_its_socket_and_not_on_the_games(
    owner, player, campaign, game, django_capture_on_commit_callbacks
):
    """Writing and removing in the campaign's chat reach the campaign's socket only; the
    game's chat reaches the game's socket only."""
    on_campaign = _campaign_socket(campaign, player)
    on_game = _game_socket(game, player)
    ids: dict[str, int] = {}

    def talk() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            said = chat_message_post(room=ChatRoom.of_campaign(campaign), user=player, text="hi")
        with django_capture_on_commit_callbacks(execute=True):
            chat_message_remove(room=ChatRoom.of_campaign(campaign), message_id=said.pk, user=owner)
        with django_capture_on_commit_callbacks(execute=True):
            table = chat_message_post(room=ChatRoom.of_game(game), user=owner, text="at the table")
        ids.update(campaign=said.pk, game=table.pk)

    heard: dict[str, list[dict]] = {"campaign": [], "game": []}

    async def scenario() -> None:
        campaign_socket, game_socket = on_campaign(), on_game()
        assert (await campaign_socket.connect())[0]
        assert (await game_socket.connect())[0]
        await game_socket.receive_json_from()  # the game's version
        await database_sync_to_async(talk)()
        heard["campaign"] += [
            await campaign_socket.receive_json_from(),
            await campaign_socket.receive_json_from(),
        ]
        heard["game"].append(await game_socket.receive_json_from())
        assert await campaign_socket.receive_nothing()
        assert await game_socket.receive_nothing()
        await campaign_socket.disconnect()
        await game_socket.disconnect()

    async_to_sync(scenario)()
    assert heard["campaign"] == [{"chat": ids["campaign"]}] * 2  # written, then removed
    assert heard["game"] == [{"chat": ids["game"]}]
