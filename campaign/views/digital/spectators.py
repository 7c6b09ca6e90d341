"""The game panel as a spectator sees it (a browser holding no seat of the game), for the game
page's socket to send with the news of a move: spectators then make no request at all.

The message is the panel's changes since the version last sent (campaign.panel_parts: the
territories, header, side column and log lines that changed), which the page applies; the whole
panel when the changes are more than that, or when no version was rendered for spectators yet.
It is made once per version, language and time zone, and shared by every socket (the cache is
Redis when set, so processes share it too): the panel holds no form, hence no CSRF token, and
nothing of any browser's seats, so it is the same for every spectator."""

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
from campaign.panel_parts import PanelParts, changes, panel_parts
from campaign.views.digital.panel import panel_html

# A version's message is sent within a second of its move; later versions replace it.
SPECTATOR_PANEL_SECONDS = 120
# A version's parts wait for the next move, which may be a while at a table of people.
SPECTATOR_PARTS_SECONDS = 3600


def spectator_message(
    *, game_id: int, started: str, version: int, language: str, zone: str
) -> str | None:
    """The socket's message (JSON text) taking a spectator's page to the game at `version`, in
    `language` and the time zone `zone` (the page's own, checked when its socket connected):
    the first socket to ask makes it, the others read it without touching the database. None
    when the game is no longer at that version (news of the next one follows) or out of play
    (the rewards form is for its players: pages fetch that themselves)."""
    where = f"{game_id}:{started}:{language}:{zone}"
    key = f"spectator-panel:{where}:{version}"
    text = cache.get(key)
    if text is None:
        rendered = _rendered(game_id, version, language, zone, where)
        if rendered is None:
            return None
        panel, parts, before = rendered
        patch = None
        if before is not None:
            patch = changes(before[1], parts, source=before[0], version=version)
        text = json.dumps(patch if patch is not None else {"version": version, "panel": panel})
        cache.set(key, text, SPECTATOR_PANEL_SECONDS)
    return text


def spectator_parts_keep(
    *, game_id: int, started: str, version: int, language: str, zone: str
) -> None:
    """A spectator's socket opened on the game at `version`: keep that panel's parts, so the
    next move's message can be its changes (the page shows that very panel)."""
    where = f"{game_id}:{started}:{language}:{zone}"
    if version not in dict(_kept(where)):
        _rendered(game_id, version, language, zone, where)


Kept = tuple[int, PanelParts]


def _kept(where: str) -> list[Kept]:
    """The parts of the last two versions rendered for spectators, oldest first. Two: a process
    making a version's message after another process kept that version still finds the one
    before, and makes the same changes."""
    kept = cache.get(f"spectator-parts:{where}")
    return kept if isinstance(kept, list) else []


def _rendered(
    game_id: int, version: int, language: str, zone: str, where: str
) -> tuple[str, PanelParts, Kept | None] | None:
    """The spectators' panel at `version`, its parts (kept under `where`: the game, its start,
    the language and zone, for the next move's changes) and the last version's kept before it,
    if any; None when the game is no longer at that version or out of play. A move may take the
    game several versions on (a turn with nothing to choose at its start): the changes are from
    the version last rendered."""
    game = (
        DigitalGame.objects.select_related("campaign", "created_by")
        .filter(pk=game_id, version=version, status=DigitalGame.Status.PLAYING)
        .first()
    )
    if game is None:
        return None
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        panel = panel_html(_spectator_request(), game)
    parts = panel_parts(panel)
    earlier = [entry for entry in _kept(where) if entry[0] < version][-1:]
    cache.set(f"spectator-parts:{where}", [*earlier, (version, parts)], SPECTATOR_PARTS_SECONDS)
    return panel, parts, earlier[0] if earlier else None


def _spectator_request() -> HttpRequest:
    """A request of nobody in particular: it holds no seat, so it sees what any spectator
    does (the panel asks who holds which seat of the request's user and session)."""
    request = HttpRequest()
    request.method = "GET"
    request.user = AnonymousUser()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore()
    return request
