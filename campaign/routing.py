"""Websocket addresses: one per digital game and one per campaign (its chat), beside the
pages' own addresses."""

from django.urls import path

from campaign.consumers import CampaignChatConsumer, GameConsumer
from notices.consumers import NoticesConsumer

websocket_urlpatterns = [
    path("ws/c/<slug:slug>/play/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/notices/", NoticesConsumer.as_asgi()),
    path("ws/c/<slug:slug>/chat/", CampaignChatConsumer.as_asgi()),
    path("ws/play/<int:game_id>/", GameConsumer.as_asgi()),
]
