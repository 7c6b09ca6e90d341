"""Sending on the channel layer from synchronous code (a view, a task, a service's on-commit
callback), whatever thread it runs in."""

from __future__ import annotations

import asyncio
import os
import threading

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer


def group_send_now(group: str, message) -> None:
    """Send on the channel layer from synchronous code, and wait until it is sent. A request
    an ASGI server runs sends on the server's loop, where an in-memory layer's consumers wait
    (asgiref's async_to_sync finds it). Anywhere else (a worker, a WSGI process, the test
    client) async_to_sync would start a new loop in a new thread for each send, which costs
    more than a move's own writes: such sends go to this process's one sending loop instead."""
    send = get_channel_layer().group_send
    if getattr(SyncToAsync.threadlocal, "main_event_loop", None) is not None:
        async_to_sync(send)(group, message)
    else:
        asyncio.run_coroutine_threadsafe(send(group, message), _sending_loop()).result()


_sending: tuple[int, asyncio.AbstractEventLoop] | None = None  # (the process's id, its loop)
_sending_lock = threading.Lock()


def _sending_loop() -> asyncio.AbstractEventLoop:
    """The process's sending loop, started on first use (again in a forked child, where the
    parent's thread does not run)."""
    global _sending
    with _sending_lock:
        if _sending is None or _sending[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channel-sends", daemon=True).start()
            _sending = (os.getpid(), loop)
        return _sending[1]
