"""The turn clock's countdown on the game page: the server writes the deadline as an absolute
time in the reader's zone, and the page's script counts down to it in hours and minutes (the
decision windows count in seconds)."""

from __future__ import annotations

import re

import pytest

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.start import GameClock, SeatRequest, digital_game_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.browser_locale("es-ES")
def test_the_turn_clock_counts_down_in_hours_in_the_readers_language(
    page, login, owner, persons, campaign
):
    seats = [SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN)] + [
        SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(2)
    ]
    game = digital_game_start(
        campaign=campaign,
        user=owner,
        seats=seats,
        seed=3,
        clock=GameClock(kind=DigitalGame.Clock.TURN, turn_hours=24),
    )
    login(page, owner)
    page.goto(game.get_absolute_url())
    clock = page.locator(".turn-clock")
    clock.locator(".deadline-left").wait_for()
    assert re.fullmatch(
        r"Quedan 23 h 5\d min\.", clock.locator(".deadline-left").inner_text().strip()
    )
    assert (
        clock.locator("time")
        .get_attribute("datetime")
        .startswith(game.turn_deadline.date().isoformat())
    )
    assert "el bot juega" in clock.inner_text()
