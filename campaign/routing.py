"""Websocket addresses: one per digital game, beside the game page's own address."""

from django.urls import path

from campaign.consumers import GameConsumer
from notices.consumers import NoticesConsumer

websocket_urlpatterns = [
    path("ws/c/<slug:slug>/play/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/notices/", NoticesConsumer.as_asgi()),
]
