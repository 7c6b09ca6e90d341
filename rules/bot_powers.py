"""The heuristic bot's scar cards and comeback powers, kept apart from `rules.bots` (one idea a
file): where it plays a scar card and when it keeps one, which comeback power it picks, and
when it moves an HQ (Mobile) or slips recruits into empty land (Stealthy).

Every choice is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

import random

from rules import bot_weaknesses
from rules.board_links import neighbours as links
from rules.data import rules_board, rules_content
from rules.game import (
    ChooseComebackPower,
    GameState,
    Move,
    MoveHQ,
    PassScarCard,
    PlaceStealthily,
    PlayScarCard,
)
from rules.game.comeback import comeback_options, mobile_options, stealth_targets
from rules.game.scars import BEFORE_ROLL_WINDOW, scar_targets

# Comeback powers the bot prefers (first listed first): the ones it can use every turn.
COMEBACK_TASTE = ("stealthy", "well_armed", "mobile", "resourceful", "convincing", "well_supplied")
MOBILE_GAIN = 2
"""How much safer (troops minus the biggest enemy neighbour) an HQ's new home must be."""
STEALTH_RECRUITS = 3
"""Recruits from which the bot sends a third of them into open land with Stealthy."""


def _pressure(state: GameState, seat: int, territory: str) -> int:
    """The most troops one enemy neighbour could attack `territory` with."""
    worst = 0
    for there in links(state.world, territory):
        army = state.armies.get(there)
        if army is not None and army[0] != seat:
            worst = max(worst, army[1] - 1)
    return worst


def _room(state: GameState, territory: str) -> int:
    return sum(not state.occupied(t) for t in links(state.world, territory))


# --- scar cards ----------------------------------------------------------------------------------


def scar_target(state: GameState, seat: int) -> str | None:
    """Where the held card does the bot good now, or None to keep it: a Bunker on the
    territory it defends, an Ammo Shortage on the territory it attacks, a Biohazard on the
    biggest enemy stack, a Mercenary on its HQ or else its biggest stack."""
    targets = scar_targets(state, seat)
    if not targets:
        return None
    scar = rules_content().scar_types[state.seats[seat].scar_card or ""]
    if scar.target == "faction":
        return bot_weaknesses.weakness_target(state, seat, targets)
    effect = scar.effect
    if state.phase == BEFORE_ROLL_WINDOW:
        pending = state.pending
        assert pending is not None
        mine = {
            "defence_best_die_plus_one": pending["defender"],
            "defence_best_die_minus_one": pending["attacker"],
        }
        return targets[0] if mine.get(effect) == seat else None
    if effect == "end_of_turn_lose_one":
        enemy = [t for t in targets if state.owner(t) not in (None, seat)]
        return max(enemy, key=lambda t: (state.troops(t), t), default=None)
    if effect == "end_of_turn_gain_one":
        own = [t for t in targets if state.owner(t) == seat]
        return max(own, key=lambda t: (state.hqs.get(t) == seat, state.troops(t), t), default=None)
    return None


def scar_window_move(state: GameState, seat: int) -> Move:
    """A scar window (before a roll, or at another player's turn start): play or keep."""
    target = scar_target(state, seat)
    return PassScarCard() if target is None else PlayScarCard(target)


# --- comeback powers -----------------------------------------------------------------------------


def comeback_pick(state: GameState, seat: int, rng: random.Random) -> Move:
    """A power the board makes worth having (Convincing where Mercenary scars stand,
    Well-Supplied where Ammo Shortages do, Resourceful among many cities), else by taste, with
    some chance in it so that bot campaigns see every power."""
    offered = [o.move.power for o in comeback_options(state, seat)]  # type: ignore[attr-defined]
    world = state.world
    live = [s.kind for s in world.scars.values() if not s.cancelled]
    bonus = {
        "convincing": 3 * live.count("mercenary"),
        "well_supplied": 2 * live.count("ammo_shortage"),
        "resourceful": len(world.cities) // 3,
    }

    def worth(power: str) -> float:
        taste = len(COMEBACK_TASTE) - COMEBACK_TASTE.index(power) if power in COMEBACK_TASTE else 0
        return taste + bonus.get(power, 0) + rng.random() * 4

    return ChooseComebackPower(max(offered, key=worth))


def mobile_move(state: GameState, seat: int) -> MoveHQ | None:
    """Move an HQ one step back from danger: to a neighbour whose troops stand up to its
    enemies clearly better than where the HQ stands now."""

    def safety(territory: str) -> int:
        return state.troops(territory) - _pressure(state, seat, territory)

    best: tuple[int, MoveHQ] | None = None
    for option in mobile_options(state, seat):
        move = option.move
        assert isinstance(move, MoveHQ)
        gain = safety(move.target) - safety(move.origin)
        if gain >= MOBILE_GAIN and (best is None or gain > best[0]):
            best = (gain, move)
    return best[1] if best else None


def start_of_turn_move(state: GameState, seat: int) -> Move | None:
    """Before recruiting: play a start-of-turn scar card where it helps, or move an HQ."""
    if state.seats[seat].scar_card is not None:
        target = scar_target(state, seat)
        if target is not None:
            return PlayScarCard(target)
    return mobile_move(state, seat)


def stealth_move(state: GameState, seat: int) -> PlaceStealthily | None:
    """Stealthy: fill the last empty territory of a continent it otherwise holds; else send a
    third of the recruits into the emptiest land no enemy borders (a territory more to count
    at the next recruit, T-8)."""
    targets = stealth_targets(state, seat)
    if not targets:
        return None
    left = state.turn.recruits_left
    for territory in targets:
        if territory not in rules_board().territories:
            continue  # Alien Island lies in no continent
        continent = rules_board().continent_of(territory)
        others = [t for t in continent.territories if t != territory]
        if all(state.owner(t) == seat for t in others):
            return PlaceStealthily(territory, min(left, 1 + _pressure(state, seat, territory)))
    if left < STEALTH_RECRUITS:
        return None
    quiet = [t for t in targets if _pressure(state, seat, t) == 0]
    if not quiet:
        return None
    best = max(quiet, key=lambda t: (_room(state, t), t))
    return PlaceStealthily(best, left // 3)
