"""Dates and deadlines in the reader's time zone: the browser's zone, sent in the `tz` cookie,
is activated for the request (Django's own conversion); anything else leaves UTC."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

pytestmark = pytest.mark.django_db


def _page(client, zone: str | None) -> str:
    if zone is not None:
        client.cookies["tz"] = zone
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_browsers_zone_is_the_pages_zone(client):
    page = _page(client, "Asia/Tokyo")
    assert 'data-time-zone="Asia/Tokyo"' in page
    assert "Times in Asia/Tokyo" in page
    assert 'src="/static/js/time_zone.js"' in page
    assert timezone.get_current_timezone_name() == "UTC"  # nothing leaks to the next request


@pytest.mark.parametrize("zone", ["", "Mars/Olympus", "../../etc/passwd", "Europe/" + "x" * 5000])
def test_a_missing_or_unknown_zone_leaves_utc(client, zone):
    page = _page(client, zone)
    assert 'data-time-zone="UTC"' in page and "Times in UTC" in page


@pytest.mark.parametrize(
    ("template", "context"),
    [
        ("campaign/game/_battle.html", {"battle": {"attacker": "Ann", "target": "Peru"}}),
        ("campaign/game/_pocket_decision.html", {"decision": {"kind": "x"}}),
    ],
)
def test_a_deadline_shows_in_the_readers_zone(template, context):
    deadline = datetime(2026, 3, 1, 12, 0, 30, tzinfo=UTC)
    words = {**context, "deadline": deadline, "waiting_on": ["Bo"], "default_words": "it passes"}
    with timezone.override("Asia/Tokyo"):
        text = render_to_string(template, words)
    assert "not chosen by 21:00:30 (Asia/Tokyo)" in text
    assert "UTC" not in text
