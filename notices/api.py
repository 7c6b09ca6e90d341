"""API of notices: what waits for the person signed in (token or session), worded in the
request's language, and marking one read."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.digital import ERRORS
from notices.kinds import Kind
from notices.mail import site_url
from notices.models import Notice
from notices.selectors import notices_waiting
from notices.services import notice_read
from notices.words import notice_path, notice_text


class NoticeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.choices)
    text = serializers.CharField(help_text="What waits, in the request's language.")
    url = serializers.CharField(help_text="The page where it is done or read.")
    campaign = serializers.CharField(
        allow_null=True, help_text="The campaign's slug; null for a standalone game."
    )
    game = serializers.IntegerField(allow_null=True, help_text="The digital game's id, if any.")
    created_at = serializers.DateTimeField()


class NoticeListSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    notices = NoticeSerializer(many=True)


def _row(notice: Notice) -> dict:
    return {
        "id": notice.pk,
        "kind": notice.kind,
        "text": notice_text(notice),
        "url": site_url(notice_path(notice)),
        "campaign": notice.campaign.slug if notice.campaign is not None else None,
        "game": notice.game_id,
        "created_at": notice.created_at,
    }


class NoticeListApi(APIView):
    """What waits for you, newest first: your turns and decisions while they wait on you, games
    over and packs opened until you read them."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: NoticeListSerializer, 401: ERRORS, 403: ERRORS})
    def get(self, request: Request) -> Response:
        rows = [_row(n) for n in notices_waiting(user=request.user)]
        return Response(NoticeListSerializer({"count": len(rows), "notices": rows}).data)


class NoticeReadApi(APIView):
    """Mark a notice read (a turn or a decision stays until you act on it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request: Request, notice_id: int) -> Response:
        notice_read(notice=get_object_or_404(Notice, pk=notice_id, user=request.user))
        return Response(status=204)
