"""Two beat sweeps at the same moment (a redelivered task beside the next minute's run) on a turn
that ran out: the bot plays it exactly once and the seat misses one turn (DESIGN: tasks are
idempotent; the game row is locked). Needs PostgreSQL (row locks); on SQLite the sequential
double run in test_turn_clocks.py shows the same."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection

from campaign import tasks
from campaign.models.digital import GameMove
from tests.campaign.digital.conftest import DAY

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_two_concurrent_sweeps_play_an_overdue_turn_once(turn_game, clock):
    turn_game.refresh_from_db()
    late = sorted(s.index for s in turn_game.seats.all() if not s.is_bot)
    clock.advance(DAY + datetime.timedelta(seconds=1))
    barrier = threading.Barrier(2)
    played: list[list[int]] = []

    def sweep() -> None:
        try:
            barrier.wait()
            played.append(tasks.digital_clocks_enforce()["turns"])
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(played) == [[], [turn_game.pk]]
    turn_game.refresh_from_db()
    assert turn_game.version == GameMove.objects.filter(game=turn_game).count()
    missed = {s.index: s.missed_turns for s in turn_game.seats.all() if s.index in late}
    assert max(missed.values()) == 1
