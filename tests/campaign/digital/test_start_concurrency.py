"""Ten starts of a campaign's first digital game at the same moment, each with bot seats: one
game starts, the nine others are told a game is already unfinished (409), and the bots sit as
one set of persons (the bot persons used to be created before the campaign lock: an
IntegrityError, a 500). Needs PostgreSQL (row locks)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from campaign.errors import ApplicationError
from campaign.models import Person
from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

STARTS = 10


def test_ten_concurrent_first_starts_seat_one_game_and_refuse_the_rest(campaign, owner, persons):
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    barrier = threading.Barrier(STARTS)
    outcomes: list[str] = []

    def start() -> None:
        try:
            barrier.wait()
            digital_game_start(campaign=campaign, user=owner, seats=seats, seed=5)
            outcomes.append("started")
        except ApplicationError as refusal:
            outcomes.append(f"{refusal.status} {refusal.violations[0].code}")
        except Exception as crash:  # the bug: anything else is a 500
            outcomes.append(type(crash).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(STARTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["409 game_unfinished"] * (STARTS - 1) + ["started"]
    assert DigitalGame.objects.filter(campaign=campaign).count() == 1
    bots = Person.objects.filter(campaign=campaign, user=None, display_name__startswith="Bot ")
    assert sorted(bots.values_list("display_name", flat=True)) == ["Bot 2", "Bot 3"]
