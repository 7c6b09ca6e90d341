"""API twins of the box pages: what an opened pack added, the rules the campaign's box adds,
Pack 2's opening choice and the readings of open points. A sealed pack is answered exactly like
one that does not exist (404), so the API never tells a campaign what it has not opened."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.fields import Text
from campaign.api.game_log import REFUSAL
from campaign.api.serializers import WorldEventSerializer
from campaign.api.shapes import OBJECTS
from campaign.permissions import Action, campaign_for_api
from campaign.selectors.box import pack_contents, pack_opened, rules_help
from campaign.selectors.mission_history import missions_view
from campaign.selectors.world import world_current
from campaign.services.box import comeback_power_choose, settings_choose
from campaign.wording import worded
from rules.world_events import event_from_json

ANY = OpenApiTypes.OBJECT
SPOILER_NOTE = (
    "Spoiler warning: the values listed here include content of sealed packs; a campaign "
    "that has not opened a pack gets it refused like a value that does not exist."
)


class PackContentsApi(APIView):
    @extend_schema(
        responses={200: ANY, 404: REFUSAL},
        summary="An opened pack: when and why it opened, and everything it added",
    )
    def get(self, request: Request, slug: str, pack: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        world = world_current(campaign=campaign)
        opening = pack_opened(world=world, pack=pack)
        return Response(
            {
                "pack": opening.key,
                "name": opening.name,
                "game": opening.game,
                "reason": worded(opening.reason),
                "contents": pack_contents(world=world, pack=pack),
            }
        )


class MissionsApi(APIView):
    @extend_schema(
        responses={200: ANY, 404: REFUSAL},
        summary="The missions of the campaign's box and who completed them",
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        return Response({"missions": [asdict(m) for m in missions_view(campaign=campaign)]})


class RulesHelpApi(APIView):
    @extend_schema(
        responses={200: ANY, 404: REFUSAL}, summary="What the campaign's box adds to the rules"
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        return Response(rules_help(world=world_current(campaign=campaign)))


class ComebackPickSerializer(serializers.Serializer):
    faction = Text(max_length=40, help_text="The faction eliminated in the opening game.")
    power = Text(max_length=40, help_text=f"A comeback power's key. {SPOILER_NOTE}")


class ComebackPickApi(APIView):
    """Players and the owner: the comeback power the faction eliminated in the game that
    opened the pack takes (C100, G-3)."""

    @extend_schema(
        request=ComebackPickSerializer,
        responses={201: WorldEventSerializer(many=True), 400: REFUSAL, 403: REFUSAL, 404: REFUSAL},
        summary="Record an opening's comeback power pick",
    )
    def post(self, request: Request, slug: str, pack: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.PLAY)
        payload = ComebackPickSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        records = comeback_power_choose(
            campaign=campaign, user=request.user, pack=pack, **payload.validated_data
        )
        return _created(records)


class ReadingsSerializer(serializers.Serializer):
    values = serializers.DictField(
        child=Text(max_length=40),
        help_text=f"Setting key -> chosen reading, for settings of opened packs. {SPOILER_NOTE}",
    )


class ReadingsApi(APIView):
    """The campaign's readings of open points of its opened packs (GET: readers; POST: owner)."""

    @extend_schema(responses={200: OBJECTS, 404: REFUSAL}, summary="Readings of open points")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        return Response(rules_help(world=world_current(campaign=campaign))["settings"])

    @extend_schema(
        request=ReadingsSerializer,
        responses={201: WorldEventSerializer(many=True), 400: REFUSAL, 403: REFUSAL, 404: REFUSAL},
        summary="Change readings of open points",
    )
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MANAGE)
        payload = ReadingsSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        records = settings_choose(
            campaign=campaign, user=request.user, values=payload.validated_data["values"]
        )
        return _created(records)


def _created(records) -> Response:
    for record in records:
        record.description = event_from_json({"kind": record.kind, **record.payload}).describe()
        record.voided_by = None
    return Response(WorldEventSerializer(records, many=True).data, status=status.HTTP_201_CREATED)
