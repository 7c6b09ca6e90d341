"""The game pages and the API: who may see and do what (the access matrix), polling, refusals
shown in words."""

from __future__ import annotations

from django.urls import reverse

from campaign.models.digital import DigitalGame


def _url(name: str, game: DigitalGame) -> str:
    return reverse(f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk})


def test_the_game_page_shows_the_board_players_and_log(owner_client, mixed_game):
    response = owner_client.get(_url("digital_game", mixed_game))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html and 'id="game-panel"' in html
    assert "Players" in html and "Game log" in html
