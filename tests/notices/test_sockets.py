"""The sockets of notices: an open game page marks its reader as watching the game (so no
e-mail about it goes to them) until it closes, and every signed-in page hears its count of what
waits change. Run on the in-memory channel layer (the embedded default)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from campaign.models.digital import GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start
from config.asgi import application
from notices.kinds import Kind
from notices.live import notices_announce
from notices.presence import is_watching
from notices.services import notify

# The consumers read the database through database_sync_to_async, which closes the connection
# around each read: the test cannot hold it in a transaction.
pytestmark = pytest.mark.django_db(transaction=True)


def _headers(user) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [
        (b"origin", b"http://testserver"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
    ]


def test_an_open_game_page_marks_its_reader_until_it_closes(campaign, owner, player, persons):
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    game = digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)
    path = f"/ws/c/{campaign.slug}/play/{game.pk}/"
    headers = _headers(player)

    async def scenario() -> None:
        page = WebsocketCommunicator(application, path, headers=headers)
        connected, _ = await page.connect()
        assert connected
        await page.receive_json_from()
        assert await database_sync_to_async(is_watching)(game_id=game.pk, user_id=player.pk)
        await page.disconnect()
        assert not await database_sync_to_async(is_watching)(game_id=game.pk, user_id=player.pk)

    assert not is_watching(game_id=game.pk, user_id=player.pk)
    async_to_sync(scenario)()
    assert not is_watching(game_id=game.pk, user_id=owner.pk)


def test_a_signed_in_page_hears_its_count_change(campaign, player):
    headers = _headers(player)

    async def scenario() -> None:
        page = WebsocketCommunicator(application, "/ws/notices/", headers=headers)
        connected, _ = await page.connect()
        assert connected
        await database_sync_to_async(notify)(
            Kind.PACK_OPENED, [player], campaign=campaign, params={"pack": "pack_2"}
        )
        assert await page.receive_json_from(timeout=5) == {"notices": 1}
        await database_sync_to_async(notices_announce)(user_ids=[player.pk + 1000])
        assert await page.receive_nothing(timeout=0.2)  # another person's news
        await page.disconnect()

    async_to_sync(scenario)()


def test_a_signed_out_page_gets_no_notices_socket():
    async def scenario() -> None:
        page = WebsocketCommunicator(
            application, "/ws/notices/", headers=[(b"origin", b"http://testserver")]
        )
        connected, _ = await page.connect()
        assert not connected

    async_to_sync(scenario)()
