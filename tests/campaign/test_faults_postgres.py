"""Faults on the real PostgreSQL (issue 22): a backend ended before a request and in the middle
of a write, and one submission sent twice at once. Run with the rest of the fault and abuse set
by `pytest -m fault` (PostgreSQL and Redis named by DATABASE_URL / REDIS_URL, as `bin/test`)."""

from __future__ import annotations

import json
import threading
from unittest import mock

import psycopg
import pytest
from django.db import connection
from django.test import Client

from campaign.models import GameLog, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log_row_new
from tests.campaign.log.factories import api_payload, three_player_entry

pytestmark = [
    pytest.mark.integration,
    pytest.mark.fault,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("backends_ended"),
]


def _end_own_backend() -> None:
    """End this thread's connection from another one, as `pg_terminate_backend` under load."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=db["NAME"],
        autocommit=True,
    ) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_a_backend_ended_between_requests_costs_no_error_DESIGN(campaign, owner):
    client = _client(owner)
    _end_own_backend()

    assert client.get(f"/api/v1/campaigns/{campaign.slug}/").status_code == 200
    _end_own_backend()
    response = client.post(
        "/api/v1/campaigns/", json.dumps({"name": "After the kill"}), "application/json"
    )
    assert response.status_code == 201


def test_a_backend_ended_in_the_middle_of_a_read_costs_no_error_DESIGN(campaign, owner):
    from campaign.api import campaigns as api

    def ended(**kwargs):
        _end_own_backend()
        return world_current(**kwargs)

    with mock.patch.object(api, "world_current", side_effect=ended):
        response = _client(owner).get(f"/api/v1/campaigns/{campaign.slug}/")

    assert response.status_code == 200, response.content


def test_a_backend_ended_in_the_middle_of_a_write_answers_503_and_applies_nothing_DESIGN(
    campaign, owner, persons
):
    """The game's events were appended in the transaction when the backend went."""

    def ended(**kwargs):
        _end_own_backend()
        return game_log_row_new(**kwargs)

    body = json.dumps(api_payload(three_player_entry(persons)))
    with mock.patch("campaign.services.game_log.record.game_log_row_new", side_effect=ended):
        response = _client(owner).post(
            f"/api/v1/campaigns/{campaign.slug}/games/", body, content_type="application/json"
        )

    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()
    assert not GameLog.objects.exists()


def test_one_submission_sent_twice_at_once_is_logged_once_DESIGN(campaign, owner, persons):
    """A double click: two requests with one key race; the table's constraint keeps one."""
    body = json.dumps(api_payload(three_player_entry(persons)))
    barrier = threading.Barrier(2)
    answers: list[tuple[int, bytes]] = []

    def submit() -> None:
        try:
            client = _client(owner)
            barrier.wait()
            response = client.post(
                f"/api/v1/campaigns/{campaign.slug}/games/",
                body,
                content_type="application/json",
                HTTP_IDEMPOTENCY_KEY="double-click-01",
            )
            answers.append((response.status_code, response.content))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [status for status, _ in answers] == [201, 201]
    assert answers[0][1] == answers[1][1]
    assert GameLog.objects.filter(campaign=campaign).count() == 1
