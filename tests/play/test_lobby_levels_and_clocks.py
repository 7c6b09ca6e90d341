"""The lobby offers what a campaign's new-game form offers: a level per bot seat (easy,
normal, hard) and a clock for games played over days (none, per decision, per turn with
vacation days), by the page and by the API; bad choices are refused, nothing stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameSeat

pytestmark = pytest.mark.django_db


def test_the_lobby_form_sets_bot_levels_and_a_turn_clock(owner_client):
    page = owner_client.get(reverse("campaign:lobby")).content.decode()
    assert 'name="seat1_level"' in page and 'name="clock"' in page
    started = owner_client.post(
        reverse("campaign:lobby"),
        {
            "rule_set": "classic",
            "seat0_kind": "me",
            "seat1_kind": "bot",
            "seat1_level": "hard",
            "seat2_kind": "bot",
            "seat2_level": "easy",
            "clock": "turn",
            "turn_hours": "48",
            "vacation_days": "3",
        },
    )
    game = DigitalGame.objects.get()
    assert started.status_code == 302
    assert (game.clock, game.turn_hours, game.vacation_days) == ("turn", 48, 3)
    levels = [s.bot_level for s in game.seats.order_by("index") if s.kind == GameSeat.Kind.BOT]
    assert levels == ["hard", "easy"]
    assert game.status == DigitalGame.Status.PLAYING


def test_the_lobby_api_takes_levels_and_a_clock_and_refuses_bad_ones(owner_client):
    table = {
        "rule_set": "classic",
        "seats": [{"kind": "me"}, {"kind": "bot", "level": "hard"}, {"kind": "bot"}],
        "clock": "none",
    }
    made = owner_client.post("/api/v1/play/games", table, content_type="application/json")
    assert made.status_code == 201, made.content
    game = DigitalGame.objects.get(pk=made.json()["game"])
    assert game.clock == "none"
    assert [s.bot_level for s in game.seats.order_by("index")][1:] == ["hard", "normal"]

    for bad in (
        {**table, "seats": [{"kind": "me"}, {"kind": "bot", "level": "genius"}]},
        {**table, "clock": "turn", "vacation_days": 40},
    ):
        refused = owner_client.post("/api/v1/play/games", bad, content_type="application/json")
        assert refused.status_code == 400 and refused.json()["errors"][0]["message"]
    assert DigitalGame.objects.count() == 1
