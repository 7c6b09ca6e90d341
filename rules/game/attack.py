"""Attacks (X-6): how many dice may attack, declaring the attack, and the expand-and-attack
step's choices."""

from __future__ import annotations

from rules import board_links
from rules.errors import Violation
from rules.game import mutant_evolutions
from rules.game.attack_phases import DEFENDER_DICE
from rules.game.common import constant, fail, required, seat_label, unknown_territory
from rules.game.events import GameEvent
from rules.game.expansion import crossing_problem, expansion_troops, sea_ban_problem
from rules.game.moves import Attack, DefendWith, Expand, MoveOption
from rules.game.rolls import defend_with
from rules.game.state import GameState, changed, territory_name
from rules.names import territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy


def attack_dice_max(state: GameState, seat: int, origin: str, target: str) -> int | Violation:
    """The most attack dice allowed from `origin` against `target` (X-6), or why not."""
    unknown = unknown_territory(state.world, origin, target)
    if unknown:
        return unknown
    armies = state.armies
    attacking = armies.get(origin)
    if attacking is None or attacking[0] != seat:
        return Violation("not_controlled", _("Attack from a territory you control."), "X-6")
    crossing = crossing_problem(state, origin, target)
    if crossing:
        return crossing
    defending = armies.get(target)
    if defending is None or defending[0] == seat:
        return Violation(
            "no_enemy",
            _("%(territory)s holds no enemy troops.") % {"territory": territory_name(target)},
            "X-6",
        )
    if target in state.turn.blocked:
        return Violation(
            "attack_blocked",
            _("%(territory)s cannot be attacked again this turn (a faction power).")
            % {"territory": territory_name(target)},
            "G-3",
        )
    if target == state.hypnotized:  # Mass Hypnosis (asked only of its territory)
        return mutant_evolutions.attack_refusal(state, target)
    troops = attacking[1]
    if troops < 2:
        return Violation(
            "attack_troops", _("The attacking territory needs at least 2 troops."), "X-6"
        )
    return min(constant("attack_dice_max"), troops - 1)


def attack(state: GameState, seat: int, move: Attack, events: list[GameEvent]) -> None:
    most = required(attack_dice_max(state, seat, move.origin, move.target))
    if not 1 <= move.dice <= most:
        fail(
            "attack_dice",
            _("Attack with 1 to %(most)s troops; 1 stays out of the fight.") % {"most": most},
            "X-6",
        )
    turn = state.turn
    if turn.first_target is None:
        state.turn = changed(turn, first_target=move.target, first_strike_active=True)
    elif move.target != turn.first_target and turn.first_strike_active:
        state.turn = changed(turn, first_strike_active=False)
    defender, defenders = state.armies[move.target]  # an enemy army: checked above
    state.pending = {
        "kind": "attack",
        "attacker": seat,
        "defender": defender,
        "origin": move.origin,
        "target": move.target,
        "dice": move.dice,
    }
    state.phase = DEFENDER_DICE
    events.append(
        GameEvent(
            "attack_declared",
            gettext_lazy("%(player)s attacks %(target)s from %(origin)s with %(dice)s.")
            % {
                "player": seat_label(state, seat),
                "target": territory_word(move.target),
                "origin": territory_word(move.origin),
                "dice": move.dice,
            },
            {
                "seat": seat,
                "defender": defender,
                "origin": move.origin,
                "target": move.target,
                "dice": move.dice,
            },
        )
    )
    if defenders == 1:
        # Only one choice exists, so it is made for the defender.
        defend_with(state, defender, DefendWith(1), events)


def expand_attack_options(state: GameState, seat: int) -> list[MoveOption]:
    """Expansions and attacks, checked by the functions that validate them (an expansion by
    those of `expand_range`'s checks the loop does not already hold to); candidates are only
    adjacent unoccupied or enemy territories, so the checks rarely refuse."""
    options: list[MoveOption] = []
    armies = state.armies
    fewest: dict[str, int] = {}  # what expanding into a target needs depends on it alone
    for origin, (owner, troops) in armies.items():
        if owner != seat or troops < 2:
            continue
        for target in board_links.sorted_neighbours(state.world, origin):
            army = armies.get(target)
            if army is None:
                if target in state.hqs:
                    continue
                if target not in fewest:
                    fewest[target] = expansion_troops(state, seat, origin, target)[0]
                low, high = fewest[target], troops - 1
                # `expand_range` less the checks this loop holds to (the seat's own origin, a
                # bordering target on the board, unoccupied): the sea ban and the troops.
                if low <= high and sea_ban_problem(state, origin, target) is None:
                    options.append(MoveOption(Expand(origin, target, low), low, high))
            elif army[0] != seat:
                most = attack_dice_max(state, seat, origin, target)
                if not isinstance(most, Violation):
                    options += [MoveOption(Attack(origin, target, n)) for n in range(1, most + 1)]
    return options
