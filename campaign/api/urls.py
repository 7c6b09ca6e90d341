"""API routes, mounted at /api/v1/ (namespace "api")."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from campaign.api import campaigns, digital

app_name = "api"

router = DefaultRouter()
router.register("campaigns", campaigns.CampaignViewSet, basename="campaign")

urlpatterns = [
    path("token/", campaigns.TokenApi.as_view(), name="token"),
    path("campaigns/<slug:slug>/members/", campaigns.MemberListApi.as_view(), name="member-list"),
    path(
        "campaigns/<slug:slug>/members/<int:member_id>/",
        campaigns.MemberDetailApi.as_view(),
        name="member-detail",
    ),
    path(
        "campaigns/<slug:slug>/invites/", campaigns.InviteCreateApi.as_view(), name="invite-create"
    ),
    path("campaigns/<slug:slug>/world/", campaigns.CampaignWorldApi.as_view(), name="world"),
    path(
        "campaigns/<slug:slug>/world/events/",
        campaigns.WorldEventListApi.as_view(),
        name="world-events",
    ),
    path("games/<int:game_id>/state", digital.GameStateApi.as_view(), name="game-state"),
    path("games/<int:game_id>/moves", digital.GameMovesApi.as_view(), name="game-moves"),
    *router.urls,
]
