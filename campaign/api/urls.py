"""API routes, mounted at /api/v1/ (namespace "api")."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from campaign.api import (
    box,
    campaigns,
    chat,
    digital,
    digital_clock,
    digital_replay,
    digital_takeback,
    export,
    game_log,
    history,
    lobby,
    odds,
)
from notices.api import NoticeListApi, NoticeReadApi

app_name = "api"

router = DefaultRouter()
router.register("campaigns", campaigns.CampaignViewSet, basename="campaign")

urlpatterns = [
    path("token/", campaigns.TokenApi.as_view(), name="token"),
    path("notices/", NoticeListApi.as_view(), name="notices"),
    path("notices/<int:notice_id>/read", NoticeReadApi.as_view(), name="notice-read"),
    path("campaigns/<slug:slug>/members/", campaigns.MemberListApi.as_view(), name="member-list"),
    path(
        "campaigns/<slug:slug>/members/<int:member_id>/",
        campaigns.MemberDetailApi.as_view(),
        name="member-detail",
    ),
    path(
        "campaigns/<slug:slug>/invites/", campaigns.InviteCreateApi.as_view(), name="invite-create"
    ),
    path("campaigns/<slug:slug>/setup/", campaigns.SetupApi.as_view(), name="setup"),
    path("campaigns/<slug:slug>/world/", campaigns.CampaignWorldApi.as_view(), name="world"),
    path(
        "campaigns/<slug:slug>/world/events/",
        campaigns.WorldEventListApi.as_view(),
        name="world-events",
    ),
    # Standalone games (issue 19): rule sets, tables, invitations.
    path("rule-sets", lobby.RuleSetListApi.as_view(), name="rule-sets"),
    path("play/games", lobby.TableListApi.as_view(), name="play-games"),
    path("play/games/<int:game_id>/begin", lobby.TableBeginApi.as_view(), name="play-begin"),
    path("play/invites/<str:token>", lobby.InviteTakeApi.as_view(), name="play-invite"),
    path("games/<int:game_id>/state", digital.GameStateApi.as_view(), name="game-state"),
    path("games/<int:game_id>/moves", digital.GameMovesApi.as_view(), name="game-moves"),
    path("games/<int:game_id>/world", digital.GameWorldApi.as_view(), name="game-world"),
    path("games/<int:game_id>/replay", digital_replay.GameReplayApi.as_view(), name="game-replay"),
    path(
        "games/<int:game_id>/take-back",
        digital_takeback.TakeBackApi.as_view(),
        name="game-take-back",
    ),
    path(
        "games/<int:game_id>/take-back/<int:request_id>",
        digital_takeback.TakeBackAnswerApi.as_view(),
        name="game-take-back-answer",
    ),
    path(
        "games/<int:game_id>/vacation",
        digital_clock.GameVacationApi.as_view(),
        name="game-vacation",
    ),
    path(
        "games/<int:game_id>/reclaim-seat",
        digital_clock.GameSeatReclaimApi.as_view(),
        name="game-seat-reclaim",
    ),
    # Exact odds of an attack (issue 20).
    path("odds", odds.OddsApi.as_view(), name="odds"),
    path("games/<int:game_id>/odds", odds.GameOddsApi.as_view(), name="game-odds"),
    # Chat beside a game and on a campaign (issue 20).
    path("games/<int:game_id>/chat", chat.GameChatApi.as_view(), name="game-chat"),
    path(
        "games/<int:game_id>/chat/<int:message_id>",
        chat.GameChatMessageApi.as_view(),
        name="game-chat-message",
    ),
    path("campaigns/<slug:slug>/chat/", chat.CampaignChatApi.as_view(), name="chat"),
    path(
        "campaigns/<slug:slug>/chat/<int:message_id>/",
        chat.CampaignChatMessageApi.as_view(),
        name="chat-message",
    ),
    # Logging games, history and export (issue 4).
    path("campaigns/<slug:slug>/games/", game_log.GameLogCreateApi.as_view(), name="game-log"),
    path(
        "campaigns/<slug:slug>/games/<int:number>/",
        game_log.GameLogDetailApi.as_view(),
        name="game-log-detail",
    ),
    path(
        "campaigns/<slug:slug>/games/<int:number>/correction/",
        game_log.GameLogCorrectApi.as_view(),
        name="game-correct",
    ),
    path(
        "campaigns/<slug:slug>/reward-options/",
        game_log.RewardOptionsApi.as_view(),
        name="reward-options",
    ),
    path(
        "campaigns/<slug:slug>/history/games/", history.GameListApi.as_view(), name="history-games"
    ),
    path("campaigns/<slug:slug>/history/world/", history.WorldApi.as_view(), name="history-world"),
    path(
        "campaigns/<slug:slug>/history/territories/<str:territory>/",
        history.TerritoryHistoryApi.as_view(),
        name="history-territory",
    ),
    path(
        "campaigns/<slug:slug>/history/factions/<str:faction>/",
        history.FactionHistoryApi.as_view(),
        name="history-faction",
    ),
    path("campaigns/<slug:slug>/packs/", history.PackStatusApi.as_view(), name="packs"),
    path("campaigns/<slug:slug>/packs/<str:pack>/", box.PackContentsApi.as_view(), name="pack"),
    path(
        "campaigns/<slug:slug>/packs/<str:pack>/comeback/",
        box.ComebackPickApi.as_view(),
        name="pack-comeback",
    ),
    path("campaigns/<slug:slug>/rules/", box.RulesHelpApi.as_view(), name="rules"),
    path("campaigns/<slug:slug>/missions/", box.MissionsApi.as_view(), name="missions"),
    path("campaigns/<slug:slug>/readings/", box.ReadingsApi.as_view(), name="readings"),
    path("campaigns/<slug:slug>/history/stats/", history.StatsApi.as_view(), name="history-stats"),
    path("campaigns/<slug:slug>/export/", export.CampaignExportApi.as_view(), name="export"),
    path("campaign-imports/", export.CampaignImportApi.as_view(), name="import"),
    *router.urls,
]
