"""Idempotent writes (issue 22): a game log, a correction, a move and an import sent with an
idempotency key are written once; a retry with the same key answers the first answer again and
changes nothing, so a client that saw an error may always retry."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from campaign.idempotency import KEPT_FOR
from campaign.models import Campaign, GameLog, IdempotentAnswer, WorldEventRecord
from campaign.models.digital import GameMove, GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.export import campaign_export
from campaign.tasks import idempotent_answers_forget
from tests.campaign.digital.conftest import first_legal
from tests.campaign.log.factories import api_payload, three_player_entry

pytestmark = [pytest.mark.django_db, pytest.mark.fault]


def _post(client, url: str, body: dict, key: str):
    return client.post(
        url, data=json.dumps(body), content_type="application/json", HTTP_IDEMPOTENCY_KEY=key
    )


def _twice(client, url: str, body: dict, key: str = "retry-key-0001"):
    first, second = _post(client, url, body, key), _post(client, url, body, key)
    assert first.status_code < 300, first.content
    assert (second.status_code, second.content) == (first.status_code, first.content)
    assert second["Idempotent-Replayed"] == "true"
    return first


def _game(persons) -> dict:
    return json.loads(json.dumps(api_payload(three_player_entry(persons))))


def test_a_game_log_retried_with_its_key_is_logged_once_DESIGN(campaign, persons, owner_client):
    _twice(owner_client, f"/api/v1/campaigns/{campaign.slug}/games/", _game(persons))

    assert GameLog.objects.filter(campaign=campaign).count() == 1


def test_a_correction_retried_with_its_key_is_made_once_DESIGN(campaign, persons, owner_client):
    _post(owner_client, f"/api/v1/campaigns/{campaign.slug}/games/", _game(persons), "log-00001")
    fixed = {**_game(persons), "slogan": "Second thoughts", "reason": "Wrong slogan"}

    _twice(owner_client, f"/api/v1/campaigns/{campaign.slug}/games/1/correction/", fixed)

    assert GameLog.objects.filter(campaign=campaign).count() == 2
    assert WorldEventRecord.objects.filter(campaign=campaign, kind="events_voided").count() == 1


def test_a_move_retried_with_its_key_is_played_once_DESIGN(campaign, owner, persons, owner_client):
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        *(SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(2)),
    ]
    mixed_game = digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)
    seat, move = first_legal(mixed_game)
    body = {"seat": seat, "version": mixed_game.version, "move": move}
    url = f"/api/v1/games/{mixed_game.pk}/moves"
    first = _post(owner_client, url, body, "move-key-001")
    after_first = GameMove.objects.filter(game=mixed_game).count()  # the bots moved on too

    second = _post(owner_client, url, body, "move-key-001")

    assert (second.status_code, second.content) == (first.status_code, first.content)
    assert first.status_code == 200, first.content
    assert GameMove.objects.filter(game=mixed_game).count() == after_first


def test_an_import_retried_with_its_key_creates_one_campaign_DESIGN(campaign, owner_client):
    document = json.loads(json.dumps(campaign_export(campaign=campaign)))
    for person in document["persons"]:
        person["user"] = None

    first = _twice(owner_client, "/api/v1/campaign-imports/", document)

    assert Campaign.objects.count() == 2
    assert Campaign.objects.filter(slug=first.json()["slug"]).exists()


def test_a_key_reused_for_another_request_is_refused_DESIGN(campaign, persons, owner_client):
    url = f"/api/v1/campaigns/{campaign.slug}/games/"
    _post(owner_client, url, _game(persons), "same-key-001")

    response = _post(owner_client, url, {**_game(persons), "slogan": "Other"}, "same-key-001")

    assert response.status_code == 422
    assert response.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert GameLog.objects.count() == 1


def test_a_refused_write_keeps_no_answer_so_its_fixed_retry_is_checked_again_DESIGN(
    campaign, persons, owner_client
):
    url = f"/api/v1/campaigns/{campaign.slug}/games/"
    refused = _post(owner_client, url, {**_game(persons), "winner": "nobody"}, "fix-me-0001")

    assert refused.status_code == 400
    assert not IdempotentAnswer.objects.exists()


def test_a_key_that_is_not_a_key_is_refused_plainly_DESIGN(campaign, persons, owner_client):
    response = _post(owner_client, f"/api/v1/campaigns/{campaign.slug}/games/", _game(persons), "x")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_idempotency_key"
    assert not GameLog.objects.exists()


def test_the_log_form_carries_a_new_key_each_time_it_is_shown_DESIGN(campaign, owner_client):
    url = f"/campaigns/{campaign.slug}/log/players/"
    keys = [
        re.search(r'name="idempotency_key" value="([^"]+)"', owner_client.get(url).text)
        for _ in range(2)
    ]

    assert all(keys) and keys[0].group(1) != keys[1].group(1)


def test_a_page_form_sent_twice_with_its_key_answers_the_same_redirect_DESIGN(
    campaign, persons, owner_client
):
    """The log form's first step, posted twice with one key (a double click, a retry)."""
    from tests.campaign.log.factories import later_game_players

    url = f"/campaigns/{campaign.slug}/log/players/"
    data = {**later_game_players(persons, "2026-02-01"), "idempotency_key": "page-key-0001"}

    first, second = owner_client.post(url, data), owner_client.post(url, data)

    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert second["Idempotent-Replayed"] == "true"


def test_a_move_form_sent_twice_with_its_key_is_played_once_DESIGN(
    campaign, owner, persons, owner_client
):
    """The game page's move forms carry a key of their own; a double click plays once."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        *(SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(2)),
    ]
    game = digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)
    page = owner_client.get(game.get_absolute_url()).text
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page)
    assert key is not None
    seat, move = first_legal(game)
    assert set(move) == {"type"}  # the roll for order: no other field
    form = {"seat": seat, "version": game.version, "type": move["type"], "idempotency_key": key[1]}
    url = f"/c/{campaign.slug}/play/{game.pk}/move/"

    first = owner_client.post(url, form)
    after_first = GameMove.objects.filter(game=game).count()
    second = owner_client.post(url, form)

    assert first.status_code == 200
    assert (second.status_code, second.content) == (first.status_code, first.content)
    assert GameMove.objects.filter(game=game).count() == after_first


def test_first_answers_are_forgotten_after_two_days_by_the_hourly_task_DESIGN(
    campaign, persons, owner_client, settings
):
    _post(owner_client, f"/api/v1/campaigns/{campaign.slug}/games/", _game(persons), "old-key-001")
    _post(owner_client, "/api/v1/campaigns/", {"name": "Fresh"}, "new-key-001")
    IdempotentAnswer.objects.filter(key="old-key-001").update(
        created_at=timezone.now() - KEPT_FOR - timedelta(minutes=1)
    )

    assert idempotent_answers_forget() == 1
    assert list(IdempotentAnswer.objects.values_list("key", flat=True)) == ["new-key-001"]
    assert "campaign.tasks.idempotent_answers_forget" in {
        entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }
