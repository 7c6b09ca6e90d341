"""Deadlines of digital play: which decisions wait on someone only so long, how long, and what is
taken for a person who lets the time run out, so an absent player never holds a game up.

Short windows (a defender's dice, a missile or scar window, a missile-power window) default to
the most dice or a pass. Choices that stay in the campaign for good (a comeback or missile
power, the nuke's target, Alien Island's sea lines, an Evolve card scratched) get longer to
read; then the nuke's target, the island's sea lines and a missile power are picked for them
as the careful bot would (the first option could nuke their own army), any other pick takes
the first legal option, and a pocket event card with a "do nothing" option passes.
"""

from __future__ import annotations

from datetime import timedelta

from rules.bots import HeuristicBot
from rules.data import content
from rules.game import DefendWith, GameState, Move, legal_move_options
from rules.game.missile_powers import PassMissilePower
from rules.game.mutant_evolutions import MINDSHACKLE_WINDOW, KeepCard

# How long a person not on turn (a defender choosing dice, a holder offered a missile, scar or
# missile-power window) has before the default is taken for them (X-6: the most dice; X-10,
# T-3, J167s: pass).
DECISION_TIMEOUT = timedelta(seconds=20)
# A lasting pick (a power on the faction card, where the nuke falls, where the island rises):
# its chooser gets longer to read the sheet.
LASTING_PICK_TIMEOUT = timedelta(minutes=2)

WINDOW_PHASES = frozenset(
    {
        "attack_defender_dice",
        "missile_window",
        "scar_before_roll",
        "scar_turn_start",
        "bad_intel_window",
        "interference_window",
        MINDSHACKLE_WINDOW,
    }
)
PICK_PHASES = frozenset(
    {
        "comeback_pick",
        "missile_power_pick",
        "nuke_choice",
        "alien_island_placement",
        "open_pack",
    }
)
# Decisions taken by someone the game waits on, which time out.
INTERRUPT_PHASES = WINDOW_PHASES | PICK_PHASES
# Picks whose first option may hurt the absent player: the careful bot decides for them.
CAREFUL_PICKS = frozenset({"missile_power_pick", "nuke_choice", "alien_island_placement"})
EVENT_CHOICE = "event_choice"
POCKETS = frozenset({"pocket_1", "pocket_2"})
PASS_EFFECT = "pass"


def _pocket_card(state: GameState) -> bool:
    """An event card of a pocket waiting on its chooser (the Mutants', the Aliens' player or
    the island's holder): it times out like a pick."""
    card = content().event_cards.get((state.pending or {}).get("card", ""))
    return state.phase == EVENT_CHOICE and card is not None and card.pack in POCKETS


def has_deadline(state: GameState) -> bool:
    return state.phase in INTERRUPT_PHASES or _pocket_card(state)


def timeout(state: GameState) -> timedelta:
    return DECISION_TIMEOUT if state.phase in WINDOW_PHASES else LASTING_PICK_TIMEOUT


def _pass_of_card(state: GameState, moves: list[Move]) -> Move | None:
    card = content().event_cards[state.pending["card"]]  # type: ignore[index]
    passes = {o.key for o in card.options if o.effect == PASS_EFFECT}
    return next((m for m in moves if getattr(m, "option", None) in passes), None)


def default_decision(state: GameState, seat: int) -> Move | None:
    """The move taken for a person who lets a deadline pass: the most defence dice (X-6), the
    pass of a window (X-10, T-3, J167s), "do nothing" on a pocket event card (E-7), else the
    first legal option of a pick (X-15, J167s, J162s, K182s, J178). None: no deadline here."""
    if not has_deadline(state):
        return None
    moves = [option.move for option in legal_move_options(state, seat)]
    if not moves:
        return None
    defends = [m for m in moves if isinstance(m, DefendWith)]
    if defends:
        return max(defends, key=lambda m: m.dice)
    if state.phase in WINDOW_PHASES:
        kinds = {"pass_missiles", "pass_scar_card", PassMissilePower.type, KeepCard.type}
        return next((m for m in moves if m.type in kinds), None)
    if state.phase == EVENT_CHOICE:
        return _pass_of_card(state, moves) or moves[0]
    if state.phase in CAREFUL_PICKS:
        return HeuristicBot(0).choose(state, seat)
    return moves[0]
