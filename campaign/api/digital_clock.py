"""API of a game's clock: the per-seat actions of games played over days (vacation days on
one's turn, taking back a seat a bot stands in for). The state answer tells the clock itself
(`campaign.selectors.digital_clock`)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.digital import ERRORS, MAX_SEAT, STATE, _game_for, _session_key, _state_for
from campaign.services.digital.absence import seat_reclaim, seat_vacation_take
from campaign.services.digital.clock import VACATION_DAYS_MAX


class SeatRequestSerializer(serializers.Serializer):
    seat = serializers.IntegerField(
        min_value=0, max_value=MAX_SEAT, help_text="The seat index you play."
    )


class VacationRequestSerializer(SeatRequestSerializer):
    days = serializers.IntegerField(
        min_value=1, max_value=VACATION_DAYS_MAX, help_text="Whole days to add to your turn."
    )


SEAT_ACTION_RESPONSES = {200: STATE, 400: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS}


class GameVacationApi(APIView):
    """Add vacation days to the turn the game waits on your seat for (a turn clock only); the
    answer is the state as that seat sees it, its clock included."""

    @extend_schema(request=VacationRequestSerializer, responses=SEAT_ACTION_RESPONSES)
    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        payload = VacationRequestSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        seat = payload.validated_data["seat"]
        game = seat_vacation_take(
            game=game,
            seat=seat,
            days=payload.validated_data["days"],
            user=request.user,
            session_key=_session_key(request),
        )
        return Response(_state_for(request, game, seat))


class GameSeatReclaimApi(APIView):
    """Take back your seat after a bot stood in for it (three turns in a row ran out); the
    answer is the state as that seat sees it."""

    @extend_schema(request=SeatRequestSerializer, responses=SEAT_ACTION_RESPONSES)
    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        payload = SeatRequestSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        seat = payload.validated_data["seat"]
        seat_reclaim(game=game, seat=seat, user=request.user, session_key=_session_key(request))
        return Response(_state_for(request, _game_for(request, game_id), seat))
