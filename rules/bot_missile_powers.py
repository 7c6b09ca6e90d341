"""The heuristic bot's missile powers (Pocket 1, J167s), kept apart from `rules.bots`: which
power it picks, and when it spends a missile on one. Rally whenever it can; EMP on a fight
where marks, scars or powers favour the other side; Recon when a face-up territory card is
worth more than the coin card; Interference on a card that would let the drawer buy a Red
Star or is rich; Bad Intel on a big continent bonus.

Every choice is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

from rules.data import rules_content
from rules.game import Attack, GameState, Move, legal_move_options
from rules.game.effects import Roll, apply_die_modifiers
from rules.game.missile_draws import INTERFERENCE_WINDOW
from rules.game.missile_powers import (
    BAD_INTEL,
    BAD_INTEL_WINDOW,
    EMP,
    INTERFERENCE,
    MISSILE_PICK,
    RALLY,
    RECON,
    ChooseMissilePower,
    PassMissilePower,
    UseMissilePower,
    may_use,
)

PHASES = (MISSILE_PICK, BAD_INTEL_WINDOW, INTERFERENCE_WINDOW)
"""The decisions only missile powers ask for; `decide` answers them."""

TASTE = ("rally", "recon", "emp", "bad_intel", "interference")
"""Powers the bot prefers, first listed first: the ones it can use on its own turn."""
RICH_CARD = 3
"""Coins from which a card is worth an Interference."""
BIG_BONUS = 3
"""Troops from which a continent bonus is worth a Bad Intel."""
MIDDLE_DIE = 3
"""The die face the bot imagines to see which side a fight's modifiers favour (no cap hit)."""


def _uses(state: GameState, seat: int, power: str) -> list[UseMissilePower]:
    if not may_use(state, seat, power):
        return []  # no use of a power is listed unless this holds: spare the listing
    return [
        o.move
        for o in legal_move_options(state, seat)
        if isinstance(o.move, UseMissilePower) and o.move.power == power
    ]


def decide(state: GameState, seat: int) -> Move:
    """A pick from the sheet, or the answer to a Bad Intel or Interference window."""
    options = [o.move for o in legal_move_options(state, seat)]
    if state.phase == MISSILE_PICK:
        picks = [m for m in options if isinstance(m, ChooseMissilePower)]
        return min(picks, key=lambda m: TASTE.index(m.power) if m.power in TASTE else len(TASTE))
    if state.phase == BAD_INTEL_WINDOW:
        return _bad_intel(state, options)
    return _interference(state, options)


def _bad_intel(state: GameState, options: list[Move]) -> Move:
    bonuses = {
        m.target: state.world.continent_bonus(m.target, state.seats[state.current_seat].person)
        for m in options
        if isinstance(m, UseMissilePower)
    }
    if bonuses:
        continent = max(sorted(bonuses), key=lambda c: bonuses[c])
        if bonuses[continent] >= BIG_BONUS:
            return UseMissilePower(BAD_INTEL, continent)
    return PassMissilePower()


def _interference(state: GameState, options: list[Move]) -> Move:
    pending = state.pending
    assert pending is not None
    if UseMissilePower(INTERFERENCE) not in options:
        return PassMissilePower()
    slot = pending["slot"]
    coins = 1 if slot == "coin" else state.card_coins(state.slots[int(slot) - 1] or "coin")
    hand = len(state.seats[pending["drawer"]].cards) + 1
    per_star = rules_content().constants["cards_per_red_star"]
    if coins >= RICH_CARD or hand % per_star == 0:
        return UseMissilePower(INTERFERENCE)
    return PassMissilePower()


def rally_move(state: GameState, seat: int) -> Move | None:
    """Rally at the start of every turn it can."""
    uses = _uses(state, seat, RALLY)
    return uses[0] if uses else None


def _modifiers_favour(state: GameState, attacker: int, origin: str, target: str) -> int:
    """How much the fight's modifiers help the defender (negative: the attacker), on a roll
    of middle dice: the attack dice's change minus the defence dice's."""
    defender = state.owner(target)
    assert defender is not None
    attack, defence = [MIDDLE_DIE] * 2, [MIDDLE_DIE] * 2
    # On a copy: a modifier may read the state, and the bot's look must change nothing.
    roll = Roll(state.clone(), attacker, defender, origin, target, list(attack), list(defence))
    apply_die_modifiers(roll)
    return (sum(roll.defence) - sum(defence)) - (sum(roll.attack) - sum(attack))


def before_attack(state: GameState, seat: int, move: Move) -> Move:
    """EMP first when the bot is about to attack a territory whose defence is helped."""
    if not isinstance(move, Attack):
        return move
    emp = UseMissilePower(EMP, move.target)
    if emp not in _uses(state, seat, EMP):
        return move
    helped = _modifiers_favour(state, seat, move.origin, move.target)
    return emp if helped > 0 else move


def defence_move(state: GameState, seat: int) -> Move | None:
    """EMP as a defender when the attack is helped."""
    pending = state.pending
    assert pending is not None
    emp = UseMissilePower(EMP, pending["target"])
    if emp not in _uses(state, seat, EMP):
        return None
    helped = _modifiers_favour(state, pending["attacker"], pending["origin"], pending["target"])
    return emp if helped < 0 else None


def recon_move(state: GameState, seat: int) -> Move | None:
    """Recon for the richest face-up card, when it beats the coin card's one coin."""
    best: tuple[int, str] | None = None
    for use in _uses(state, seat, RECON):
        card = state.slots[int(use.target) - 1]
        coins = state.card_coins(card) if card else 0
        if coins > 1 and (best is None or coins > best[0]):
            best = (coins, use.target)
    return UseMissilePower(RECON, best[1]) if best else None
