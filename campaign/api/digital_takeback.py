"""API of take-backs (PRI-4) under `/api/v1/games/<id>/take-back`: what a seat may take back
now (or why not), taking it back or asking for it, and answering a request. The same services
as the game page; refusals use the API's error shape with the rule they cite."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.digital import (
    ERRORS,
    MAX_SEAT,
    MAX_VERSION,
    STATE,
    _game_for,
    _session_key,
    _state_for,
)
from campaign.errors import ApplicationError, ForbiddenError
from campaign.models.digital_takeback import TakeBackRequest
from campaign.numbers import whole_number
from campaign.selectors.digital import seats_held
from campaign.selectors.digital_replay import digital_game_turn
from campaign.selectors.digital_takeback import pending_take_backs
from campaign.services.digital.moves import StaleGameError
from campaign.services.digital.takeback import take_back_answer, take_back_submit
from rules.errors import IllegalMove
from rules.game.takeback import take_back_offer

REQUEST = inline_serializer(
    "TakeBackRequest",
    {
        "id": serializers.IntegerField(),
        "seat": serializers.IntegerField(help_text="The seat that asked."),
        "first": serializers.IntegerField(help_text="Log number of the first move undone."),
        "version": serializers.IntegerField(help_text="The game's version when asked."),
        "waiting_on": serializers.ListField(child=serializers.IntegerField()),
        "agreed": serializers.ListField(child=serializers.IntegerField()),
        "status": serializers.ChoiceField(choices=TakeBackRequest.Status.values),
    },
)
REFUSAL = inline_serializer(
    "TakeBackRefusal",
    {
        "code": serializers.CharField(),
        "message": serializers.CharField(),
        "rule": serializers.CharField(),
    },
    allow_null=True,
)
OFFER = inline_serializer(
    "TakeBackOffer",
    {
        "available": serializers.BooleanField(),
        "moves": serializers.ListField(
            child=serializers.IntegerField(), help_text="Log numbers a take-back would undo."
        ),
        "others": serializers.ListField(
            child=serializers.IntegerField(),
            help_text="Seats whose answers go with them: people among them must agree.",
        ),
        "refusal": REFUSAL,
        "requests": serializers.ListField(child=REQUEST, help_text="Requests still waiting."),
    },
)


def _request_json(request: TakeBackRequest) -> dict:
    return {
        "id": request.pk,
        "seat": request.seat,
        "first": request.first,
        "version": request.version,
        "waiting_on": request.waiting_on,
        "agreed": request.agreed,
        "status": request.status,
    }


class TakeBackBody(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEAT, help_text="Your seat.")
    version = serializers.IntegerField(
        min_value=0, max_value=MAX_VERSION, help_text="The version your state showed."
    )


class AnswerBody(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEAT, help_text="Your seat.")
    accept = serializers.BooleanField(help_text="true to agree, false to decline.")


class TakeBackApi(APIView):
    """GET: what `seat` may take back now, or the refusal saying why not (PRI-4). POST: take
    it back (200 with the new state), or, when other people's answers go with it, ask them
    (202 with the request)."""

    @extend_schema(
        parameters=[OpenApiParameter("seat", int, required=True, description="A seat.")],
        responses={200: OFFER, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        seat = whole_number(request.query_params.get("seat", ""))
        if seat is None or seat >= game.seats.count():
            raise ApplicationError(_("Give a seat number of this game."), code="bad_seat")
        answer = {"available": False, "moves": [], "others": [], "refusal": None}
        if game.is_playing:
            state, turn = digital_game_turn(game=game)
            try:
                offer = take_back_offer(turn, state, seat)
            except IllegalMove as refusal:
                answer["refusal"] = {
                    "code": refusal.code,
                    "message": refusal.message,
                    "rule": refusal.rule,
                }
            else:
                answer.update(available=True, moves=list(offer.moves), others=list(offer.others))
        else:
            answer["refusal"] = {
                "code": "game_over",
                "message": _("This game is over; no more moves."),
                "rule": "END-1",
            }
        answer["requests"] = [_request_json(r) for r in pending_take_backs(game=game)]
        return Response(answer)

    @extend_schema(
        request=TakeBackBody,
        responses={
            200: inline_serializer(
                "TakeBackDone",
                {
                    "version": serializers.IntegerField(),
                    "events": serializers.ListField(child=serializers.DictField()),
                    "state": STATE,
                },
            ),
            202: inline_serializer("TakeBackAsked", {"request": REQUEST}),
            400: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        body = TakeBackBody(data=request.data)
        body.is_valid(raise_exception=True)
        seat = body.validated_data["seat"]
        try:
            outcome = take_back_submit(
                game=game,
                seat=seat,
                version=body.validated_data["version"],
                user=request.user,
                session_key=_session_key(request),
            )
        except StaleGameError as stale:
            return Response(
                {**stale.as_json(), "state": _state_for(request, stale.game, seat)}, status=409
            )
        if outcome.request is not None:
            return Response({"request": _request_json(outcome.request)}, status=202)
        return Response(
            {
                "version": outcome.game.version,
                "events": outcome.entry.events if outcome.entry else [],
                "state": _state_for(request, outcome.game, seat),
            }
        )


class TakeBackAnswerApi(APIView):
    """Accept or decline a take-back asked of a seat you hold. The last acceptance takes the
    moves back; a game that moved on since lapses the request (409)."""

    @extend_schema(
        operation_id="v1_games_take_back_answer",
        request=AnswerBody,
        responses={
            200: inline_serializer(
                "TakeBackAnswered", {"request": REQUEST, "version": serializers.IntegerField()}
            ),
            400: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
    )
    def post(self, request: Request, game_id: int, request_id: int) -> Response:
        game = _game_for(request, game_id)
        body = AnswerBody(data=request.data)
        body.is_valid(raise_exception=True)
        seat = body.validated_data["seat"]
        if seat not in seats_held(game=game, user=request.user, session_key=_session_key(request)):
            raise ForbiddenError(_("That seat is not yours to answer for."), code="not_your_seat")
        outcome = take_back_answer(
            game=game,
            request_id=request_id,
            seat=seat,
            accept=body.validated_data["accept"],
            user=request.user,
            session_key=_session_key(request),
        )
        return Response(
            {"request": _request_json(outcome.request), "version": outcome.game.version}
        )
