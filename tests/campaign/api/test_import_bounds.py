"""Bounded work for every input: an import is checked in memory and time linear in its length,
every number it names is bounded before any work proportional to it, a body past the documented
maximum is a JSON 413, and text the database cannot hold (a NUL) is refused in plain words."""

from __future__ import annotations

import json
import time
import tracemalloc

import pytest
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.urls import get_resolver

from campaign.api.exceptions import bad_request, server_error
from campaign.models import Campaign, WorldEventRecord
from campaign.services.export import (
    IMPORT_CORRECTIONS_MAX,
    IMPORT_EVENTS_MAX,
    campaign_export,
)
from campaign.services.game_log.record import game_log
from campaign.services.import_checks import numbering_refusals
from tests.campaign.log.factories import three_player_entry

pytestmark = [pytest.mark.django_db, pytest.mark.fault]

IMPORTS = "/api/v1/campaign-imports/"


@pytest.fixture
def document(campaign, owner, persons) -> dict:
    """One game logged, exported as its owner may import it (only their account linked)."""
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    exported = json.loads(json.dumps(campaign_export(campaign=campaign)))
    for person in exported["persons"]:
        if person["user"] != owner.username:
            person["user"] = None
    return exported


def _refused(client, document: dict) -> list[dict]:
    before = Campaign.objects.count(), WorldEventRecord.objects.count()
    response = client.post(IMPORTS, data=json.dumps(document), content_type="application/json")
    assert response.status_code == 400, response.content
    assert (Campaign.objects.count(), WorldEventRecord.objects.count()) == before
    return response.json()["errors"]


def test_a_first_event_number_of_a_million_is_checked_in_little_memory_DESIGN():
    """The gap check looks at the numbers the log holds, never at every number up to the
    largest (a first number of 10**7 grew a worker to 1.2 GB)."""
    rows = [{"seq": 1_000_000}, {"seq": 1_000_001}]
    tracemalloc.start()
    try:
        refusals = numbering_refusals(rows)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 200_000, peak
    assert [r.code for r in refusals][-1] == "event_missing"
    assert "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ..." in refusals[-1].message


@pytest.mark.parametrize("seq", [10**7, 10**4000], ids=["ten-million", "4001-digits"])
def test_an_event_number_past_the_bound_is_refused_at_once_DESIGN(document, owner_client, seq):
    document["events"][0]["seq"] = seq
    started = time.perf_counter()

    errors = _refused(owner_client, document)

    assert time.perf_counter() - started < 5
    assert errors[0]["code"] == "event_unnumbered"
    assert "1,000,000" in errors[0]["message"] or "1000000" in errors[0]["message"]
    assert all(len(e["message"]) < 500 for e in errors)  # no 4001-digit number echoed


NUMBERS = {
    "an event's game number": lambda d: d["events"][0].update(game_number=10**12),
    "a game log's game number": lambda d: d["game_logs"][0].update(game_number=2**40),
    "a correction's event": lambda d: d["events"][0].update(corrects=[10**20]),
}


@pytest.mark.parametrize("edit", NUMBERS.values(), ids=NUMBERS.keys())
def test_a_number_past_what_a_campaign_reaches_is_refused_in_words_DESIGN(
    document, owner_client, edit
):
    """Past the bound, never stored (PostgreSQL answered with its own 'integer out of
    range')."""
    edit(document)

    errors = _refused(owner_client, document)

    assert errors and all("out of range" not in e["message"] for e in errors)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["persons"][0].update(display_name="Ann\x00"),
        lambda d: d["campaign"].update(name="Camp\x00aign"),
        lambda d: d["events"][0].update(override_reason="because\x00"),
        lambda d: d["game_logs"][0]["entry"].update(note="\x00"),
    ],
    ids=["person", "campaign", "reason", "entry"],
)
def test_a_nul_character_in_imported_text_is_refused_plainly_DESIGN(document, owner_client, edit):
    """PostgreSQL cannot store a NUL; its own message never reaches the importer."""
    edit(document)

    errors = _refused(owner_client, document)

    assert [e["code"] for e in errors] == ["nul_character"]
    assert "0x00" not in errors[0]["message"]


def test_a_body_past_the_documented_maximum_is_a_json_413_DESIGN(owner_client):
    """Django's own refusal of a large body was an HTML 400 page."""
    largest = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = json.dumps({"format": "risk-legacy-campaign", "pad": "a" * (largest + 1)})
    before = Campaign.objects.count()

    response = owner_client.post(IMPORTS, data=body, content_type="application/json")

    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    assert error["code"] == "too_large"
    assert f"{largest // 1_000_000} MB" in error["message"]
    assert Campaign.objects.count() == before


def test_an_unknown_api_address_answers_in_the_apis_json_DESIGN(anon_client, settings):
    settings.DEBUG = False
    response = anon_client.get("/api/v1/no-such-thing/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "not_found"


def test_a_failure_of_the_server_under_the_api_answers_in_its_json_DESIGN(rf):
    """What the API cannot answer for itself (an error past its views) still has its shape."""
    response = server_error(rf.get("/api/v1/campaigns/"))

    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["errors"][0]["code"] == "server_error"
    assert "<html" in server_error(rf.get("/campaigns/")).content.decode().lower()
    assert get_resolver().resolve_error_handler(500) is server_error


def test_a_body_django_refuses_before_the_api_is_a_json_413_DESIGN(rf):
    response = bad_request(rf.post("/api/v1/campaign-imports/"), RequestDataTooBig())

    assert response.status_code == 413
    assert json.loads(response.content)["errors"][0]["code"] == "too_large"
    assert get_resolver().resolve_error_handler(400) is bad_request


def test_more_events_than_an_import_holds_are_refused_before_any_replay_DESIGN(
    document, owner_client
):
    row = document["events"][0]
    document["events"] = [{**row, "seq": n} for n in range(1, IMPORT_EVENTS_MAX + 2)]

    (error,) = _refused(owner_client, document)

    assert error["code"] == "bad_import"
    assert f"{IMPORT_EVENTS_MAX:,}" in error["message"]


def test_more_corrections_than_an_import_holds_are_refused_DESIGN(document, owner_client):
    """Each correction replays the log before it: their number is bounded too."""
    first = len(document["events"]) + 1
    document["events"] += [
        {"seq": seq, "kind": "events_voided", "source": "log", "payload": {"seqs": [1]}}
        for seq in range(first, first + IMPORT_CORRECTIONS_MAX + 1)
    ]

    (error,) = _refused(owner_client, document)

    assert "corrections" in error["message"]
