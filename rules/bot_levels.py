"""Bot strengths a seat may be given: easy, normal (`HeuristicBot` as it always played) and
hard. Every level decides from the state and its own seeded generator alone."""

from __future__ import annotations

from rules.bot_hard import HardBot
from rules.bots import Bot, HeuristicBot
from rules.game import GameState, Move, PassMissiles, PlaceTroops, legal_move_options

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


def bot_for(level: str, seed: int) -> Bot:
    """A bot of the given level with its own generator."""
    if level == EASY:
        return EasyBot(seed)
    if level == HARD:
        return HardBot(seed)
    if level == NORMAL:
        return HeuristicBot(seed)
    raise ValueError(f"Unknown bot level {level!r}; one of {', '.join(LEVELS)}.")
