"""The pockets' marks on the board, in words for the world page: the fallout zone (J162s) and
the card it destroyed, Alien Island (K182s) with its two sea lines and its card's coins (K186),
and the ruins (K185s). Only what the world carries is listed, so nothing shows before a pocket
opens (U-8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import board_links
from rules.data import board, content
from rules.world import World


def _name(key: str) -> str:
    return board().territory(key).name if board().knows(key) else key


def pocket_board(world: World, who: Callable[[str | None], str]) -> dict[str, Any]:
    """Keys `fallout`, `island` and `ruins`, each present only when the board carries it."""
    found: dict[str, Any] = {}
    if world.fallout:
        found["fallout"] = {
            "territory": _name(world.fallout),
            "card_destroyed": not world.has_card(world.fallout),
            "covers": [c.name for c in world.covered_cities if c.territory == world.fallout],
            "bringer": content().faction_name(world.bringer) if world.bringer else "",
        }
    if world.alien_island:
        island = board().territory(board_links.ALIEN_ISLAND)
        found["island"] = {
            "name": island.name,
            "ends": [_name(end) for end in world.alien_island],
            "coins": world.card_coins.get(island.key, island.coins),
            "card_destroyed": not world.has_card(island.key),
        }
    if world.ruins:
        found["ruins"] = [
            {
                "territory": _name(key),
                "city": city.name,
                "founder": who(city.founder),
                "game": city.game,
                "rebuilt": world.cities[key].name if key in world.cities else "",
            }
            for key, city in sorted(world.ruins.items())
        ]
    return found
