"""API twins of export_campaign / import_campaign."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.game_log import REFUSAL
from campaign.permissions import Action, campaign_allows, campaign_for_api
from campaign.services.export import campaign_export, campaign_import

DOCUMENT = inline_serializer(
    "CampaignExport",
    {
        "format": serializers.CharField(),
        "version": serializers.IntegerField(),
        "campaign": serializers.DictField(),
        "persons": serializers.ListField(child=serializers.DictField()),
        "events": serializers.ListField(child=serializers.DictField()),
        "game_logs": serializers.ListField(child=serializers.DictField()),
        "pack_unlocks": serializers.ListField(child=serializers.DictField()),
    },
)


class CampaignExportApi(APIView):
    """The campaign as one JSON document (anyone who may read the campaign; user names for
    members only)."""

    @extend_schema(responses={200: DOCUMENT, 404: REFUSAL}, summary="Export a campaign")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        member = campaign_allows(campaign=campaign, user=request.user, action=Action.MEMBER)
        return Response(campaign_export(campaign=campaign, show_accounts=member))


class CampaignImportApi(APIView):
    """A NEW campaign, owned by the caller, from an export document."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DOCUMENT,
        responses={
            201: inline_serializer(
                "CampaignImported",
                {"slug": serializers.CharField(), "name": serializers.CharField()},
            ),
            400: REFUSAL,
        },
        summary="Import a campaign",
    )
    def post(self, request: Request) -> Response:
        campaign = campaign_import(document=request.data, owner=request.user)
        return Response(
            {"slug": campaign.slug, "name": campaign.name}, status=status.HTTP_201_CREATED
        )
