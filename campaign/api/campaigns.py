"""API endpoints for campaigns, members, invitations, the world and its event log."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.fields import Text
from campaign.api.serializers import (
    CampaignSerializer,
    InviteSerializer,
    MembershipSerializer,
    RoleSerializer,
    WorldEventSerializer,
)
from campaign.errors import ApplicationError
from campaign.models import Membership
from campaign.permissions import Action, campaign_allows, campaign_for_api, campaign_role
from campaign.selectors.box import box_status
from campaign.selectors.campaigns import campaign_list_visible, membership_list
from campaign.selectors.world import world_as_of, world_current, world_log
from campaign.services.campaigns import (
    campaign_create,
    invite_create,
    membership_change_role,
    membership_remove,
)
from campaign.services.setup import setup_coins_place, setup_powers_choose, setup_randomize
from campaign.wording import worded
from rules.world_events import event_from_json

GAME_NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() must not fail
TOKEN = inline_serializer("ApiToken", {"token": serializers.CharField()})


class CampaignViewSet(
    mixins.ListModelMixin,
    mixins.CreateModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Campaigns you may read (yours and the public ones); create one to own it."""

    serializer_class = CampaignSerializer
    lookup_field = "slug"

    def get_queryset(self):
        return campaign_list_visible(user=self.request.user).select_related("owner")

    def get_serializer_context(self) -> dict:
        user = self.request.user
        member_of = (
            set(Membership.objects.filter(user=user).values_list("campaign_id", flat=True))
            if user.is_authenticated
            else set()
        )
        return {**super().get_serializer_context(), "member_of": member_of}

    def get_object(self):
        return campaign_for_api(request=self.request, slug=self.kwargs["slug"], action=Action.READ)

    def retrieve(self, request: Request, slug: str, format: str | None = None) -> Response:
        campaign = self.get_object()
        data = self.get_serializer(campaign).data
        data["your_role"] = campaign_role(campaign=campaign, user=request.user)
        world = world_current(campaign=campaign)
        data["games_played"] = world.games_played
        data["box"] = box_status(world=world)
        return Response(data)

    def perform_create(self, serializer):
        if not self.request.user.is_authenticated:
            raise ApplicationError(_("Sign in to create a campaign."), code="not_authenticated")
        campaign = campaign_create(
            owner=self.request.user,
            name=serializer.validated_data["name"],
            is_public=serializer.validated_data.get("is_public", False),
        )
        serializer.instance = campaign
        serializer.context["member_of"] = {*serializer.context["member_of"], campaign.pk}


class MemberListApi(APIView):
    @extend_schema(responses=MembershipSerializer(many=True), summary="Members and their roles")
    def get(self, request: Request, slug: str) -> Response:
        # Members only: readers of a public campaign do not see who plays in it.
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MEMBER)
        return Response(MembershipSerializer(membership_list(campaign=campaign), many=True).data)


class MemberDetailApi(APIView):
    """Owners change a member's role (PATCH {"role": ...}) or remove them (DELETE)."""

    @extend_schema(request=RoleSerializer, responses=MembershipSerializer)
    def patch(self, request: Request, slug: str, member_id: int) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MANAGE)
        payload = RoleSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        membership = membership_change_role(
            campaign=campaign, membership_id=member_id, role=payload.validated_data["role"]
        )
        return Response(MembershipSerializer(membership).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, slug: str, member_id: int) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MANAGE)
        membership_remove(campaign=campaign, membership_id=member_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class InviteCreateApi(APIView):
    """Owners create an invitation link for a role; whoever opens it signed in joins."""

    @extend_schema(request=RoleSerializer, responses={201: InviteSerializer})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MANAGE)
        payload = RoleSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        invite = invite_create(
            campaign=campaign, role=payload.validated_data["role"], created_by=request.user
        )
        return Response(
            InviteSerializer(invite, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class CampaignWorldApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("game", int, description="The world after game N.")],
        responses=inline_serializer(
            "CampaignWorld",
            {"games_played": serializers.IntegerField(), "world": serializers.DictField()},
        ),
        summary="The campaign's world now, or as it stood after game N",
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        game = request.query_params.get("game")
        if game is None:
            world = world_current(campaign=campaign)
        elif not GAME_NUMBER.fullmatch(game):
            raise ApplicationError(_("game must be a game number (0, 1, 2...)."), code="bad_game")
        else:
            world = world_as_of(campaign=campaign, game_number=int(game))
        return Response(
            {
                "games_played": world.games_played,
                "world": worded(world.to_json()),  # reasons in the reader's words
                "box": box_status(world=world),
            }
        )


class WorldEventListApi(APIView):
    @extend_schema(responses=WorldEventSerializer(many=True), summary="The world event log")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.READ)
        records = []
        for entry in world_log(campaign=campaign):
            entry.record.description = entry.description
            entry.record.voided_by = entry.voided_by
            records.append(entry.record)
        member = campaign_allows(campaign=campaign, user=request.user, action=Action.MEMBER)
        return Response(
            WorldEventSerializer(records, many=True, context={"show_accounts": member}).data
        )


class TokenApi(APIView):
    """Your API token (GET shows it, creating it the first time; POST replaces it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=TOKEN)
    def get(self, request: Request) -> Response:
        token, _created = Token.objects.get_or_create(user=request.user)
        return Response({"token": token.key})

    @extend_schema(request=None, responses={201: TOKEN})
    def post(self, request: Request) -> Response:
        Token.objects.filter(user=request.user).delete()
        token = Token.objects.create(user=request.user)
        return Response({"token": token.key}, status=status.HTTP_201_CREATED)


class SetupSerializer(serializers.Serializer):
    powers = serializers.DictField(child=Text(max_length=40), required=False)
    coins = serializers.ListField(child=Text(max_length=40), required=False, max_length=50)
    random = serializers.BooleanField(required=False, default=False)

    def validate(self, attrs):
        given = [key for key in ("powers", "coins") if key in attrs] + (
            ["random"] if attrs["random"] else []
        )
        if len(given) != 1:
            raise serializers.ValidationError(_("Send exactly one of powers, coins or random."))
        return attrs


class SetupApi(APIView):
    """Before game 1 (owners): `{"powers": {faction: power}}` (P-2), `{"coins": [territory,
    ...]}` with one entry per sticker (P-3), or `{"random": true}` for what is left (P-1)."""

    @extend_schema(request=SetupSerializer, responses={201: WorldEventSerializer(many=True)})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_for_api(request=request, slug=slug, action=Action.MANAGE)
        payload = SetupSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        if "powers" in data:
            records = setup_powers_choose(
                campaign=campaign, user=request.user, choices=data["powers"]
            )
        elif "coins" in data:
            records = setup_coins_place(
                campaign=campaign, user=request.user, territories=data["coins"]
            )
        else:
            records = setup_randomize(campaign=campaign, user=request.user)
        for record in records:
            record.description = event_from_json({"kind": record.kind, **record.payload}).describe()
            record.voided_by = None
        return Response(
            WorldEventSerializer(records, many=True).data, status=status.HTTP_201_CREATED
        )
