"""The rule a move of a stand-alone rule set cites where the game shows it (a move form, the
attack-again form): the rule set's own ID, never the Risk Legacy rule of the same move.
Invasión cites IN-1 ("plays like Classic Risk") where it has no rule of its own."""

from __future__ import annotations

from rules.game.state import GameState
from rules.rule_sets import CLASSIC, INVASION

SETUP_PLACE = "cl_setup_place"

CLASSIC_RULES = {
    "roll_for_order": "CL-2",
    "claim_territory": "CL-3",
    "place_troops": "CL-6",
    "place_neutral": "CL-22",
    "choose_headquarters": "CL-30",
    "trade_cards": "CL-11",
    "attack": "CL-14",
    "defend_with": "CL-15",
    "move_in": "CL-16",
    "maneuver": "CL-19",
    "end_turn": "CL-5",
}
INVASION_RULES = {
    **dict.fromkeys(CLASSIC_RULES, "IN-1"),
    "claim_territory": "IN-4",
    "trade_cards": "IN-7",
    "maneuver": "IN-8",
}


def move_rule(state: GameState, kind: str) -> str:
    """The rule ID for a move of type `kind` in this state's rule set; "" for Risk Legacy or a
    move the rule set does not have."""
    if state.rule_set == CLASSIC:
        if kind == "place_troops" and state.phase == SETUP_PLACE:
            return "CL-22" if state.table.get("neutral") is not None else "CL-4"
        return CLASSIC_RULES.get(kind, "")
    if state.rule_set == INVASION:
        if kind == "place_troops" and state.phase == SETUP_PLACE:
            return "IN-5"
        return INVASION_RULES.get(kind, "")
    return ""
