"""What the game page shows of a game's clock: whom the turn clock waits on and until when, the
vacation days the reader's seats have left, and the seats a bot stands in for that the reader
may take back."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.clock import (
    timed_seats,
    vacation_days_left,
    vacation_renews_at,
)
from rules.game import GameState


def clock_context(
    game: DigitalGame, state: GameState, seats: list[GameSeat], held: list[int]
) -> dict[str, Any]:
    now = timezone.now()
    timed = sorted(timed_seats(game, state)) if game.is_playing else []
    deadline = game.turn_deadline if timed and not game.clock_ran_out else None
    vacation = []
    if deadline is not None:
        for index in timed:
            left = vacation_days_left(game, seats[index], now) if index in held else 0
            if left:
                vacation.append({"seat": seats[index], "left": left, "days": range(1, left + 1)})
    return {
        "kind": game.clock,
        "deadline": deadline,
        "waiting_on": [seats[i].name for i in timed],
        "ran_out": game.clock_ran_out and bool(timed),
        "vacation": vacation,
        "renews_at": vacation_renews_at(game, now) if vacation else None,
        "reclaim": [seats[i] for i in held if seats[i].bot_stands_in] if game.is_playing else [],
    }
