"""API of digital play (`/api/v1/games/<id>/...`): the state as a seat sees it, and moves.

The same services as the game page: a stale version answers 409 with the fresh state, a seat
held by someone else 403, an illegal or malformed move 400 with the rule it breaks."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.errors import ApplicationError, ConflictError, ForbiddenError, NotFoundError
from campaign.models.digital import DigitalGame, GameMove
from campaign.numbers import MAX_DIGITS, whole_number
from campaign.permissions import Action, campaign_check
from campaign.selectors.digital import (
    digital_game_seated,
    digital_game_view,
    digital_game_world,
    seats_held,
)
from campaign.selectors.digital_clock import digital_game_clock
from campaign.selectors.standalone import standalone_may_watch
from campaign.services.digital.moves import StaleGameError, move_submit
from campaign.wording import worded_events
from rules.data import content
from rules.game import GameState, legal_move_options
from rules.rule_sets import RULE_SETS

# The largest table of any rule set (a neutral army of a 2-player game counts as a seat).
MAX_SEAT = max(content().constants["players_max"], *(r.max_players for r in RULE_SETS.values()))
MAX_VERSION = 10**MAX_DIGITS - 1


def _session_key(request: Request) -> str:
    session = getattr(request, "session", None)
    return (session.session_key or "") if session is not None else ""


def _game_for(request: Request, game_id: int) -> DigitalGame:
    """The game if the request may watch it, once its play has begun (404 otherwise)."""
    game = digital_game_seated(game_id=game_id, reader=request.user)
    if game is None:
        raise NotFoundError(_("No such game."), code="not_found")
    _check_may_watch(request, game)
    return game


def _check_may_watch(request: Request, game: DigitalGame) -> None:
    """Members of its campaign may watch a game; a standalone game its players, or anyone if
    it is public (404 for the others: they are not told it exists); and only once its play
    has begun."""
    if game.campaign_id is None:
        if not standalone_may_watch(
            game=game, user=request.user, session_key=_session_key(request)
        ):
            raise NotFoundError(_("No such game."), code="not_found")
    else:
        campaign_check(campaign=game.campaign, user=request.user, action=Action.MEMBER)
    if game.status == DigitalGame.Status.WAITING:
        raise ConflictError(
            _("This game waits for its invited players; play has not begun."),
            code="game_waiting",
        )


def _state_for(
    request: Request, game: DigitalGame, seat: int | None, state: GameState | None = None
) -> dict:
    """The view of `seat` (None: a spectator) with what that seat may do now. `state` is the
    game's, when the caller holds it already (it is read from the row otherwise)."""
    state = state if state is not None else game.game_state()
    data = digital_game_view(game=game, seat=seat, state=state)
    held = seats_held(game=game, user=request.user, session_key=_session_key(request))
    data["held_seats"] = held
    options = []
    if seat is not None and game.is_playing:
        options = [o.to_json() for o in legal_move_options(state, seat)]
    data["legal"] = options
    data["clock"] = digital_game_clock(game=game, seat=seat, state=state)
    # The engine's view carries them; older engines did not.
    data.setdefault("rule_set", game.rule_set)
    data.setdefault("options", game.options)
    data["standalone"] = game.is_standalone
    data["public"] = game.is_public
    return data


ERRORS = inline_serializer(
    "DigitalRefusal",
    {"errors": serializers.ListField(child=serializers.DictField())},
)
DICE = inline_serializer(
    "DigitalGameDice",
    {
        "commitment": serializers.CharField(
            help_text="SHA-256 (hex) of the dice seed's 32 bytes, shown from the start; empty "
            "for games started before commitments."
        ),
        "seed": serializers.CharField(
            allow_null=True,
            help_text="The dice seed (64 hex digits) once the game is over; null while it runs.",
        ),
        "seed_chosen": serializers.BooleanField(
            help_text="The starter chose the seed (a test game): it was never secret."
        ),
    },
)
STATE = inline_serializer(
    "DigitalGameState",
    {
        "game": serializers.IntegerField(),
        "version": serializers.IntegerField(help_text="Send it back with your next move."),
        "status": serializers.CharField(),
        "seat": serializers.IntegerField(allow_null=True),
        "dice": DICE,
        "rule_set": serializers.CharField(
            help_text="The rule set the game is played under (see GET /api/v1/rule-sets)."
        ),
        "options": serializers.DictField(
            help_text="The rule set's options in force, by key, defaults filled in."
        ),
        "table": serializers.DictField(
            required=False,
            help_text="Rule sets other than Legacy: what the table shows (trade-ins made, "
            "the next trade's value, the neutral seat, revealed headquarters, this seat's "
            "own secret objective).",
        ),
        "standalone": serializers.BooleanField(
            help_text="A game outside any campaign, set in the lobby (/play/)."
        ),
        "public": serializers.BooleanField(
            help_text="A standalone game anyone may watch; false for a private one and for "
            "a campaign's game."
        ),
        "world_digest": serializers.CharField(
            help_text="SHA-256 of the world the game stands on (its JSON): fetch it from "
            "GET /api/v1/games/{id}/world when it differs from the one you hold."
        ),
        "phase": serializers.CharField(),
        "current_seat": serializers.IntegerField(),
        "seats": serializers.ListField(child=serializers.DictField()),
        "armies": serializers.DictField(),
        "seats_to_act": serializers.ListField(child=serializers.IntegerField()),
        "held_seats": serializers.ListField(child=serializers.IntegerField()),
        "clock": serializers.DictField(
            help_text="The game's clock: kind (none, decision, turn), turn_hours, "
            "vacation_days, turn_deadline and the timed_seats it waits on, ran_out, "
            "decision_deadline, this seat's vacation_days_left, the seats a bot_stands_in for."
        ),
        "legal": serializers.ListField(
            child=serializers.DictField(),
            help_text='The seat\'s legal moves now: {"move": {...}, "min_count", "max_count"}.',
        ),
    },
)
STALE = inline_serializer(
    "DigitalStale",
    {"errors": serializers.ListField(child=serializers.DictField()), "state": STATE},
)


class GameWorldApi(APIView):
    """The world the game stands on (cities, scars, faction records...), apart from its state:
    it grows with the campaign and changes rarely, so states name it by `world_digest` and
    a client fetches it again only when that changes (the ETag is the digest)."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: inline_serializer(
                "DigitalGameWorld",
                {"digest": serializers.CharField(), "world": serializers.DictField()},
            ),
            304: None,
            404: ERRORS,
        },
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        digest, world = digital_game_world(game=game)
        etag = f'"{digest}"'
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers={"ETag": etag})
        return Response({"digest": digest, "world": world}, headers={"ETag": etag})


class MoveRequestSerializer(serializers.Serializer):
    seat = serializers.IntegerField(
        min_value=0, max_value=MAX_SEAT, help_text="The seat index you play."
    )
    version = serializers.IntegerField(
        min_value=0, max_value=MAX_VERSION, help_text="The version your state showed."
    )
    move = serializers.DictField(help_text='A move as JSON, e.g. {"type": "end_turn"}.')


class GameStateApi(APIView):
    """The game as one seat sees it (its own cards), or as a spectator without `seat`."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "seat", int, required=False, description="A seat you hold; omit to spectate."
            )
        ],
        responses={200: STATE, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        raw = request.query_params.get("seat")
        seat = None
        if raw not in (None, ""):
            seat = whole_number(raw)
            if seat is None or seat >= len(game.seats.all()):
                raise ApplicationError(_("Give a seat number of this game."), code="bad_seat")
            held = seats_held(game=game, user=request.user, session_key=_session_key(request))
            if seat not in held:
                raise ForbiddenError(
                    _("That seat is not yours; watch without a seat instead."), code="not_your_seat"
                )
        return Response(_state_for(request, game, seat))


class GameMovesApi(APIView):
    """The move log (GET, oldest first: it replays to the state; an entry
    `{"type": "take_back", "first": N}` undoes the moves from N on, PRI-4), or submit one move
    for a seat you hold, on the version you saw (POST)."""

    @extend_schema(
        responses={
            200: inline_serializer(
                "DigitalMoveLog",
                {
                    "version": serializers.IntegerField(),
                    "moves": serializers.ListField(child=serializers.DictField()),
                },
            ),
            404: ERRORS,
        },
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        moves = [
            {
                "index": m.index,
                "seat": m.seat,
                "actor": m.actor,
                "move": m.move,
                "events": worded_events(m.events),
            }
            for m in GameMove.objects.filter(game=game).order_by("index")
        ]
        return Response({"version": game.version, "moves": moves})

    @extend_schema(
        request=MoveRequestSerializer,
        responses={
            200: inline_serializer(
                "DigitalMoveApplied",
                {
                    "version": serializers.IntegerField(),
                    "events": serializers.ListField(child=serializers.DictField()),
                    "state": STATE,
                },
            ),
            400: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: STALE,
        },
    )
    def post(self, request: Request, game_id: int) -> Response:
        payload = MoveRequestSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        seat = payload.validated_data["seat"]
        try:
            outcome = move_submit(
                game=game_id,
                seat=seat,
                move=payload.validated_data["move"],
                version=payload.validated_data["version"],
                user=request.user,
                session_key=_session_key(request),
                may_see=lambda game: _check_may_watch(request, game),
            )
        except StaleGameError as stale:
            return Response(
                {**stale.as_json(), "state": _state_for(request, stale.game, seat)}, status=409
            )
        return Response(
            {
                "version": outcome.game.version,
                "events": worded_events(outcome.events),
                "state": _state_for(request, outcome.game, seat, outcome.state),
            }
        )
