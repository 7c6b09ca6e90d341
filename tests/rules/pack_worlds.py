"""Worlds some games into a campaign for bot games with Pack 3 open: cities to take and hold
(Superior Infrastructure, Urban Assault, Join the Cause), rich territory cards (The World Is
Ready)."""

from __future__ import annotations

import random

from rules.data import board
from rules.world import World
from rules.world_events import CityFounded, PackOpened


def with_pack_3(world: World, seed: int) -> World:
    """`world` with Pack 3 open, ten cities (three Major) and a dozen cards worth 3 to 6."""
    rng = random.Random(seed)
    world = PackOpened("pack_3", world.next_game_number - 1, "drawn").apply(world)
    territories = sorted(board().territories)
    rng.shuffle(territories)
    for index, territory in enumerate(territories[:10]):
        kind = "major" if index < 3 else "minor"
        world = CityFounded(territory, kind, f"City {index}", "p9", 1).apply(world)
    coins = dict(world.card_coins)
    for territory in territories[10:22]:
        coins[territory] = rng.randint(3, 6)
    return world.evolve(card_coins=coins)
