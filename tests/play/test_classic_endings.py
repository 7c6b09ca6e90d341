"""The end of a Classic Risk game on its page says who won and how (CL-24), in English and in
Spanish."""

from __future__ import annotations

import pytest

from campaign.services.standalone import SeatKind
from tests.play.conftest import play_out, table

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}


def test_cl_24_the_end_page_names_the_winner_and_how(owner, owner_client):
    game = play_out(table(owner, SeatKind.ME, SeatKind.BOT, rule_set="classic"), owner)
    winner = game.seats.get(index=game.game_state().winner).name
    english = owner_client.get(game.get_absolute_url()).content.decode()
    assert f"{winner} wins: their opponent is out of the game (CL-24)." in english
    spanish = owner_client.get(game.get_absolute_url(), **SPANISH).content.decode()
    assert f"{winner} gana: su rival ha quedado fuera de la partida (CL-24)." in spanish
