"""What the stand-alone rule sets' steps share: seats in play, reinforcements, the victory
check and the start of a turn."""

from __future__ import annotations

from typing import Any

from rules.data import rules_board
from rules.errors import IllegalMove
from rules.game.events import GameEvent
from rules.game.state import GAME_OVER, GameState, TurnFlags
from rules.variants import objectives
from rules.variants.steps import steps_for
from rules.words import gettext_lazy

REINFORCE = "cl_reinforce"
ATTACK = "cl_attack"


def fail(code: str, message: str, rule: str) -> None:
    raise IllegalMove(code, message, rule)


def neutral_seat(state: GameState) -> int | None:
    return state.table.get("neutral")


def players(state: GameState) -> list[int]:
    """The seats of players (not the neutral army), eliminated or not."""
    neutral = neutral_seat(state)
    return [s for s in range(state.seat_count) if s != neutral]


def alive(state: GameState) -> list[int]:
    return [s for s in players(state) if not state.seats[s].eliminated]


def next_player(state: GameState, seat: int) -> int:
    """The next player in play clockwise after `seat` (CL-2)."""
    for step in range(1, state.seat_count + 1):
        other = (seat + step) % state.seat_count
        if other != neutral_seat(state) and not state.seats[other].eliminated:
            return other
    return seat


def set_table(state: GameState, **changes: Any) -> None:
    state.table = {**state.table, **changes}


def continents_held(state: GameState, seat: int) -> list[str]:
    return [
        key
        for key, continent in rules_board().continents.items()
        if all(state.owner(t) == seat for t in continent.territories)
    ]


def reinforcements(state: GameState, seat: int) -> int:
    """CL-6 and CL-7: territories held / 3 (at least 3), plus each whole continent's bonus."""
    board = rules_board()
    base = max(3, len(state.controlled(seat)) // 3)
    return base + sum(board.continents[c].bonus for c in continents_held(state, seat))


def start_turn(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """CL-5: the turn begins with reinforcements (CL-6, CL-7)."""
    count = reinforcements(state, seat)
    state.current_seat = seat
    state.turn_number += 1
    state.turn = TurnFlags(recruits_left=count)
    state.phase = REINFORCE
    state.pending = None
    events.append(
        GameEvent(
            "reinforcements",
            gettext_lazy("Turn of %(player)s: %(count)s new armies.")
            % {"player": state.seats[seat].name, "count": count},
            {"seat": seat, "count": count},
        )
    )


def winner_now(state: GameState, seat: int) -> bool:
    """Whether `seat` has won (CL-20, CL-24, CL-31, IN-10, IN-11)."""
    if alive(state) == [seat]:
        return True
    steps = steps_for(state)
    if steps.victory == "domination":
        return False
    if steps.victory == "headquarters":
        return headquarters_won(state, seat)
    return objectives.met(state, seat)


def headquarters_won(state: GameState, seat: int) -> bool:
    """CL-31: holding one's own HQ and every enemy HQ (or 2 of them with 4 players, 3 with
    5 or 6, in the shorter race)."""
    hqs: list[str | None] = state.table.get("headquarters") or []
    if not state.table.get("hq_revealed") or not hqs or hqs[seat] is None:
        return False
    if state.owner(hqs[seat]) != seat:  # type: ignore[arg-type]
        return False
    enemy = [hq for other, hq in enumerate(hqs) if other != seat and hq is not None]
    taken = sum(1 for hq in enemy if state.owner(hq) == seat)
    if steps_for(state).headquarters == "all":
        return taken == len(enemy)
    needed = 2 if len(players(state)) == 4 else 3
    return taken >= needed


def check_victory(state: GameState, seat: int, events: list[GameEvent]) -> bool:
    if state.phase == GAME_OVER or not winner_now(state, seat):
        return False
    state.phase = GAME_OVER
    state.winner = seat
    state.pending = None
    events.append(
        GameEvent(
            "game_won",
            gettext_lazy("%(player)s wins the game.") % {"player": state.seats[seat].name},
            {"seat": seat},
        )
    )
    return True
