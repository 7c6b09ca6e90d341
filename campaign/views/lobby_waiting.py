"""A standalone game waiting for its invited players: the seats, the invitation link and, for
its starter, beginning at once with bots in the open seats. Shown where the game's panel will
be; the page's socket tells it when someone sits down or the game begins."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from campaign.models.digital import DigitalGame
from campaign.selectors.standalone import rule_set_words


def waiting_context(request: HttpRequest, game: DigitalGame) -> dict[str, Any]:
    seats = list(game.seats.select_related("user").order_by("index"))
    user = request.user
    seated = user.is_authenticated and any(s.user_id == user.pk for s in seats)
    is_starter = user.is_authenticated and user.pk == game.created_by_id
    invite = reverse("campaign:play_invite", kwargs={"token": game.invite_token})
    return {
        "game": game,
        "seats": seats,
        "open_seats": sum(1 for s in seats if s.is_open),
        "rule_set": rule_set_words(rule_set=game.rule_set, options=game.options),
        # The link is the invitation: its players pass it on; a public game's is in the lobby.
        "invite_url": request.build_absolute_uri(invite) if seated or game.is_public else "",
        "may_join": user.is_authenticated and not seated and game.is_public,
        "invite_path": invite,
        "may_begin": is_starter,
    }
