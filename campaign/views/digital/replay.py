"""The replay page of a digital game: the board after any move of the log (`?move=N`, the
log's own numbering; no number: the start), stepped through with links that work without
JavaScript, and a slider and play/pause that `static/js/replay.js` adds on top."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import BadRequest
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.board_map.render import render_board_svg
from campaign.card_words import card_name
from campaign.errors import ApplicationError
from campaign.numbers import whole_number
from campaign.selectors.campaigns import person_names
from campaign.selectors.digital import game_seats, seats_held
from campaign.selectors.digital_replay import (
    digital_game_replay_at,
    replay_length,
    replay_position,
)
from campaign.views.digital.access import _GameMixin
from campaign.views.digital.panel import _overlay, with_neutral
from campaign.views.digital.words import PHASE_NAMES
from campaign.wording import worded_events
from rules.data import content


def _position(request: HttpRequest, moves: int) -> int:
    """Moves applied at the step asked for (`?move=N`); a bad number is a 400 in plain words."""
    try:
        return replay_position(request.GET.get("move", ""), moves)
    except ApplicationError as refused:
        raise BadRequest(refused.message) from refused


def _viewer(request: HttpRequest, held: list[int]) -> int | None:
    """The reader's seat: the one asked for (`?seat=`) among the seats this browser holds,
    else its only seat; a browser holding several seats (hot-seat) and not saying which
    watches as a spectator, so nobody's hand shows on a shared screen by default."""
    raw = request.GET.get("seat")
    asked = whole_number(raw)
    if raw and asked is None:
        raise BadRequest(_("The seat to show is a seat number of this game (0, 1, 2...)."))
    if asked in held:
        return asked
    return held[0] if len(held) == 1 else None


class DigitalGameReplayView(_GameMixin, TemplateView):
    """Members, like the game page. `?part=step` answers with the step alone (the script's
    fetch); the whole page otherwise."""

    template_name = "campaign/game/replay.html"

    def get_template_names(self) -> list[str]:
        if self.request.GET.get("part") == "step":
            return ["campaign/game/_replay_step.html"]
        return [self.template_name]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game = self.get_game()
        position = _position(self.request, replay_length(game=game))
        session_key = self.request.session.session_key or ""
        held = seats_held(game=game, user=self.request.user, session_key=session_key)
        viewer = _viewer(self.request, held)
        frame = digital_game_replay_at(game=game, position=position, seat=viewer)
        context.update(
            game=game,
            frame=frame,
            viewer=viewer,
            held=held,
            seat_rows=_seat_rows(game, frame.state, frame.view),
            events=worded_events(frame.move.events) if frame.move is not None else [],
            phase_name=PHASE_NAMES.get(frame.state.phase, frame.state.phase),
            last_move=frame.positions - 1,
            board_svg=render_board_svg(
                frame.state.world,
                overlay=_overlay(frame.state, set()),
                people=person_names(campaign=game.campaign) if game.campaign_id else {},
            ),
        )
        return context


def _seat_rows(game, state, view: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat as the step shows it; its cards by name only where the view holds them."""
    factions = content().factions
    rows = []
    for seat, shown in zip(
        with_neutral(game, state, game_seats(game=game)), view["seats"], strict=True
    ):
        cards = None
        if shown["cards"] is not None:
            cards = [card_name(state, card) for card in shown["cards"]]
        scar = None
        if shown["scar_card"]:
            kind = content().scar_types.get(shown["scar_card"])
            scar = kind.name if kind else shown["scar_card"]
        rows.append(
            {
                "seat": seat,
                "shown": shown,
                "faction": factions.get(shown["faction"]) if shown["faction"] else None,
                "cards": cards,
                "scar": scar,
            }
        )
    return rows
