"""The game page's socket: it joins its game's group and passes on each new version and each
change of the game's chat. The campaign page's socket passes on changes of the campaign's chat.

Who may watch, and whether the page's browser holds a seat, are read once, at connection
(with the version then, so a page that loaded just before a move still catches up). A seat
holder's page is told the version and fetches its own panel; a spectator's page is sent what
changed in the spectators' panel (or the whole panel), made once for them all, so spectators
make no request."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from campaign.live import (
    ChatMessageNews,
    VersionMessage,
    campaign_group,
    campaign_reader,
    game_group,
    game_watcher,
    page_words,
)
from campaign.views.digital.spectators import spectator_message, spectator_parts_keep
from notices.presence import WATCHING_REFRESH, watching_start, watching_stop

# The spectators' messages this process is making or made lately, by game, start, version,
# language and zone: the sockets of one process wait on one making (one trip to the cache or
# the database, not one per socket). A message never changes once made.
_spectator_messages: dict[tuple, asyncio.Task] = {}
KEPT_MESSAGES = 32


async def _spectator_text(**watched) -> str | None:
    key = tuple(sorted(watched.items()))
    loop = asyncio.get_running_loop()
    making = _spectator_messages.get(key)
    if making is None or making.get_loop() is not loop or making.cancelled():
        # Off the thread that runs the process's requests: the move's own request may still
        # be writing its answer there, and spectators need not wait for it.
        making = loop.create_task(
            database_sync_to_async(spectator_message, thread_sensitive=False)(**watched)
        )
        _spectator_messages[key] = making
        while len(_spectator_messages) > KEPT_MESSAGES:
            del _spectator_messages[next(iter(_spectator_messages))]
    try:
        return await asyncio.shield(making)
    except Exception:
        _spectator_messages.pop(key, None)  # the next socket tries again
        raise


class GameConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None
    spectator = False
    marked_at = 0.0  # when this page was last marked as watching (time.monotonic)

    async def connect(self) -> None:
        route = self.scope["url_route"]["kwargs"]
        session = self.scope.get("session")
        watcher = await database_sync_to_async(game_watcher)(
            user=self.scope["user"],
            session_key=(session.session_key if session is not None else None) or "",
            slug=route.get("slug"),
            game_id=route["game_id"],
        )
        if watcher is None:
            await self.close()  # refused before the handshake: the browser sees a 403
            return
        self.game_id = route["game_id"]
        self.spectator, self.started = watcher.spectator, watcher.started
        # Checking the zone's name reads the system's list of zones: off the event loop.
        self.language, self.zone = await sync_to_async(page_words)(
            parse_qs(self.scope["query_string"].decode())
        )
        self.group = game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._mark_watching(watching_start)
        await self.send_json({"version": watcher.version})
        if self.spectator:  # the next move's message can then be what changed
            await database_sync_to_async(spectator_parts_keep)(**self._watched(watcher.version))

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._mark_watching(watching_stop)

    def _watched(self, version: int) -> dict:
        return {
            "game_id": self.game_id,
            "started": self.started,
            "version": version,
            "language": self.language,
            "zone": self.zone,
        }

    async def _mark_watching(self, mark) -> None:
        """While this page is open its reader gets no e-mail about the game (notices.mail)."""
        user = self.scope["user"]
        if user.is_authenticated:
            self.marked_at = time.monotonic()
            await sync_to_async(mark)(
                game_id=self.game_id, user_id=user.pk, channel=self.channel_name
            )

    async def receive_json(self, content, **kwargs) -> None:
        """The page has nothing to say over the socket; moves go through HTTP as before."""

    async def game_seats(self, message) -> None:
        """Someone sat down at a waiting game, or its play began: every page fetches anew."""
        await self.send_json({"seats": True})

    async def game_version(self, message: VersionMessage) -> None:
        version = message["version"]
        text = await _spectator_text(**self._watched(version)) if self.spectator else None
        if text is not None:
            await self.send(text_data=text)  # made once for every spectator
        else:
            await self.send_json({"version": version})
        if time.monotonic() - self.marked_at > WATCHING_REFRESH:
            await self._mark_watching(watching_start)  # still open: the mark lives on

    async def chat_changed(self, message: ChatMessageNews) -> None:
        """A chat message was written or removed: the page fetches the chat for its reader."""
        await self.send_json({"chat": message["message"]})


class CampaignChatConsumer(AsyncJsonWebsocketConsumer):
    """The campaign page's socket: whoever may read the campaign hears of its chat's changes
    (checked once, at connection)."""

    group: str | None = None

    async def connect(self) -> None:
        slug = self.scope["url_route"]["kwargs"]["slug"]
        campaign_id = await database_sync_to_async(campaign_reader)(
            user=self.scope["user"], slug=slug
        )
        if campaign_id is None:
            await self.close()  # refused before the handshake: the browser sees a 403
            return
        self.group = campaign_group(campaign_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        """Messages are written through HTTP, where they are checked and stored."""

    async def chat_changed(self, message: ChatMessageNews) -> None:
        await self.send_json({"chat": message["message"]})
