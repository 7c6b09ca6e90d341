"""The notices API: what waits for the person signed in (token or session), in the request's
language, and marking one read; nobody reads another's."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from notices.kinds import Kind
from notices.models import Notice
from notices.services import notify

pytestmark = pytest.mark.django_db


def _token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def test_the_list_says_what_waits_in_the_requests_language(table_game, owner):
    client = _token_client(owner)
    answer = client.get("/api/v1/notices/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["count"] == 1
    (notice,) = body["notices"]
    assert notice["kind"] == "turn" and notice["game"] == table_game.pk
    assert notice["text"] == "Your turn in Ridgeway campaign, game 1."
    assert notice["url"].endswith(table_game.get_absolute_url())
    spanish = client.get("/api/v1/notices/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert spanish["notices"][0]["text"] == "Te toca en Ridgeway campaign, partida 1."


def test_reading_a_game_over_clears_it_and_a_turn_stays(campaign, table_game, owner):
    notify(Kind.GAME_OVER, [owner], campaign=campaign, game=table_game, ref="over")
    client = _token_client(owner)
    for notice in Notice.objects.filter(user=owner):
        assert client.post(f"/api/v1/notices/{notice.pk}/read").status_code == 204
    assert [n["kind"] for n in client.get("/api/v1/notices/").json()["notices"]] == ["turn"]


def test_nobody_reads_anothers_notices(table_game, outsider, anon_client):
    notice = Notice.objects.filter(user__username="olga_owner").first()
    client = _token_client(outsider)
    assert client.get("/api/v1/notices/").json() == {"count": 0, "notices": []}
    answer = client.post(f"/api/v1/notices/{notice.pk}/read")
    assert answer.status_code == 404 and "errors" in answer.json()
    refused = anon_client.get("/api/v1/notices/")
    assert refused.status_code in (401, 403) and "errors" in refused.json()
