"""The game's dice: seeded generators whose whole state is JSON kept in `GameState.rng`.

A game's seed is 256 bits. Its dice come from `SeedDice`: HMAC-SHA256 keyed by the seed over
a block counter, read byte by byte. Without the seed, no number of noted dice tells the next
one; with it, anyone recomputes every die from the moves (DESIGN randomness). Its state is
`{"seed": <64 hex digits>, "drawn": <bytes used so far>}`.

Games stored before that generator hold an int in `rng`: a SplitMix64 position. `Rng.resume`
keeps reading such games with SplitMix64, so their replays stay exact.

An int seed (tests, simulations, a seed chosen for a test game) stands for the 256-bit number
with that value: seed 7 is the 32 bytes 00…0007. Such seeds are not secret; a real game's
seed is drawn by the caller from the operating system. The global `random` module is never
used (STYLE 4).
"""

from __future__ import annotations

import hashlib
import hmac
import string
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, TypeVar

SEED_BYTES = 32
BLOCK_BYTES = 32  # one HMAC-SHA256 output
MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
DIE_LIMIT = 256 - 256 % 6
"""A die's byte at or past this is thrown away (`SeedDice.below`'s rejection for 6 values)."""

T = TypeVar("T")
Seed = int | str
"""A seed: 64 hex digits, or a whole number below 2**256."""
RngState = int | dict[str, Any]
"""What `GameState.rng` holds: a `SeedDice` position, or an old game's SplitMix64 int."""


def seed_bytes(seed: Seed) -> bytes:
    """The seed's 32 bytes: 64 hex digits as written, or a number's big-endian bytes."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        if not 0 <= seed < 1 << (8 * SEED_BYTES):
            raise ValueError("A dice seed is a whole number from 0 to 2**256 - 1.")
        return seed.to_bytes(SEED_BYTES, "big")
    if isinstance(seed, str):
        return _hex_seed(seed)
    raise ValueError("A dice seed is 64 hex digits.")


@lru_cache(maxsize=64)
def _hex_seed(seed: str) -> bytes:
    """A stored seed's bytes; kept, since every move that rolls reads the same one again."""
    if len(seed) == 2 * SEED_BYTES and all(c in string.hexdigits for c in seed):
        return bytes.fromhex(seed)
    raise ValueError("A dice seed is 64 hex digits.")


@lru_cache(maxsize=64)
def _dice_block(seed: bytes, index: int) -> bytes:
    """Block `index` of a seed's dice; kept, since the next move resumes in the same block."""
    return hmac.digest(seed, b"dice" + index.to_bytes(8, "big"), "sha256")


def seed_hex(seed: Seed) -> str:
    """The seed as stored and shown: 64 lower-case hex digits."""
    return seed_bytes(seed).hex()


def seed_commitment(seed: Seed) -> str:
    """SHA-256 of the seed's 32 bytes, in hex. Shown when a game starts, it binds the game to
    one seed without telling it; once the seed is revealed anyone can hash it and compare."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


def derived_number(seed: Seed, purpose: str) -> int:
    """A 64-bit number for `purpose` (a bot's own generator), keyed by the seed. Another
    message than the dice blocks' gives another HMAC, so it says nothing about the dice."""
    digest = hmac.digest(seed_bytes(seed), b"derive " + purpose.encode(), "sha256")
    return int.from_bytes(digest[:8], "big")


class Rng(ABC):
    """A stream of dice. Mutable while the engine applies one move; only `state` is stored."""

    __slots__ = ()

    @staticmethod
    def from_seed(seed: Seed) -> Rng:
        """A new game's stream: the cryptographic one, at its start."""
        return SeedDice(seed_bytes(seed), 0)

    @staticmethod
    def resume(state: RngState) -> Rng:
        """The stream at a stored position. An int is an old game's SplitMix64 position."""
        if isinstance(state, int):
            return SplitMix64(state)
        return SeedDice.from_json(state)

    @property
    @abstractmethod
    def state(self) -> RngState:
        """The position to store in `GameState.rng` (JSON-ready, never shared)."""

    @abstractmethod
    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1, without modulo bias (rejection sampling)."""

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


class SeedDice(Rng):
    """HMAC-SHA256 in counter mode: block i is HMAC(seed, b"dice" + i as 8 bytes), and the
    blocks' bytes are used in order. `drawn` counts the bytes used, so the state is the seed
    and one number, and any position can be recomputed."""

    __slots__ = ("_block", "_block_index", "_drawn", "_seed")

    def __init__(self, seed: bytes, drawn: int) -> None:
        if len(seed) != SEED_BYTES or drawn < 0:
            raise ValueError("A dice position is a 32-byte seed and a count of bytes drawn.")
        self._seed = seed
        self._drawn = drawn
        self._block_index = -1
        self._block = b""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeedDice:
        drawn = data.get("drawn")
        if len(data) != 2 or "seed" not in data or not isinstance(drawn, int):
            raise ValueError("Not a dice position: it holds a seed and a count of bytes drawn.")
        return cls(seed_bytes(data["seed"]), drawn)

    @property
    def state(self) -> dict[str, Any]:
        return {"seed": self._seed.hex(), "drawn": self._drawn}

    def _next_bytes(self, count: int) -> bytes:
        out = bytearray()
        while len(out) < count:
            index, offset = divmod(self._drawn, BLOCK_BYTES)
            if index != self._block_index:
                self._block = _dice_block(self._seed, index)
                self._block_index = index
            taken = self._block[offset : offset + count - len(out)]
            out += taken
            self._drawn += len(taken)
        return bytes(out)

    def _next_byte(self) -> int:
        index, offset = divmod(self._drawn, BLOCK_BYTES)
        if index != self._block_index:
            self._block = _dice_block(self._seed, index)
            self._block_index = index
        self._drawn += 1
        return self._block[offset]

    def dice(self, count: int) -> list[int]:
        """`below(6) + 1` `count` times, read straight from the bytes (every roll reads some)."""
        found: list[int] = []
        drawn = self._drawn
        while len(found) < count:
            index, offset = divmod(drawn, BLOCK_BYTES)
            if index != self._block_index:
                self._block = _dice_block(self._seed, index)
                self._block_index = index
            for value in self._block[offset:]:  # the rest of the block, a byte at a time
                drawn += 1
                if value < DIE_LIMIT:
                    found.append(value % 6 + 1)
                    if len(found) == count:
                        break
        self._drawn = drawn
        return found

    def below(self, n: int) -> int:
        """Read the fewest whole bytes that cover n values; a reading at or past the last whole
        multiple of n is thrown away and the next one read (a die rejects 252-255)."""
        if n < 1:
            raise ValueError("Draw from at least one value.")
        if n <= 256:  # one byte a reading: the same bytes as below, read without slicing
            limit = 256 - 256 % n
            while True:
                value = self._next_byte()
                if value < limit:
                    return value % n
        width = max(1, ((n - 1).bit_length() + 7) // 8)
        span = 1 << (8 * width)
        limit = span - span % n
        while True:
            value = int.from_bytes(self._next_bytes(width), "big")
            if value < limit:
                return value % n


class SplitMix64(Rng):
    """The stream of games stored before `SeedDice`: SplitMix64, whose whole state is one int.
    Kept unchanged so those games replay exactly; no new game uses it."""

    __slots__ = ("_position",)

    def __init__(self, state: int) -> None:
        self._position = state & MASK64

    @property
    def state(self) -> int:
        return self._position

    def next64(self) -> int:
        self._position = (self._position + GOLDEN) & MASK64
        z = self._position
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n
