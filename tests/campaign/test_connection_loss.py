"""A lost database connection (issue 22): a read is tried once more and answers; a write answers
503 with Retry-After and nothing of it applied; a sign-in survives. The loss is stood in for by
the error Django raises when the server ends the connection (`bench/connection_kill.py` ends
real PostgreSQL backends under load)."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client

from campaign.connection_loss import reread_on_fresh_connection
from campaign.models import GameLog, WorldEventRecord
from campaign.selectors.world import world_current
from tests.campaign.log.factories import api_payload, three_player_entry
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.django_db, pytest.mark.fault]

LOST = OperationalError("server closed the connection unexpectedly")


def _client(user=None) -> Client:
    """A client that answers as a browser would see it (the test client would re-raise the
    error the server handled)."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def test_a_read_whose_connection_is_lost_is_answered_on_a_second_try_DESIGN(campaign, owner):
    answers = iter([LOST])

    def flaky(**kwargs):
        for lost in answers:
            raise lost
        return world_current(**kwargs)

    with mock.patch("campaign.api.campaigns.world_current", side_effect=flaky) as read:
        response = _client(owner).get(f"/api/v1/campaigns/{campaign.slug}/")

    assert response.status_code == 200
    assert response.json()["slug"] == campaign.slug
    assert read.call_count == 2


def test_a_read_lost_twice_answers_503_with_retry_after_in_the_apis_shape_DESIGN(campaign, owner):
    with mock.patch("campaign.api.campaigns.world_current", side_effect=InterfaceError("gone")):
        response = _client(owner).get(f"/api/v1/campaigns/{campaign.slug}/")

    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response.json()["errors"][0]["code"] == "database_unavailable"


def test_a_write_whose_connection_is_lost_answers_503_and_applies_nothing_DESIGN(
    campaign, owner, persons
):
    """The game's events were appended when the connection went: none of them stays."""
    body = json.dumps(api_payload(three_player_entry(persons)))
    with mock.patch("campaign.services.game_log.record.game_log_row_new", side_effect=LOST) as late:
        response = _client(owner).post(
            f"/api/v1/campaigns/{campaign.slug}/games/", body, content_type="application/json"
        )

    assert late.call_count == 1  # never tried twice
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    assert not GameLog.objects.exists()


def test_a_page_write_whose_connection_is_lost_answers_503_in_words_DESIGN(campaign, owner):
    with mock.patch("campaign.views.campaigns.campaign_create", side_effect=LOST):
        response = _client(owner).post("/campaigns/new/", {"name": "Table two"})

    assert response.status_code == 503
    assert "nothing was written" in response.content.decode()


def test_a_sign_in_whose_connection_is_lost_is_tried_again_and_signs_in_DESIGN(owner):
    from accounts.adapter import AccountAdapter

    original = AccountAdapter.authenticate
    calls: list[int] = []

    def flaky(self, request, **credentials):
        calls.append(1)
        if len(calls) == 1:
            raise LOST
        return original(self, request, **credentials)

    client = _client()
    with mock.patch.object(AccountAdapter, "authenticate", flaky):
        response = client.post("/accounts/login/", {"login": owner.username, "password": PASSWORD})

    assert response.status_code == 302, response.content[:300]
    assert len(calls) == 2
    assert client.get("/").wsgi_request.user == owner


def test_a_write_with_an_idempotency_key_is_tried_again_and_written_once_DESIGN(
    campaign, owner, persons
):
    """The key makes each run safe: lost twice, the game is logged once, and answered."""
    from campaign.services.game_log.record import game_log_row_new

    answers = iter([LOST, LOST])

    def flaky(**kwargs):
        for lost in answers:
            raise lost
        return game_log_row_new(**kwargs)

    body = json.dumps(api_payload(three_player_entry(persons)))
    with mock.patch("campaign.services.game_log.record.game_log_row_new", side_effect=flaky):
        response = _client(owner).post(
            f"/api/v1/campaigns/{campaign.slug}/games/",
            body,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="lost-once-001",
        )

    assert response.status_code == 201, response.content
    assert GameLog.objects.filter(campaign=campaign).count() == 1


class _Connection:
    """Enough of a Django connection for the query wrapper."""

    def __init__(self, in_atomic_block: bool) -> None:
        self.in_atomic_block = in_atomic_block
        self.reopened = 0

    def close(self) -> None:
        pass

    def ensure_connection(self) -> None:
        self.reopened += 1

    def create_cursor(self) -> str:
        return "fresh cursor"


@pytest.mark.parametrize(
    ("sql", "in_atomic_block", "read_again"),
    [
        ("SELECT 1", False, True),
        ("  select name FROM campaign", False, True),
        ("INSERT INTO campaign VALUES (1)", False, False),
        ("SELECT 1 FOR UPDATE", True, False),
    ],
)
def test_only_a_select_outside_a_transaction_is_read_again_on_a_fresh_connection_DESIGN(
    sql, in_atomic_block, read_again
):
    connection = _Connection(in_atomic_block)
    cursor = mock.Mock(cursor="lost cursor")
    calls: list[object] = []

    def execute(sql, params, many, context):
        calls.append(context["cursor"].cursor)
        if len(calls) == 1:
            raise LOST
        return "rows"

    context = {"connection": connection, "cursor": cursor}
    with mock.patch("campaign.connection_loss.drop_broken_connections"):
        if read_again:
            assert reread_on_fresh_connection(execute, sql, None, False, context) == "rows"
            assert calls == ["lost cursor", "fresh cursor"] and connection.reopened == 1
        else:
            with pytest.raises(OperationalError):
                reread_on_fresh_connection(execute, sql, None, False, context)
            assert calls == ["lost cursor"] and connection.reopened == 0
