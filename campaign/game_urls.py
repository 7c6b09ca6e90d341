"""Addresses of a digital game's pages: a campaign's game lives under its campaign
(`/c/<slug>/play/<id>/...`), a standalone game under the lobby (`/play/<id>/...`). The same
views serve both; templates ask `{% game_url game "move" %}` and need not know which."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

# The page names a game has (the game page itself is "page").
GAME_PAGES = (
    "page",
    "panel",
    "log",
    "move",
    "reveal",
    "preference",
    "vacation",
    "seat_reclaim",
    "rewards",
    "abandon",
    "dice",
    "replay",
    "take_back",
    "take_back_answer",
)


def game_path(game: Any, page: str = "page", **more: Any) -> str:
    """The address of `page` of `game` (a DigitalGame); `more` fills the page's own parts
    of the address (a take-back's `request_id`)."""
    if page not in GAME_PAGES:
        raise ValueError(f"no game page {page!r}")
    suffix = "" if page == "page" else f"_{page}"
    if game.campaign_id is None:
        return reverse(f"campaign:play_game{suffix}", kwargs={"game_id": game.pk, **more})
    return reverse(
        f"campaign:digital_game{suffix}",
        kwargs={"slug": game.campaign.slug, "game_id": game.pk, **more},
    )


def game_socket_path(game: Any) -> str:
    """The address of the game page's socket (campaign.routing)."""
    if game.campaign_id is None:
        return f"/ws/play/{game.pk}/"
    return f"/ws/c/{game.campaign.slug}/play/{game.pk}/"
