"""The stand-alone rule sets' phases: which move each phase takes, who acts and the legal
moves. `rules.game.engine` hands a game here when its rule set is not Risk Legacy, after its
own checks (game over, a move at all)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.errors import IllegalMove
from rules.game.events import GameEvent
from rules.game.moves import (
    Attack,
    ChooseHeadquarters,
    ClaimTerritory,
    DefendWith,
    EndTurn,
    Maneuver,
    Move,
    MoveIn,
    MoveOption,
    PlaceNeutral,
    PlaceTroops,
    RollForOrder,
    TradeCards,
)
from rules.game.setup import order_rollers
from rules.game.state import GAME_OVER, GameState
from rules.variants import setup, turn
from rules.variants.common import ATTACK, REINFORCE, check_victory
from rules.words import gettext as _
from rules.words import gettext_noop

Handler = Callable[[GameState, int, Any, list[GameEvent]], None]

PHASES: dict[str, dict[type[Move], Handler]] = {
    setup.ORDER: {RollForOrder: setup.roll_for_order},
    setup.CLAIM: {ClaimTerritory: setup.claim_territory},
    setup.SETUP_PLACE: {PlaceTroops: setup.place_setup, PlaceNeutral: setup.place_neutral},
    setup.HEADQUARTERS: {ChooseHeadquarters: setup.choose_headquarters},
    REINFORCE: {TradeCards: turn.trade_cards, PlaceTroops: turn.place_troops},
    ATTACK: {Attack: turn.attack, Maneuver: turn.fortify, EndTurn: turn.end_attacks},
    turn.DEFEND: {DefendWith: turn.defend_with},
    turn.MOVE_IN: {MoveIn: turn.move_in},
    GAME_OVER: {},
}

PHASE_WORDS = {
    setup.ORDER: (gettext_noop("everyone is rolling to see who starts"), "CL-2"),
    setup.CLAIM: (gettext_noop("the players are claiming the territories"), "CL-3"),
    setup.SETUP_PLACE: (gettext_noop("the players are placing their starting armies"), "CL-4"),
    setup.HEADQUARTERS: (gettext_noop("the players are choosing their headquarters"), "CL-30"),
    REINFORCE: (gettext_noop("the new armies must be placed first"), "CL-5"),
    ATTACK: (gettext_noop("it is the attack step"), "CL-5"),
    turn.DEFEND: (gettext_noop("the defender is choosing dice"), "CL-15"),
    turn.MOVE_IN: (gettext_noop("the conqueror must move armies in"), "CL-16"),
}

OPTIONS: dict[str, Callable[[GameState, int], list[MoveOption]]] = {
    setup.ORDER: lambda s, seat: [MoveOption(RollForOrder())],
    setup.CLAIM: setup.claim_options,
    setup.SETUP_PLACE: setup.setup_place_options,
    setup.HEADQUARTERS: setup.headquarters_options,
    REINFORCE: turn.reinforce_options,
    ATTACK: turn.attack_options,
    turn.DEFEND: turn.defend_options,
    turn.MOVE_IN: turn.move_in_options,
}


def seats_to_act(state: GameState) -> list[int]:
    if state.phase == GAME_OVER:
        return []
    if state.phase == setup.ORDER:
        return order_rollers(state)
    if state.phase == turn.DEFEND:
        return [state.pending["defender"]]  # type: ignore[index]
    return [state.current_seat]


def apply_move(state: GameState, seat: int, move: Move) -> tuple[GameState, list[GameEvent]]:
    handler = PHASES[state.phase].get(type(move))
    if handler is None:
        words, rule = PHASE_WORDS[state.phase]
        raise IllegalMove(
            "wrong_phase",
            _("You cannot do that now: %(situation)s.") % {"situation": _(words)},
            rule,
        )
    acting = seats_to_act(state)
    if seat not in acting:
        waiting = ", ".join(state.seats[s].name for s in acting)
        raise IllegalMove(
            "not_your_turn",
            _("It is not your turn to act: waiting for %(waiting)s.") % {"waiting": waiting},
            "CL-5",
        )
    new = state.clone()
    events: list[GameEvent] = []
    handler(new, seat, move, events)
    if new.phase not in (GAME_OVER, setup.ORDER, setup.CLAIM, setup.SETUP_PLACE):
        check_victory(new, new.current_seat, events)  # IN-11: an objective may be met any time
    return new, events


def legal_move_options(state: GameState, seat: int) -> list[MoveOption]:
    if state.phase == GAME_OVER or seat not in seats_to_act(state):
        return []
    return OPTIONS[state.phase](state, seat)
