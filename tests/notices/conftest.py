"""Fixtures of notices: a game of two people on their own browsers and a bot, and a clock the
tests move forward instead of sleeping."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start
from tests.cache_reset import cache_reset


@pytest.fixture(autouse=True)
def _nobody_watching():
    """Pages marked open by an earlier test are forgotten (presence is kept in the cache)."""
    cache_reset()
    yield
    cache_reset()


class Clock:
    """`timezone.now()` as the tests set it: it moves only when told."""

    def __init__(self, monkeypatch) -> None:
        self.now = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def table_game(campaign, owner, persons, django_capture_on_commit_callbacks) -> DigitalGame:
    """The owner and the player on their own browsers and one bot, seed 11."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        return digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)
