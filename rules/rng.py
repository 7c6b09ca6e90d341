"""The game's dice: a small explicit seeded generator (SplitMix64) whose whole state is one int.

The state lives in `GameState.rng`, so a game replays exactly from its seed and move list. The
global `random` module is never used (STYLE 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """A SplitMix64 stream. Mutable while the engine applies one move; only `state` is stored."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed * GOLDEN)

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1, without modulo bias (rejection sampling)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def die(self) -> int:
        return self.below(6) + 1

    def dice(self, count: int) -> list[int]:
        return [self.below(6) + 1 for _ in range(count)]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of `items`."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result
