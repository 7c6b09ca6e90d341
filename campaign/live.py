"""Live game pages: after a game's version changes, everyone watching it is told so over the
channel layer (Redis when REDIS_URL is set, so any server process reaches every browser; the
process's memory otherwise). The message is small (the game and its new version): a page
holding seats fetches its own panel, since what it shows depends on them; the socket sends a
spectator's page what changed in the spectators' panel (campaign.consumers)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TypedDict

from django.conf import settings
from django.db import transaction
from redis.exceptions import RedisError

from accounts.time_zone import zone_named
from campaign.layer_send import group_send_now
from campaign.models import Campaign
from campaign.models.digital import DigitalGame
from campaign.permissions import Action, campaign_allows
from campaign.selectors.digital import seats_held
from campaign.selectors.standalone import standalone_may_watch

logger = logging.getLogger(__name__)


class VersionMessage(TypedDict):
    """What the channel layer carries to a game's consumers; `type` names their handler."""

    type: str
    game: int
    version: int


class ChatMessageNews(TypedDict):
    """News of a chat room: a message was written or removed (`message`, its id). Pages then
    fetch the room's messages, worded for their reader and with the buttons their reader may use."""

    type: str
    message: int


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def campaign_group(campaign_id: int) -> str:
    """The campaign page's socket: news of the campaign's own chat."""
    return f"campaign-{campaign_id}"


def chat_announce(*, group: str, message_id: int) -> None:
    """Tell a chat room's pages of a changed message once its transaction commits."""
    news: ChatMessageNews = {"type": "chat.changed", "message": message_id}
    transaction.on_commit(lambda: _send_news(group, news), robust=True)


def _send_news(group: str, news: ChatMessageNews) -> None:
    try:
        group_send_now(group, news)
    except (RedisError, OSError) as exc:
        logger.warning("Chat message %s not announced to %s: %s", news["message"], group, exc)


def game_version_announce(*, game_id: int, version: int) -> None:
    """Tell the game's pages its new version once the transaction that wrote it commits (a
    rolled-back move is never announced). Call inside that transaction."""
    transaction.on_commit(lambda: _send(game_id, version), robust=True)


def game_seats_announce(*, game_id: int) -> None:
    """Tell a game's pages that their panel changed without a move (no new version): someone
    sat down at a standalone table, play began, a take-back waits on an answer or got one.
    Each page fetches its panel again. Call inside the transaction that wrote it."""
    message = {"type": "game.seats", "game": game_id}
    transaction.on_commit(lambda: _send_message(game_id, message, "seats"), robust=True)


def _send(game_id: int, version: int) -> None:
    message: VersionMessage = {"type": "game.version", "game": game_id, "version": version}
    _send_message(game_id, message, f"v{version}")


def _send_message(game_id: int, message, news: str) -> None:
    """The move stands whatever happens here: a layer that cannot be reached is logged, and
    pages catch up at the next change or, without their socket, by their slow poll."""
    try:
        group_send_now(game_group(game_id), message)
    except (RedisError, OSError) as exc:
        logger.warning("Game %s %s not announced: %s", game_id, news, exc)


@dataclass(frozen=True)
class Watcher:
    """A page allowed to watch a game: the version at connection, whether its browser holds
    no seat (a spectator, who is sent the spectators' panel with each news), and when the game
    started (with its id, it names this game for good: an id alone may come back in tests)."""

    version: int
    spectator: bool
    started: str


def game_watcher(*, user, session_key: str, slug: str | None, game_id: int) -> Watcher | None:
    """Who is watching, if `user` may watch the game (as for the game page: the campaign's
    members; a standalone game's players, or anyone for a public one), else None, which tells
    nothing of whether the campaign or game exists."""
    if slug is None:
        game = DigitalGame.objects.filter(campaign=None, pk=game_id).first()
        if game is None or not standalone_may_watch(game=game, user=user, session_key=session_key):
            return None
    else:
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None or not campaign_allows(
            campaign=campaign, user=user, action=Action.MEMBER
        ):
            return None
        game = DigitalGame.objects.filter(campaign=campaign, pk=game_id).first()
        if game is None:
            return None
    held = seats_held(game=game, user=user, session_key=session_key)
    return Watcher(version=game.version, spectator=not held, started=game.created_at.isoformat())


def campaign_reader(*, user, slug: str) -> int | None:
    """The campaign's id if `user` may read it (its chat included), else None, which tells
    nothing of whether the campaign exists."""
    campaign = Campaign.objects.filter(slug=slug).first()
    if campaign is None or not campaign_allows(campaign=campaign, user=user, action=Action.READ):
        return None
    return campaign.pk


def page_words(query: dict[str, list[str]]) -> tuple[str, str]:
    """The language and time zone the page was written in (its socket's address says them),
    for the spectators' panel; anything else falls back to the site's defaults."""
    language = (query.get("lang") or [""])[0]
    zone = (query.get("tz") or [""])[0]
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    return language, zone if zone_named(zone) is not None else settings.TIME_ZONE
