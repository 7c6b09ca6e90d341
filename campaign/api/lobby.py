"""API of the lobby (standalone games): the rule sets one may choose, one's tables and the
public ones, setting a table, taking an invited seat and beginning at once. Play itself goes
through the games' API (`/api/v1/games/<id>/...`), as for a campaign's game."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.digital import ERRORS, _session_key
from campaign.errors import NotFoundError
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.standalone import lobby_lists
from campaign.services.digital.start import GameClock
from campaign.services.standalone import (
    NAME_MAX,
    LobbySeat,
    SeatKind,
    standalone_begin_now,
    standalone_game_create,
    standalone_seat_take,
)
from rules.rule_sets import RULE_SETS

OPTION = inline_serializer(
    "RuleSetOption",
    {
        "key": serializers.CharField(),
        "kind": serializers.ChoiceField(choices=["choice", "int", "bool"]),
        "default": serializers.JSONField(),
        "label": serializers.CharField(),
        "help": serializers.CharField(),
        "choices": serializers.ListField(
            child=serializers.DictField(), help_text='A "choice" option\'s {value, label}s.'
        ),
        "minimum": serializers.IntegerField(allow_null=True),
        "maximum": serializers.IntegerField(allow_null=True),
        "rule": serializers.CharField(help_text="The rule ID the option changes."),
    },
)
RULE_SET = inline_serializer(
    "RuleSet",
    {
        "key": serializers.CharField(),
        "name": serializers.CharField(),
        "summary": serializers.CharField(),
        "min_players": serializers.IntegerField(),
        "max_players": serializers.IntegerField(),
        "options": OPTION.__class__(many=True),
    },
)
TABLE = inline_serializer(
    "StandaloneGame",
    {
        "game": serializers.IntegerField(),
        "url": serializers.CharField(help_text="The game page."),
        "status": serializers.ChoiceField(choices=DigitalGame.Status.values),
        "rule_set": serializers.CharField(),
        "options": serializers.DictField(),
        "public": serializers.BooleanField(),
        "seats": serializers.ListField(
            child=serializers.DictField(),
            help_text='Each seat: {"index", "name", "kind" (human, hotseat, bot), "open"}.',
        ),
        "invite_url": serializers.CharField(
            allow_null=True,
            help_text="The invitation link, while seats are open, for the game's players "
            "(and for anyone, for a public game); null otherwise.",
        ),
    },
)


def _option(spec) -> dict[str, Any]:
    return {
        "key": spec.key,
        "kind": spec.kind,
        "default": spec.default,
        "label": _(spec.label),
        "help": _(spec.help) if spec.help else "",
        "choices": [{"value": value, "label": _(label)} for value, label in spec.choices],
        "minimum": spec.minimum,
        "maximum": spec.maximum,
        "rule": spec.rule,
    }


def _table(request: Request, game: DigitalGame) -> dict[str, Any]:
    seats = list(game.seats.all())
    seated = request.user.is_authenticated and any(s.user_id == request.user.pk for s in seats)
    invite = None
    if game.status == DigitalGame.Status.WAITING and (seated or game.is_public):
        invite = request.build_absolute_uri(
            reverse("campaign:play_invite", kwargs={"token": game.invite_token})
        )
    return {
        "game": game.pk,
        "url": request.build_absolute_uri(game.get_absolute_url()),
        "status": game.status,
        "rule_set": game.rule_set,
        "options": game.options,
        "public": game.is_public,
        "seats": [
            {"index": s.index, "name": s.name, "kind": s.kind, "open": s.is_open}
            for s in sorted(seats, key=lambda s: s.index)
        ],
        "invite_url": invite,
    }


class RuleSetListApi(APIView):
    """The rule sets a standalone game may be played under, with their options."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: RULE_SET.__class__(many=True)})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "key": found.key,
                    "name": _(found.name),
                    "summary": _(found.summary) if found.summary else "",
                    "min_players": found.min_players,
                    "max_players": found.max_players,
                    "options": [_option(spec) for spec in found.options],
                }
                for found in RULE_SETS.values()
            ]
        )


class LobbySeatSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=list(SeatKind.ALL),
        help_text="me (you), invite (taken by whoever opens the link), hotseat (played on "
        "this browser session), bot.",
    )
    name = serializers.CharField(
        required=False, allow_blank=True, max_length=NAME_MAX, help_text="A hot-seat or bot name."
    )
    level = serializers.ChoiceField(
        choices=GameSeat.BotLevel.values,
        required=False,
        default=GameSeat.BotLevel.NORMAL,
        help_text="A bot seat's level: easy, normal (the default) or hard.",
    )


class TableRequestSerializer(serializers.Serializer):
    rule_set = serializers.CharField(max_length=20, help_text="A key of GET /api/v1/rule-sets.")
    options = serializers.DictField(
        required=False, help_text="Options by key; those left out take their defaults."
    )
    seats = LobbySeatSerializer(many=True, help_text="The seats in clockwise order.")
    public = serializers.BooleanField(required=False, default=False)
    clock = serializers.ChoiceField(
        choices=DigitalGame.Clock.values,
        required=False,
        default=DigitalGame.Clock.DECISION,
        help_text="none, decision (short windows time out; the default) or turn.",
    )
    turn_hours = serializers.IntegerField(
        required=False, default=24, help_text="With a turn clock: hours for each turn."
    )
    vacation_days = serializers.IntegerField(
        required=False, default=2, help_text="With a turn clock: vacation days a week."
    )


class TableListApi(APIView):
    """Your tables, public tables waiting for players and public games in play (GET); set a
    new table (POST): refused with the rule set's reason when the choice combines badly."""

    @extend_schema(
        responses={
            200: inline_serializer(
                "Lobby",
                {
                    "mine": TABLE.__class__(many=True),
                    "waiting": TABLE.__class__(many=True),
                    "watch": TABLE.__class__(many=True),
                },
            )
        }
    )
    def get(self, request: Request) -> Response:
        lists = lobby_lists(user=request.user)
        return Response(
            {
                "mine": [_table(request, g) for g in lists.mine],
                "waiting": [_table(request, g) for g in lists.waiting],
                "watch": [_table(request, g) for g in lists.watch],
            }
        )

    @extend_schema(request=TableRequestSerializer, responses={201: TABLE, 400: ERRORS, 403: ERRORS})
    def post(self, request: Request) -> Response:
        payload = TableRequestSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        game = standalone_game_create(
            user=request.user,
            rule_set=data["rule_set"],
            options=data.get("options") or {},
            seats=[
                LobbySeat(kind=s["kind"], name=s.get("name", ""), level=s["level"])
                for s in data["seats"]
            ],
            is_public=data["public"],
            session_key=_session_key(request),
            clock=GameClock(
                kind=data["clock"],
                turn_hours=data["turn_hours"],
                vacation_days=data["vacation_days"],
            ),
        )
        return Response(_table(request, game), status=201)


class InviteTakeApi(APIView):
    """Take an open seat with the invitation's token (the last part of its link)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: TABLE, 404: ERRORS, 409: ERRORS})
    def post(self, request: Request, token: str) -> Response:
        game = standalone_seat_take(token=token, user=request.user)
        return Response(_table(request, game))


class TableBeginApi(APIView):
    """Begin a waiting table at once (its starter): bots take the seats still open."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: TABLE, 403: ERRORS, 404: ERRORS, 409: ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        game = DigitalGame.objects.filter(campaign=None, pk=game_id).first()
        if game is None:
            raise NotFoundError(_("No such game."), code="not_found")
        game = standalone_begin_now(game=game, user=request.user)
        return Response(_table(request, game))
