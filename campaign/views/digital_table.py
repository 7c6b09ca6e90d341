"""What the table of a Classic Risk or Invasión game shows beside the board: sets traded in and
the next one's worth (CL-11), the hand limit (IN-6), the viewer's secret objective (IN-10) and
the headquarters they may know of (CL-30)."""

from __future__ import annotations

from typing import Any

from rules.data import board
from rules.game import GameState
from rules.rule_sets import LEGACY


def table_words(state: GameState, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """None-free words for `campaign/game/_table.html`; empty for a Legacy game."""
    if state.rule_set == LEGACY:
        return {}
    table = view.get("table") or {}
    objectives = table.get("objectives") or {}
    mine = objectives.get(str(viewer)) if viewer is not None else None
    headquarters = [
        (state.seats[index].name, board().territory(territory).name)
        for index, territory in enumerate(table.get("headquarters") or ())
        if territory
    ]
    return {
        "trade_ins": table.get("trade_ins", 0),
        "next_trade_value": table.get("next_trade_value"),
        "hand_limit": table.get("hand_limit"),
        "objective": mine.get("text", "") if mine else "",
        "headquarters": headquarters,
    }
