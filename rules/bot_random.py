"""The random bot: a uniformly random legal move, for property tests and bot-against-bot runs."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.game import GameState, Move, MoveOption, legal_move_options


def _option_key(option: MoveOption) -> tuple[str, str]:
    return option.move.type, repr(option.move)


class RandomBot:
    """A uniformly random legal move: each option counts once per count it allows, which is
    the same as drawing from `legal_moves` without building every count of every option."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Move:
        families: list[MoveOption | list[Move]] = []
        sizes: list[int] = []
        # Sorted, so the choice does not hang on the order the engine happens to list them in.
        for option in sorted(legal_move_options(state, seat), key=_option_key):
            if option.cards is not None:
                moves = option.moves()
                families.append(moves)
                sizes.append(len(moves))
            elif option.min_count is not None and option.max_count is not None:
                families.append(option)
                sizes.append(option.max_count - option.min_count + 1)
            else:
                families.append([option.move])
                sizes.append(1)
        if not families:
            raise ValueError(f"Seat {seat} has no legal move in phase {state.phase}.")
        pick = self.rng.randrange(sum(sizes))
        for family, size in zip(families, sizes, strict=True):
            if pick < size:
                if isinstance(family, list):
                    return family[pick]
                return replace(family.move, count=family.min_count + pick)  # type: ignore[call-arg, operator]
            pick -= size
        raise AssertionError("unreachable")
