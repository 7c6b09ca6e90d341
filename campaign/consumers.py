"""The game page's socket: it joins its game's group and passes on each new version and each
change of the game's chat. The campaign page's socket passes on changes of the campaign's chat.

Who may watch, and whether the page's browser holds a seat, are read once, at connection
(with the version then, so a page that loaded just before a move still catches up). A seat
holder's page is told the version and fetches its own panel; a spectator's page is sent the
spectators' panel with it, rendered once for them all, so spectators make no request."""

from __future__ import annotations

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
from campaign.views.digital_spectators import spectator_message
from notices.presence import watching_start, watching_stop


class GameConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None
    spectator = False

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

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._mark_watching(watching_stop)

    async def _mark_watching(self, mark) -> None:
        """While this page is open its reader gets no e-mail about the game (notices.mail)."""
        user = self.scope["user"]
        if user.is_authenticated:
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
        await self._mark_watching(watching_start)  # still open: the mark lives another hour
        if self.spectator:
            text = await database_sync_to_async(spectator_message)(
                game_id=self.game_id,
                started=self.started,
                version=version,
                language=self.language,
                zone=self.zone,
            )
            if text is not None:
                await self.send(text_data=text)  # encoded once for every spectator
                return
        await self.send_json({"version": version})

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
