"""Worlds by digest, kept in the process: a digital game stores its world once (`GameWorld`,
keyed by the SHA-256 of its JSON) and its states refer to it, so a move neither reads nor
writes the world, which grows with the campaign. Worlds are immutable, so a digest always
names the same world and the cache can never be stale; it says nothing about what a database
holds (a rolled-back transaction may have dropped a row), only what a digest means."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict

from rules.world import World

# A few games per campaign at a time, each on one or two worlds (a pack opened mid-game
# changes it): a small cache holds every game in play on a busy server.
CACHE_SIZE = 128

_by_digest: OrderedDict[str, World] = OrderedDict()
# id() of a world object met here -> (the object, its digest); the object is held so the id
# cannot be reused by another while the entry lives.
_by_identity: OrderedDict[int, tuple[World, str]] = OrderedDict()


def world_json_digest(data: dict) -> str:
    """The SHA-256 (hex) of a world's JSON, keys sorted, without spaces."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def world_cached(digest: str) -> World | None:
    world = _by_digest.get(digest)
    if world is not None:
        _by_digest.move_to_end(digest)
    return world


def world_remember(digest: str, world: World) -> None:
    _by_digest[digest] = world
    _by_digest.move_to_end(digest)
    _by_identity[id(world)] = (world, digest)
    _by_identity.move_to_end(id(world))
    for cache in (_by_digest, _by_identity):
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)


def _known_digest(world: World) -> str | None:
    """The digest of this very object, if it came through the cache; None for a world made
    since (a world event applied mid-game), whose JSON must then be hashed."""
    entry = _by_identity.get(id(world))
    return entry[1] if entry is not None and entry[0] is world else None


def world_digest(world: World) -> str:
    """The digest of `world`, hashed only the first time this object is met."""
    digest = _known_digest(world)
    if digest is None:
        digest = world_json_digest(world.to_json())
        world_remember(digest, world)
    return digest
