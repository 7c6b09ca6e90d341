"""API of a digital game's replay (`/api/v1/games/<id>/replay?move=N`): the board after any
move of the log, as the replay page shows it to the same reader (each step the engine's view
for the reader's seat while the game runs; every hand once the dice seed is out), the step's
events in the reader's language, and the steps either side."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.digital import ERRORS, _game_for, _session_key
from campaign.errors import ApplicationError, ForbiddenError
from campaign.models.digital import DigitalGame
from campaign.numbers import whole_number
from campaign.selectors.digital import seats_held
from campaign.selectors.digital_replay import (
    ReplayFrame,
    digital_game_replay_at,
    replay_length,
    replay_position,
)
from campaign.wording import worded_events
from campaign.world_cache import world_digest

REPLAY = inline_serializer(
    "DigitalGameReplay",
    {
        "game": serializers.IntegerField(),
        "move": serializers.IntegerField(
            allow_null=True,
            help_text="The log's number of the move shown (from 0); null at the start.",
        ),
        "step": serializers.IntegerField(help_text="Moves applied at this step (0: the start)."),
        "steps": serializers.IntegerField(help_text="How many steps there are: the moves + 1."),
        "previous": serializers.IntegerField(
            allow_null=True, help_text="The `move` of the step before (-1: the start), or null."
        ),
        "next": serializers.IntegerField(
            allow_null=True, help_text="The `move` of the step after, or null at the last."
        ),
        "previous_url": serializers.CharField(allow_null=True),
        "next_url": serializers.CharField(allow_null=True),
        "seat": serializers.IntegerField(
            allow_null=True, help_text="The seat whose view this is; null: a spectator's."
        ),
        "open_hands": serializers.BooleanField(
            help_text="Every hand is shown: the game is over and its dice seed out."
        ),
        "mover": serializers.IntegerField(
            allow_null=True, help_text="The seat that made the move shown."
        ),
        "events": serializers.ListField(
            child=serializers.DictField(), help_text="What the move did, in your language."
        ),
        "state": serializers.DictField(
            help_text="The board at this step as the seat may see it (as in the state API; "
            "the world is named by `world_digest`)."
        ),
    },
)


def _reader_seat(request: Request, game: DigitalGame) -> int | None:
    """The seat asked for (it must be one the reader holds), else the reader's only seat; a
    browser holding several seats (hot-seat) and naming none watches as a spectator."""
    held = seats_held(game=game, user=request.user, session_key=_session_key(request))
    raw = request.query_params.get("seat")
    if raw in (None, ""):
        return held[0] if len(held) == 1 else None
    seat = whole_number(raw)
    if seat is None or seat >= len(game.seats.all()):
        raise ApplicationError(_("Give a seat number of this game."), code="bad_seat")
    if seat not in held:
        raise ForbiddenError(
            _("That seat is not yours; watch without a seat instead."), code="not_your_seat"
        )
    return seat


def _link(request: Request, game: DigitalGame, move: int | None) -> str | None:
    if move is None:
        return None
    query = f"?move={move}"
    if seat := request.query_params.get("seat"):
        query += f"&seat={seat}"
    path = reverse("api:game-replay", kwargs={"game_id": game.pk})
    return request.build_absolute_uri(path + query)


def replay_answer(request: Request, game: DigitalGame, frame: ReplayFrame, seat: int | None):
    """The step as JSON: the view without the world (named by its digest instead)."""
    state: dict[str, Any] = {k: v for k, v in frame.view.items() if k != "world"}
    state["world_digest"] = world_digest(frame.state.world)
    previous = frame.position - 2 if frame.position > 0 else None
    following = frame.position if frame.position < frame.positions else None
    return {
        "game": game.pk,
        "move": frame.move_index,
        "step": frame.position,
        "steps": frame.positions + 1,
        "previous": previous,
        "next": following,
        "previous_url": _link(request, game, previous),
        "next_url": _link(request, game, following),
        "seat": seat,
        "open_hands": frame.open_hands,
        "mover": frame.move.seat if frame.move is not None else None,
        "events": worded_events(frame.move.events) if frame.move is not None else [],
        "state": state,
    }


class GameReplayApi(APIView):
    """The board after move `move` of the log, as you may see it then."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "move",
                str,
                required=False,
                description="The log's move number to show the board after (from 0); -1 or "
                "none: the start.",
            ),
            OpenApiParameter(
                "seat",
                str,
                required=False,
                description="A seat you hold; by default your only seat, else a spectator's view.",
            ),
        ],
        responses={200: REPLAY, 400: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        position = replay_position(request.query_params.get("move", ""), replay_length(game=game))
        seat = _reader_seat(request, game)
        frame = digital_game_replay_at(game=game, position=position, seat=seat)
        return Response(replay_answer(request, game, frame, seat))
