"""A turn clock near its end (issue 20's clocks): once a quarter of the turn is left, each person
the clock waits on is warned, once, by notice and (their choice) e-mail; the clock is moved,
never slept."""

from __future__ import annotations

import pytest
from django.core import mail

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.clock import key_seats
from campaign.services.digital.start import GameClock, SeatRequest, digital_game_start
from notices.kinds import Kind
from notices.models import Notice
from notices.tasks import notices_deadlines_warn, notices_mail_waiting

pytestmark = pytest.mark.django_db


@pytest.fixture
def day_game(clock, campaign, owner, persons, django_capture_on_commit_callbacks) -> DigitalGame:
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        return digital_game_start(
            campaign=campaign,
            user=owner,
            seats=seats,
            seed=11,
            clock=GameClock(kind=DigitalGame.Clock.TURN, turn_hours=24),
        )


def test_the_people_the_clock_waits_on_are_warned_once_in_its_last_quarter(
    day_game, clock, owner, player
):
    assert key_seats(day_game.clock_key) == {0, 1}  # both roll for the order of play
    clock.advance(hours=17)  # 7 hours left
    assert notices_deadlines_warn() == 0
    clock.advance(hours=2)  # 5 hours left
    assert notices_deadlines_warn() == 2
    warned = Notice.objects.filter(kind=Kind.DEADLINE, closed_at=None)
    assert {n.user for n in warned} == {owner, player}
    assert notices_deadlines_warn() == 0  # once per wait
    clock.advance(minutes=30)
    assert notices_deadlines_warn() == 0
    notices_mail_waiting()
    warned_by_mail = [m for m in mail.outbox if "your time to play is nearly up" in m.body]
    assert sorted(m.to[0] for m in warned_by_mail) == sorted([owner.email, player.email])
