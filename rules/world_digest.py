"""A digest of a world: what a past game's snapshot keeps in place of the whole world, so a
campaign's stored history grows with its games, not with games x world size.

The lists a world only appends to (the rows on the back of the faction cards, the
signatures...) are hashed as chains, one link per item: a `WorldDigester` following a replay
game by game extends each chain by the new items only and reuses the hash of every field the
game left as it was, so digesting a whole history costs about as much as replaying it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, fields, is_dataclass
from typing import Any

from rules.world import World

_FIELDS = tuple(f.name for f in fields(World))


def _plain(value: Any) -> Any:
    """The value as JSON can hold it, in one order whatever the order it was built in."""
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((_plain(v) for v in value), key=json.dumps)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _hash(data: Any, *, chain: bytes = b"") -> bytes:
    text = json.dumps(_plain(data), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(chain + text.encode()).digest()


class WorldDigester:
    """Digests successive worlds, reusing what the previous one of each field gave: a field
    that is the very same object hashes as before; a tuple that starts with the previous one
    extends its chain by the items added."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[Any, bytes]] = {}

    def digest(self, world: World) -> str:
        whole = hashlib.sha256()
        for name in _FIELDS:
            whole.update(name.encode())
            whole.update(self._field(name, getattr(world, name)))
        return whole.hexdigest()

    def _field(self, name: str, value: Any) -> bytes:
        seen = self._seen.get(name)
        if seen is not None and seen[0] is value:
            return seen[1]
        if isinstance(value, tuple):
            start, chain = 0, b"tuple"
            if seen is not None and isinstance(seen[0], tuple):
                before = seen[0]
                if len(value) >= len(before) and value[: len(before)] == before:
                    start, chain = len(before), seen[1]
            for item in value[start:]:
                chain = _hash(item, chain=chain)
        else:
            chain = _hash(value)
        self._seen[name] = (value, chain)
        return chain


def world_digest(world: World) -> str:
    """The digest of one world (the same a `WorldDigester` gives it after any others)."""
    return WorldDigester().digest(world)
