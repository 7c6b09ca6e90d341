"""Reading a game's clock: its kind, whom the turn clock waits on and until when, the decision
deadline, vacation days left and the seats a bot stands in for (for the API's state answer)."""

from __future__ import annotations

from typing import Any

from campaign.models.digital import DigitalGame
from campaign.services.digital.clock import timed_seats, vacation_days_left
from rules.game import GameState


def digital_game_clock(
    *, game: DigitalGame, seat: int | None, state: GameState | None = None
) -> dict[str, Any]:
    """The game's clock as the state answer gives it: its kind, the turn deadline while one
    runs and whom it waits on, the decision deadline, and the asking seat's vacation left.
    `state`: the game's, if already read."""
    state = state if state is not None else game.game_state()
    timed = sorted(timed_seats(game, state)) if game.is_playing else []
    running = bool(timed) and not game.clock_ran_out and game.turn_deadline is not None
    seats = {s.index: s for s in game.seats.all()}
    return {
        "kind": game.clock,
        "turn_hours": game.turn_hours,
        "vacation_days": game.vacation_days,
        "turn_deadline": game.turn_deadline.isoformat() if running else None,
        "timed_seats": timed,
        "ran_out": game.clock_ran_out and bool(timed),
        "decision_deadline": (
            game.decision_deadline.isoformat() if game.decision_deadline else None
        ),
        "vacation_days_left": (vacation_days_left(game, seats[seat]) if seat in seats else None),
        "bot_stands_in": sorted(i for i, s in seats.items() if s.bot_stands_in),
    }
