"""The lobby and a standalone game's pages in Spanish (issue 19, part 6): no English words of
the service for a Spanish reader; names people chose stay as written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.services.standalone import SeatKind
from tests.english_words import english_in
from tests.i18n.test_every_page_es import SPANISH, _words
from tests.play.conftest import table

pytestmark = pytest.mark.django_db


def test_the_lobby_invitation_waiting_room_and_game_page_are_spanish(owner, owner_client):
    waiting = table(owner, SeatKind.ME, SeatKind.INVITE, SeatKind.BOT, public=True)
    playing = table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT)
    classic = table(owner, SeatKind.ME, SeatKind.BOT, rule_set="classic")
    invasion = table(owner, SeatKind.ME, SeatKind.BOT, SeatKind.BOT, rule_set="invasion")
    pages = [
        reverse("campaign:lobby"),
        reverse("campaign:play_invite", kwargs={"token": waiting.invite_token}),
        waiting.get_absolute_url(),
        playing.get_absolute_url(),
        classic.get_absolute_url(),
        invasion.get_absolute_url(),
        reverse("campaign:play_game_dice", args=[playing.pk]),
        reverse("campaign:play_game_log", args=[playing.pk]),
        reverse("campaign:guide", args=["classic"]),
    ]
    found = []
    for url in pages:
        response = owner_client.get(url, **SPANISH)
        assert response.status_code == 200, url
        found += [f"{url}: {hit}" for hit in english_in(_words(response.content.decode()))]
    assert not found, "\n".join(found[:40])
    lobby = owner_client.get(reverse("campaign:lobby"), **SPANISH).content.decode()
    assert "Preparar una mesa" in lobby and "Reglamento" in lobby
