"""The game panel as a spectator sees it (a browser holding no seat of the game), for the game
page's socket to send with the news of a move: spectators then make no request at all.

The panel is rendered once per version, language and time zone, and shared by every socket
(the cache is Redis when set, so processes share it too): it holds no form, hence no CSRF
token, and nothing of any browser's seats, so it is the same for every spectator."""

from __future__ import annotations

import json
import zoneinfo
from importlib import import_module

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest
from django.utils import timezone, translation

from campaign.models.digital import DigitalGame
from campaign.views.digital import panel_html

# A version's panel is sent within a second of its move; later versions replace it.
SPECTATOR_PANEL_SECONDS = 120


def spectator_message(
    *, game_id: int, started: str, version: int, language: str, zone: str
) -> str | None:
    """The socket's message (JSON text) with the panel of the game at `version`, in `language`
    and the time zone `zone` (the page's own, checked when its socket connected): the first
    socket to ask renders it, the others read it without touching the database. None when the
    game is no longer at that version (news of the next one follows) or out of play (the
    rewards form is for its players: pages fetch that themselves)."""
    key = f"spectator-panel:{game_id}:{started}:{version}:{language}:{zone}"
    text = cache.get(key)
    if text is None:
        game = (
            DigitalGame.objects.select_related("campaign", "created_by")
            .filter(pk=game_id, version=version, status=DigitalGame.Status.PLAYING)
            .first()
        )
        if game is None:
            return None
        with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
            panel = panel_html(_spectator_request(), game)
        text = json.dumps({"version": version, "panel": panel})
        cache.set(key, text, SPECTATOR_PANEL_SECONDS)
    return text


def _spectator_request() -> HttpRequest:
    """A request of nobody in particular: it holds no seat, so it sees what any spectator
    does (the panel asks who holds which seat of the request's user and session)."""
    request = HttpRequest()
    request.method = "GET"
    request.user = AnonymousUser()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore()
    return request
