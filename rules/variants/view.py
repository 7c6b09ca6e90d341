"""What a seat (or a spectator) may see of a stand-alone game: everything but the other
seats' cards, the secret headquarters before they are shown (CL-30), the other seats'
objectives (IN-11) until the end, the order of the deck and the dice generator; once over, who
won and how."""

from __future__ import annotations

from typing import Any

from rules.game.result import ended_by
from rules.game.state import GameState
from rules.variants import objectives
from rules.variants.cards import escalating_value, symbol
from rules.variants.engine import seats_to_act
from rules.variants.steps import steps_for


def variant_view(state: GameState, seat: int | None, *, with_world: bool = True) -> dict[str, Any]:
    data = state.to_json(include_world=with_world)
    for key in ("rng", "draw_pile", "event_deck", "mission_deck"):
        data.pop(key)
    data["draw_pile_count"] = len(state.draw_pile)
    data["discard_pile_count"] = len(state.discard_pile)
    seats = []
    for index, player in enumerate(state.seats):
        shown = player.to_json()
        shown["territories"] = len(state.controlled(index))
        shown["troops_on_board"] = state.troops_on_board(index)
        shown["card_count"] = len(player.cards)
        shown["neutral"] = index == state.table.get("neutral")
        if index == seat:
            shown["card_symbols"] = [symbol(c) or "wild" for c in player.cards]
        else:
            shown["cards"] = None
        seats.append(shown)
    data["seats"] = seats
    data["table"] = _public_table(state, seat)
    data["you"] = seat
    data["seats_to_act"] = seats_to_act(state)
    data["is_over"] = state.is_over
    if state.is_over and state.winner is not None:
        data["result"] = {"winner": state.winner, "ended_by": ended_by(state)}
    return data


def _public_table(state: GameState, seat: int | None) -> dict[str, Any]:
    table = {k: v for k, v in state.table.items() if k not in ("headquarters", "objectives")}
    steps = steps_for(state)
    if steps.trade_value == "escalating":
        table["next_trade_value"] = escalating_value(state.table.get("trade_ins", 0) + 1)
    table["hand_limit"] = steps.hand_limit
    hqs = state.table.get("headquarters")
    if hqs is not None:
        shown = state.table.get("hq_revealed") or state.is_over
        table["headquarters"] = [
            hq if shown or index == seat else None for index, hq in enumerate(hqs)
        ]
    dealt = state.table.get("objectives")
    if dealt is not None:
        names = [s.name for s in state.seats]
        visible = range(len(dealt)) if state.is_over else [seat] if seat is not None else []
        table["objectives"] = {
            str(index): {**dealt[index], "text": objectives.describe(dealt[index], names)}
            for index in visible
            if index < len(dealt) and dealt[index] is not None
        }
    return table
