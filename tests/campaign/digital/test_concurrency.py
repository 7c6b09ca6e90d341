"""Two submissions of a move on the same version at the same moment: exactly one applies.

Needs PostgreSQL (row locks); on SQLite the sequential double submit in test_move_submit.py
shows the same refusal."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from campaign.models.digital import GameMove
from campaign.services.digital.moves import StaleGameError, move_submit

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_two_concurrent_submits_on_one_version_apply_exactly_once(mixed_game, owner):
    barrier = threading.Barrier(2)
    results: list[str] = []

    def submit() -> None:
        try:
            barrier.wait()
            move_submit(
                game=mixed_game,
                seat=0,
                move={"type": "roll_for_order"},
                version=mixed_game.version,
                user=owner,
            )
            results.append("applied")
        except StaleGameError:
            results.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["applied", "stale"]
    assert GameMove.objects.filter(game=mixed_game, seat=0).count() == 1
    mixed_game.refresh_from_db()
    assert mixed_game.version == GameMove.objects.filter(game=mixed_game).count()
