"""What the table of a Classic Risk or Invasión game shows beside the board: sets traded in and
the next one's worth (CL-11), the hand limit (IN-6), the viewer's secret objective (IN-10) and
the headquarters they may know of (CL-30), and at the end who won and how (CL-20, CL-24,
CL-31, IN-10, IN-11)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from rules.data import board
from rules.game import GameState
from rules.game.result import ended_by
from rules.rule_sets import INVASION, LEGACY


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
        "ending": _ending(state, table),
    }


def _ending(state: GameState, table: dict[str, Any]) -> str:
    if not state.is_over or state.winner is None:
        return ""
    words = {"player": state.seats[state.winner].name}
    how = ended_by(state)
    if how == "headquarters":
        return _("%(player)s wins holding the enemy headquarters (CL-31).") % words
    if how == "objective":
        objective = (table.get("objectives") or {}).get(str(state.winner)) or {}
        words["objective"] = objective.get("text", "")
        return _("%(player)s wins by meeting their secret objective (IN-11): %(objective)s") % words
    if state.rule_set == INVASION:
        return _("%(player)s wins: everyone else is out of the game (IN-10).") % words
    if state.table.get("neutral") is not None:
        return _("%(player)s wins: their opponent is out of the game (CL-24).") % words
    return _("%(player)s wins: everyone else is out of the game (CL-20).") % words
