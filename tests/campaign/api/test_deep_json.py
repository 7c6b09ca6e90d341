"""JSON nested deeper than any payload of the API needs is refused with a 400 before a view
sees it (a few thousand brackets used to blow the parser's recursion: a 500)."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from campaign.api.parsers import MAX_JSON_DEPTH
from campaign.models import Campaign


def _nested(depth: int) -> str:
    return '{"name": ' + "[" * depth + "]" * depth + "}"


@pytest.fixture
def api(owner) -> APIClient:
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000, 100_000])
def test_too_deep_json_is_a_400_that_creates_nothing(api, depth):
    before = Campaign.objects.count()
    response = api.post("/api/v1/campaigns/", _nested(depth), content_type="application/json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "parse_error"
    assert "nested" in error["message"]
    assert Campaign.objects.count() == before


def test_too_deep_json_is_refused_on_every_json_endpoint(api, campaign):
    body = _nested(50_000)
    for path in [
        f"/api/v1/campaigns/{campaign.slug}/games/",
        f"/api/v1/campaigns/{campaign.slug}/setup/",
        "/api/v1/campaign-imports/",
    ]:
        response = api.post(path, body, content_type="application/json")
        assert response.status_code == 400, path


def test_json_as_deep_as_the_limit_is_read(api):
    """The limit refuses nesting only: a body at the limit reaches the view, which answers for
    its content (here a name that is not text)."""
    value = json.loads("[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1))
    response = api.post("/api/v1/campaigns/", {"name": value}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] != "parse_error"
