"""Page routes of the campaign app."""

from django.urls import path
from django.views.generic import TemplateView

from campaign.views import digital
from campaign.views import game_log as log_views
from campaign.views import history as history_views

app_name = "campaign"

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
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
    path("c/<slug:slug>/play/", digital.DigitalGameNewView.as_view(), name="digital_game_new"),
    path(
        "c/<slug:slug>/play/<int:game_id>/",
        digital.DigitalGameView.as_view(),
        name="digital_game",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/panel/",
        digital.DigitalGamePanelView.as_view(),
        name="digital_game_panel",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/move/",
        digital.DigitalGameMoveView.as_view(),
        name="digital_game_move",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/rewards/",
        digital.DigitalGameRewardsView.as_view(),
        name="digital_game_rewards",
    ),
    path(
        "c/<slug:slug>/play/<int:game_id>/abandon/",
        digital.DigitalGameAbandonView.as_view(),
        name="digital_game_abandon",
    ),
]
