"""Every signed-in page's socket for its reader's notices: it is sent the new count of what
waits for them whenever it changes (notices.live)."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from notices.live import user_group
from notices.selectors import notices_waiting_count


class NoticesConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None

    async def connect(self) -> None:
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close()  # nothing to tell a visitor signed out
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        """The page has nothing to say; notices are read and dismissed over HTTP."""

    async def notices_changed(self, message: dict) -> None:
        count = await database_sync_to_async(notices_waiting_count)(user=self.scope["user"])
        await self.send_json({"notices": count})
