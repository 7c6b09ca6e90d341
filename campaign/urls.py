"""Page routes of the campaign app."""

from django.urls import path

from campaign.views import box_bottom as box_bottom_views
from campaign.views import bring_in as bring_in_views
from campaign.views import campaigns as campaign_views
from campaign.views import chat as chat_views
from campaign.views import dice, lobby, odds, rules_reference
from campaign.views import game_story as story_views
from campaign.views import guides as guide_views
from campaign.views import history as history_views
from campaign.views import members as member_views
from campaign.views import missions as mission_views
from campaign.views import pack_by_hand as by_hand_views
from campaign.views import packs as pack_views
from campaign.views import setup as setup_views
from campaign.views.digital import game as digital_game
from campaign.views.digital import replay as digital_replay
from campaign.views.digital import seats as digital_seats
from campaign.views.digital import start as digital_start
from campaign.views.digital import takeback as digital_takeback
from campaign.views.game_log import pending as pending_views
from campaign.views.game_log import wizard as log_views

app_name = "campaign"

urlpatterns = [
    # Campaigns, members, invitations and the pre-game customization (issue 2).
    path("", campaign_views.HomeView.as_view(), name="home"),
    path("campaigns/new/", campaign_views.CampaignCreateView.as_view(), name="campaign_create"),
    # The printed rules, for anyone; pages' "why" links point at their anchors (issue 13).
    path("rules/", rules_reference.RulesReferenceView.as_view(), name="rules_reference"),
    path("guide/", guide_views.GuideIndexView.as_view(), name="guides"),
    # The exact odds of an attack, for anyone (issue 20).
    path("odds/", odds.OddsView.as_view(), name="odds"),
    path("guide/<slug:topic>/", guide_views.GuideView.as_view(), name="guide"),
    path(
        "campaigns/<slug:slug>/",
        campaign_views.CampaignDetailView.as_view(),
        name="campaign_detail",
    ),
    path(
        "campaigns/<slug:slug>/settings/",
        campaign_views.CampaignSettingsView.as_view(),
        name="campaign_settings",
    ),
    path(
        "campaigns/<slug:slug>/settings/readings/",
        pack_views.ReadingsView.as_view(),
        name="campaign_readings",
    ),
    path("campaigns/<slug:slug>/setup/", setup_views.SetupView.as_view(), name="setup"),
    path("campaigns/<slug:slug>/bring-in/", bring_in_views.BringInView.as_view(), name="bring_in"),
    path(
        "campaigns/<slug:slug>/bring-in/<slug:step>/",
        bring_in_views.BringInView.as_view(),
        name="bring_in_step",
    ),
    # The campaign's box: opened packs, their opening choices and the rules they add.
    path("campaigns/<slug:slug>/packs/", pack_views.PackListView.as_view(), name="packs"),
    path(
        "campaigns/<slug:slug>/packs/<str:pack>/", pack_views.PackDetailView.as_view(), name="pack"
    ),
    path(
        "campaigns/<slug:slug>/packs/<str:pack>/comeback/",
        pack_views.ComebackPowerChooseView.as_view(),
        name="pack_comeback",
    ),
    # The box bottom opens only by the owner's choice; then the players present name its cards.
    path(
        "campaigns/<slug:slug>/box-bottom/open/",
        box_bottom_views.BoxBottomOpenView.as_view(),
        name="box_bottom_open",
    ),
    path(
        "campaigns/<slug:slug>/box-bottom/names/",
        box_bottom_views.BoxBottomNamesView.as_view(),
        name="box_bottom_names",
    ),
    # The owner's hand on the box: a pack opened by hand, and refused logs sent for approval.
    path(
        "campaigns/<slug:slug>/open-by-hand/",
        by_hand_views.PackByHandView.as_view(),
        name="pack_by_hand",
    ),
    path(
        "campaigns/<slug:slug>/pending/",
        pending_views.PendingLogsView.as_view(),
        name="pending_logs",
    ),
    path("campaigns/<slug:slug>/rules/", pack_views.RulesHelpView.as_view(), name="rules_help"),
    # Chat on the campaign and beside each digital game (issue 20).
    path(
        "campaigns/<slug:slug>/chat/", chat_views.CampaignChatView.as_view(), name="campaign_chat"
    ),
    path(
        "campaigns/<slug:slug>/chat/<int:message_id>/remove/",
        chat_views.CampaignChatView.as_view(http_method_names=["post"]),
        name="campaign_chat_remove",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/chat/",
        chat_views.GameChatView.as_view(),
        name="digital_game_chat",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/chat/<int:message_id>/remove/",
        chat_views.GameChatView.as_view(http_method_names=["post"]),
        name="digital_game_chat_remove",
    ),
    path("campaigns/<slug:slug>/missions/", mission_views.MissionsView.as_view(), name="missions"),
    path("campaigns/<slug:slug>/members/", member_views.MembersView.as_view(), name="members"),
    path(
        "campaigns/<slug:slug>/members/<int:member_id>/role/",
        member_views.MemberRoleView.as_view(),
        name="member_role",
    ),
    path(
        "campaigns/<slug:slug>/members/<int:member_id>/remove/",
        member_views.MemberRemoveView.as_view(),
        name="member_remove",
    ),
    path("campaigns/<slug:slug>/guests/", member_views.GuestAddView.as_view(), name="guest_add"),
    path(
        "campaigns/<slug:slug>/invites/",
        member_views.InviteCreateView.as_view(),
        name="invite_create",
    ),
    path(
        "campaigns/<slug:slug>/invites/<int:invite_id>/revoke/",
        member_views.InviteRevokeView.as_view(),
        name="invite_revoke",
    ),
    path("invite/<str:token>/", member_views.InviteAcceptView.as_view(), name="invite_accept"),
    # Logging games by hand and correcting them (issue 4).
    path("campaigns/<slug:slug>/log/", log_views.GameLogWizard.as_view(), name="game_log"),
    path(
        "campaigns/<slug:slug>/log/<str:step>/",
        log_views.GameLogWizard.as_view(),
        name="game_log_step",
    ),
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/correct/",
        log_views.GameCorrectWizard.as_view(),
        name="game_correct",
    ),
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/correct/<str:step>/",
        log_views.GameCorrectWizard.as_view(),
        name="game_correct_step",
    ),
    # History pages (issue 4).
    path(
        "campaigns/<slug:slug>/history/", history_views.WorldHistoryView.as_view(), name="history"
    ),
    path(
        "campaigns/<slug:slug>/history/games/",
        history_views.GameListView.as_view(),
        name="history_games",
    ),
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/",
        history_views.GameDetailView.as_view(),
        name="history_game",
    ),
    # The story of a game: photos of the board and a short account (issue 11).
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/photos/",
        story_views.GamePhotoAddView.as_view(),
        name="game_photo_add",
    ),
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/photos/<int:photo_id>/",
        story_views.GamePhotoFileView.as_view(),
        name="game_photo",
    ),
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/photos/<int:photo_id>/remove/",
        story_views.GamePhotoRemoveView.as_view(),
        name="game_photo_remove",
    ),
    path(
        "campaigns/<slug:slug>/history/games/<int:number>/account/",
        story_views.GameAccountView.as_view(),
        name="game_account",
    ),
    path(
        "campaigns/<slug:slug>/history/victors/",
        history_views.VictorsView.as_view(),
        name="history_victors",
    ),
    path(
        "campaigns/<slug:slug>/history/territories/<str:territory>/",
        history_views.TerritoryHistoryView.as_view(),
        name="history_territory",
    ),
    path(
        "campaigns/<slug:slug>/history/factions/<str:faction>/",
        history_views.FactionHistoryView.as_view(),
        name="history_faction",
    ),
    path(
        "campaigns/<slug:slug>/history/stats/",
        history_views.StatsView.as_view(),
        name="history_stats",
    ),
    path(
        "c/<slug:slug>/play/", digital_start.DigitalGameNewView.as_view(), name="digital_game_new"
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/",
        digital_game.DigitalGameView.as_view(),
        name="digital_game",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/panel/",
        digital_game.DigitalGamePanelView.as_view(),
        name="digital_game_panel",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/log/",
        digital_game.DigitalGameLogView.as_view(),
        name="digital_game_log",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/replay/",
        digital_replay.DigitalGameReplayView.as_view(),
        name="digital_game_replay",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/take-back/",
        digital_takeback.DigitalGameTakeBackView.as_view(),
        name="digital_game_take_back",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/take-back/<int:request_id>/",
        digital_takeback.DigitalGameTakeBackAnswerView.as_view(),
        name="digital_game_take_back_answer",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/move/",
        digital_game.DigitalGameMoveView.as_view(),
        name="digital_game_move",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/reveal/",
        digital_seats.DigitalGameRevealView.as_view(),
        name="digital_game_reveal",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/preference/",
        digital_seats.DigitalGamePreferenceView.as_view(),
        name="digital_game_preference",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/vacation/",
        digital_seats.DigitalGameVacationView.as_view(),
        name="digital_game_vacation",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/reclaim-seat/",
        digital_seats.DigitalGameSeatReclaimView.as_view(),
        name="digital_game_seat_reclaim",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/rewards/",
        digital_game.DigitalGameRewardsView.as_view(),
        name="digital_game_rewards",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/abandon/",
        digital_game.DigitalGameAbandonView.as_view(),
        name="digital_game_abandon",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/dice/",
        dice.DigitalGameDiceView.as_view(),
        name="digital_game_dice",
    ),
]

# Standalone games (no campaign): the lobby, invitations, and the same game pages as above.
_PLAY_PAGES = [
    ("", digital_game.DigitalGameView, ""),
    ("panel/", digital_game.DigitalGamePanelView, "_panel"),
    ("log/", digital_game.DigitalGameLogView, "_log"),
    ("move/", digital_game.DigitalGameMoveView, "_move"),
    ("reveal/", digital_seats.DigitalGameRevealView, "_reveal"),
    ("preference/", digital_seats.DigitalGamePreferenceView, "_preference"),
    ("vacation/", digital_seats.DigitalGameVacationView, "_vacation"),
    ("reclaim-seat/", digital_seats.DigitalGameSeatReclaimView, "_seat_reclaim"),
    ("rewards/", digital_game.DigitalGameRewardsView, "_rewards"),
    ("abandon/", digital_game.DigitalGameAbandonView, "_abandon"),
    ("dice/", dice.DigitalGameDiceView, "_dice"),
    ("replay/", digital_replay.DigitalGameReplayView, "_replay"),
    ("take-back/", digital_takeback.DigitalGameTakeBackView, "_take_back"),
    (
        "take-back/<int:request_id>/",
        digital_takeback.DigitalGameTakeBackAnswerView,
        "_take_back_answer",
    ),
]
urlpatterns += [
    path("play/", lobby.LobbyView.as_view(), name="lobby"),
    path("play/join/<str:token>/", lobby.InviteView.as_view(), name="play_invite"),
    path("play/<int:game_id>/begin/", lobby.BeginNowView.as_view(), name="play_begin"),
    *[
        path(f"play/<int:game_id>/{suffix}", view.as_view(), name=f"play_game{name}")
        for suffix, view, name in _PLAY_PAGES
    ],
    path(
        "play/<int:game_id>/chat/",
        chat_views.StandaloneGameChatView.as_view(),
        name="play_game_chat",
    ),
    path(
        "play/<int:game_id>/chat/<int:message_id>/remove/",
        chat_views.StandaloneGameChatView.as_view(http_method_names=["post"]),
        name="play_game_chat_remove",
    ),
]
