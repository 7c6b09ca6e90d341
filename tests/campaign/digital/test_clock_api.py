"""The clock in the API: the state answer tells it, vacation and taking back a seat are
endpoints, and refusals come in the API's error shape with nothing changed (DESIGN)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameSeat
from tests.campaign.digital.conftest import DAY

pytestmark = pytest.mark.django_db


def _api(name: str, game: DigitalGame) -> str:
    return reverse(f"api:{name}", kwargs={"game_id": game.pk})


def test_the_state_tells_the_clock(owner_client, owners_turn):
    body = owner_client.get(_api("game-state", owners_turn), {"seat": 0}).json()
    clock = body["clock"]
    assert clock["kind"] == "turn" and clock["turn_hours"] == 24
    assert clock["timed_seats"] == [0]
    assert datetime.datetime.fromisoformat(clock["turn_deadline"]) == owners_turn.turn_deadline
    assert clock["vacation_days_left"] == 2 and clock["bot_stands_in"] == []


def test_vacation_through_the_api(owner_client, player_client, owners_turn):
    deadline = owners_turn.turn_deadline
    refused = player_client.post(
        _api("game-vacation", owners_turn), {"seat": 0, "days": 1}, content_type="application/json"
    )
    assert refused.status_code == 403 and refused.json()["errors"][0]["code"] == "not_your_seat"
    too_many = owner_client.post(
        _api("game-vacation", owners_turn), {"seat": 0, "days": 3}, content_type="application/json"
    )
    assert too_many.status_code == 400
    assert too_many.json()["errors"][0]["code"] == "no_vacation_left"
    owners_turn.refresh_from_db()
    assert owners_turn.turn_deadline == deadline
    done = owner_client.post(
        _api("game-vacation", owners_turn), {"seat": 0, "days": 2}, content_type="application/json"
    )
    assert done.status_code == 200
    assert done.json()["clock"]["vacation_days_left"] == 0
    owners_turn.refresh_from_db()
    assert owners_turn.turn_deadline == deadline + 2 * DAY


def test_reclaiming_a_seat_through_the_api(owner_client, owners_turn):
    not_yet = owner_client.post(
        _api("game-seat-reclaim", owners_turn), {"seat": 0}, content_type="application/json"
    )
    assert not_yet.status_code == 409
    assert not_yet.json()["errors"][0]["code"] == "not_standing_in"
    GameSeat.objects.filter(game=owners_turn, index=0).update(bot_stands_in=True, missed_turns=3)
    done = owner_client.post(
        _api("game-seat-reclaim", owners_turn), {"seat": 0}, content_type="application/json"
    )
    assert done.status_code == 200 and done.json()["clock"]["bot_stands_in"] == []
    assert not GameSeat.objects.get(game=owners_turn, index=0).bot_stands_in


def test_a_malformed_seat_action_is_a_400_in_the_error_shape(owner_client, owners_turn):
    response = owner_client.post(
        _api("game-vacation", owners_turn), {"seat": "x"}, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["errors"]
