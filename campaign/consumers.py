"""The game page's socket: it joins its game's group and passes on each new version.

Nothing is read per message: the permission and the version at connection are checked once
(so a page that loaded just before a move still catches up), then each announcement goes out
as it came. The page ignores versions it already shows."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from campaign.live import VersionMessage, game_group, game_version_for_watcher


class GameConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None

    async def connect(self) -> None:
        route = self.scope["url_route"]["kwargs"]
        version = await database_sync_to_async(game_version_for_watcher)(
            user=self.scope["user"], slug=route["slug"], game_id=route["game_id"]
        )
        if version is None:
            await self.close()  # refused before the handshake: the browser sees a 403
            return
        self.group = game_group(route["game_id"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"version": version})

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        """The page has nothing to say over the socket; moves go through HTTP as before."""

    async def game_version(self, message: VersionMessage) -> None:
        await self.send_json({"version": message["version"]})
