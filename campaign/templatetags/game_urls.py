"""`{% game_url game "move" %}`: a game page's address, under its campaign or the lobby."""

from django import template

from campaign.game_urls import game_path, game_socket_path

register = template.Library()


@register.simple_tag
def game_url(game, page: str = "page", **more) -> str:
    return game_path(game, page, **more)


@register.simple_tag
def game_socket(game) -> str:
    return game_socket_path(game)
