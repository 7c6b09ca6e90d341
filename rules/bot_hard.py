"""The hard bot: the normal bot's play with the exact odds of each attack it may make, a
thriftier war and an eye on the red stars (W-2) that win a Legacy game."""

from __future__ import annotations

from rules import box
from rules.bot_odds import conquest_odds
from rules.bots import STARS_TO_WIN, HeuristicBot
from rules.game import GameState, Move, PlaceTroops, legal_move_options
from rules.game.comeback import WELL_ARMED
from rules.game.effects import (
    DIE_MODIFIERS,
    FIRST_STRIKE,
    OUTCOME_EFFECTS,
    WELL_SUPPLIED,
    power_effects,
    seat_effects,
)
from rules.game.mutants import OLD_GRUDGES
from rules.odds import Fight, attack_until, fight_in

CACHE_LIMIT = 4096
_FIGHTS: dict[tuple[object, ...], Fight] = {}
_ODDS: dict[tuple[object, ...], float] = {}
"""Fights and odds by what decides them (`fight_key`): the same for every bot and game, so
they are kept for the process, and no answer depends on what a bot saw before."""
FORTIFIED_HQ = "fortified_own_starting_hq"
READ_EFFECTS = (WELL_SUPPLIED, OLD_GRUDGES)
"""Effects a modifier asks about without being one."""


class HardBot(HeuristicBot):
    """Reads the exact odds of an attack with every modifier it can see (`rules.odds`) where
    the normal bot counts plain dice; takes one territory a turn for the card (E-2) even on
    one chance in four, then keeps its troops and only attacks an HQ or a near-certain win;
    guards every HQ it holds, each being a red star, more so one star from winning, and
    presses the player nearest to winning (`bench/bot_levels.py` measures what that is
    worth)."""

    card_threshold = 0.25
    kept_threshold = 0.95
    screen_margin = 0.3
    """Plain odds this far below the bar rule an attack out before its exact odds are worked
    out (they cost milliseconds): only a strong attacking power could lift such an attack
    over the bar, and the bot forgoes that rare one to keep its moves quick."""
    leader_weight = 0.5
    last_star_garrison = 2

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._placing = False

    # --- what an attack is worth and what it takes ----------------------------------------------

    def _attack_threshold(self, state: GameState, seat: int, target: str) -> float:
        threshold = super()._attack_threshold(state, seat, target)
        if target in state.hqs:
            return threshold
        if not state.turn.conquered:
            return min(threshold, self.card_threshold)
        return max(threshold, self.kept_threshold)

    def _target_value(self, state: GameState, seat: int, target: str) -> float:
        """The normal bot's worth, plus more the closer the owner is to winning."""
        value = super()._target_value(state, seat, target)
        owner = state.owner(target)
        if owner is not None and owner != seat:
            value += self.leader_weight * state.red_stars(owner)
        return value

    def _chance(self, state: GameState, seat: int, origin: str, target: str, free: int) -> float:
        """Exact odds when attacking; plain odds when choosing where to recruit (a ranking,
        where the exact ones cost much and change little)."""
        if free <= 0:
            return 0.0
        plain = conquest_odds(free, state.troops(target))
        if self._placing:
            return plain
        if plain < self._attack_threshold(state, seat, target) - self.screen_margin:
            return plain
        key, fight = self._fight(state, seat, origin, target)
        odds_key = (key, free, state.troops(target))
        found = _ODDS.get(odds_key)
        if found is None:
            if len(_ODDS) > CACHE_LIMIT:
                _ODDS.clear()
            found = _ODDS[odds_key] = attack_until(fight, free, state.troops(target)).conquer
        return found

    def _fight(
        self, state: GameState, seat: int, origin: str, target: str
    ) -> tuple[tuple[object, ...], Fight]:
        """`fight_in` and its key: everything the die modifiers and outcome effects read
        (X-8), so a fight worked out once serves every later turn, target and game alike."""
        key = fight_key(state, seat, target)
        found = _FIGHTS.get(key)
        if found is None:
            if len(_FIGHTS) > CACHE_LIMIT // 16:
                _FIGHTS.clear()
            found = _FIGHTS[key] = fight_in(state, seat, origin, target)
        return key, found

    # --- holding the red stars ------------------------------------------------------------------

    def _garrison(self, state: GameState, seat: int, hq: str) -> int:
        """A bigger garrison one red star from winning, when every rival comes for its HQs."""
        extra = self.last_star_garrison if state.red_stars(seat) + 1 >= STARS_TO_WIN else 0
        return max(self.hq_garrison, self._danger(state, seat, hq) + 2 + extra)

    def _guard(self, state: GameState, seat: int, territory: str) -> int:
        """Every HQ it holds keeps a garrison, not only its own: each is a red star."""
        if territory in state.hqs and state.owner(territory) == seat:
            troops = state.troops(territory)
            return min(
                self._garrison(state, seat, territory), max(self.hq_garrison, troops * 2 // 3)
            )
        return 1

    def _place(self, state: GameState, seat: int) -> Move:
        """Recruits go first to the held HQ short of its garrison by the most."""
        held = [t for t in state.hqs if state.owner(t) == seat]
        if held:
            need, hq = max((self._garrison(state, seat, t) - state.troops(t), t) for t in held)
            left = state.turn.recruits_left
            if need > 0:
                allowed = {
                    o.move.territory
                    for o in legal_move_options(state, seat)
                    if isinstance(o.move, PlaceTroops)
                }
                if hq in allowed and len(allowed) == len(state.controlled(seat)):
                    return PlaceTroops(hq, min(need, left - left // 3))
        self._placing = True
        try:
            return super()._place(state, seat)
        finally:
            self._placing = False


def fight_key(state: GameState, seat: int, target: str) -> tuple[object, ...]:
    """What `fight_in` reads of the state, and only what the powers at play make matter: the
    die-modifying and outcome effects of both sides (X-8), the target's scar, fortification
    wear and EMP; the HQ there for Fortified HQ and Well-Armed, the first target for First
    Strike, the Bringer for Old Grudges. Fights alike share one key, and the rolls worked out
    for it, across targets and turns."""
    world, turn = state.world, state.turn
    defender = state.owner(target)
    if defender is None:
        return (None,)
    attacking = _acting(state, seat)
    defending = _acting(state, defender)
    scar = world.live_scar(target)
    fort = world.fortifications.get(target) if world.is_fortified(target) else None
    key: tuple[object, ...] = (
        attacking,
        defending,
        scar and scar.kind,
        fort and fort.wear,
        target in turn.emp_territories,
    )
    if WELL_ARMED in attacking or FORTIFIED_HQ in defending:
        hq = state.hqs.get(target)
        relation = None if hq is None else ("attacker" if hq == seat else hq == defender)
        key += (relation, box.setting(world, "well_armed_hq"))
    if FIRST_STRIKE in attacking:
        first = turn.first_target
        key += (first is None or (first == target and turn.first_strike_active),)
    if OLD_GRUDGES in attacking:
        key += (world.bringer is not None and state.seats[defender].faction == world.bringer,)
    return key


def _acting(state: GameState, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A seat's effects that can change a roll: its powers and its faction scar's."""

    def matters(effect: str) -> bool:
        return effect in DIE_MODIFIERS or effect in OUTCOME_EFFECTS or effect in READ_EFFECTS

    powers = tuple(e for e in power_effects(state, seat) if matters(e))
    return powers, tuple(e for e in seat_effects(state, seat) if matters(e))
