"""Bot strengths a seat may be given: easy, normal (`HeuristicBot` as it always played) and
hard. Every level decides from the state and its own seeded generator alone."""

from __future__ import annotations

from rules.bots import Bot, HeuristicBot
from rules.game import GameState, Move, PassMissiles, PlaceTroops, legal_move_options
from rules.odds import Fight, attack_until, fight_in

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS = (EASY, NORMAL, HARD)
CAREFUL = HARD
"""The level that plays for a person whose clock ran out."""


class EasyBot(HeuristicBot):
    """Plays like the normal bot but scatters its recruits, attacks on poorer odds and never
    fires a missile."""

    attack_threshold = 0.35
    hq_attack_threshold = 0.25

    def _place(self, state: GameState, seat: int) -> Move:
        allowed = sorted(
            {
                o.move.territory
                for o in legal_move_options(state, seat)
                if isinstance(o.move, PlaceTroops)
            }
        )
        left = state.turn.recruits_left
        return PlaceTroops(self.rng.choice(allowed), self.rng.randint(1, left))

    def _missiles(self, state: GameState, seat: int) -> Move:
        return PassMissiles()


class HardBot(HeuristicBot):
    """The normal bot's play on the exact odds of each attack, with every modifier it can see
    (`rules.odds`), where the normal bot counts plain dice; and a thriftier war: it takes one
    territory a turn for the card (E-2) on fair odds, then keeps its troops to defend and only
    attacks an HQ or a near-certain win (`bench/bot_levels.py` measures what that is worth)."""

    card_threshold = 0.4
    kept_threshold = 0.95

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._fights: dict[tuple[object, ...], tuple[object, Fight]] = {}

    def _attack_threshold(self, state: GameState, seat: int, target: str) -> float:
        threshold = super()._attack_threshold(state, seat, target)
        if target in state.hqs:
            return threshold
        if not state.turn.conquered:
            return min(threshold, self.card_threshold)
        return max(threshold, self.kept_threshold)

    def _chance(self, state: GameState, seat: int, origin: str, target: str, free: int) -> float:
        if free <= 0:
            return 0.0
        fight = self._fight(state, seat, origin, target)
        return attack_until(fight, free, state.troops(target)).conquer

    def _fight(self, state: GameState, seat: int, origin: str, target: str) -> Fight:
        """`fight_in`, kept while nothing it reads changes: the world (the engine replaces it,
        never changes it), the two factions, who holds an HQ there, the first target of the
        turn and EMP."""
        defender = state.owner(target)
        turn = state.turn
        hq = state.hqs.get(target)
        key = (
            id(state.world),
            target,
            seat,
            defender,
            state.seats[seat].faction,
            state.seats[defender].faction if defender is not None else None,
            None if hq is None else ("attacker" if hq == seat else hq == defender),
            turn.first_target is None or (turn.first_target == target and turn.first_strike_active),
            target in turn.emp_territories,
        )
        found = self._fights.get(key)
        if found is None or found[0] is not state.world:  # an id may be reused once freed
            if len(self._fights) > 256:
                self._fights.clear()
            found = self._fights[key] = (state.world, fight_in(state, seat, origin, target))
        return found[1]


def bot_for(level: str, seed: int) -> Bot:
    """A bot of the given level with its own generator."""
    if level == EASY:
        return EasyBot(seed)
    if level == HARD:
        return HardBot(seed)
    if level == NORMAL:
        return HeuristicBot(seed)
    raise ValueError(f"Unknown bot level {level!r}; one of {', '.join(LEVELS)}.")
