"""The exact odds of attacks (X-6..X-9), for the game panel, the odds page and the API.

Every figure comes from `rules.odds`: in a game, with the modifiers anyone at the table can
see on the board; in the calculator, with the modifiers the person names.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from rules import board_links
from rules.errors import Violation
from rules.game import GameState
from rules.game.attack import attack_dice_max
from rules.game.state import territory_name
from rules.odds import (
    ATTACK_DICE_MAX,
    Fight,
    Odds,
    attack_once,
    attack_until,
    fight_in,
    fight_with,
)

ATTACK_PHASES = frozenset({"expand_attack", "cl_attack"})
"""The phases in which the seat on turn attacks: Legacy's, and classic and Invasión's."""

MAX_TROOPS = 200
"""The largest army the calculator and the API work out (the chain grows with both sides)."""


@dataclass(frozen=True)
class AttackOdds:
    """One attack's odds: a single roll with the most dice, and rolling on until the
    territory falls or `stay` troops are left in the origin."""

    origin: str
    target: str
    origin_name: str
    target_name: str
    attackers: int
    defenders: int
    stay: int
    dice: int
    once: Odds
    until: Odds


def _odds(fight: Fight, origin_troops: int, defenders: int, stay: int) -> tuple[int, Odds, Odds]:
    dice = max(1, min(ATTACK_DICE_MAX, origin_troops - 1))
    once = attack_once(fight, dice, defenders)
    until = attack_until(fight, origin_troops - max(1, stay), defenders)
    return dice, once, until


def game_attack_odds(*, state: GameState, origin: str, target: str, stay: int = 1) -> AttackOdds:
    """The odds of the attack from `origin` on `target` as the board stands, for its owner.
    Refused in plain words when no such attack may be made."""
    seat = state.owner(origin)
    if seat is None:
        raise ApplicationError(_("Nobody holds the attacking territory."), code="no_attacker")
    if not {origin, target} <= board_links.territories(state.world).keys():
        raise ApplicationError(_("Name two territories of the board."), code="unknown_territory")
    most = attack_dice_max(state, seat, origin, target)
    if isinstance(most, Violation):
        raise ApplicationError(most.message, code=most.code, rule=most.rule)
    if not 1 <= stay < state.troops(origin):
        raise ApplicationError(
            _("Leave 1 to %(most)s troops behind.") % {"most": state.troops(origin) - 1},
            code="bad_stay",
            rule="X-6",
        )
    fight = fight_in(state, seat, origin, target)
    dice, once, until = _odds(fight, state.troops(origin), state.troops(target), stay)
    return AttackOdds(
        origin,
        target,
        territory_name(origin),
        territory_name(target),
        state.troops(origin),
        state.troops(target),
        stay,
        dice,
        once,
        until,
    )


def seat_attack_odds(*, state: GameState, seat: int) -> list[AttackOdds]:
    """Every attack the seat may make now, with its odds (leaving 1 troop behind), best
    chance first."""
    if state.phase not in ATTACK_PHASES or state.current_seat != seat:
        return []
    found = []
    for origin in sorted(state.controlled(seat)):
        if state.troops(origin) < 2:
            continue
        for target in sorted(board_links.neighbours(state.world, origin)):
            owner = state.owner(target)
            if owner is None or owner == seat:
                continue
            if isinstance(attack_dice_max(state, seat, origin, target), Violation):
                continue
            found.append(game_attack_odds(state=state, origin=origin, target=target))
    return sorted(found, key=lambda o: (-o.until.conquer, o.origin_name, o.target_name))


@dataclass(frozen=True)
class CalculatedOdds:
    attackers: int
    defenders: int
    stay: int
    dice: int
    once: Odds
    until: Odds


def calculated_odds(
    *,
    attackers: int,
    defenders: int,
    stay: int = 1,
    fortification_uses: int = 0,
    scar: str | None = None,
) -> CalculatedOdds:
    """The calculator: `attackers` troops in the attacking territory against `defenders`,
    over a territory with the named modifiers. The caller has checked the numbers' ranges."""
    fight = fight_with(fortification_uses=fortification_uses, scar=scar)
    dice, once, until = _odds(fight, attackers, defenders, stay)
    return CalculatedOdds(attackers, defenders, stay, dice, once, until)
