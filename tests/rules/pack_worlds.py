"""Worlds some games into a campaign for bot games with Pack 3 open: cities to take and hold
(Superior Infrastructure, Urban Assault, Join the Cause), rich territory cards (The World Is
Ready); and with Pack 4 open after it: the World Capital, red slots and a lead faction."""

from __future__ import annotations

import random

from rules import box
from rules.data import board, content
from rules.world import FactionRecord, World
from rules.world_events import CityFounded, PackOpened, ScarPlaced
from rules.world_events.missions import CityCovered
from rules.world_events.red_slots import PrivateMissionStuck


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


def with_pack_4(world: World, seed: int) -> World:
    """`world` (with Pack 3 open) after The World Is Ready: the World Capital over one of its
    cities, Pack 4 open, a few Bunker scars, two factions with a private mission in their red
    slot, and wins on the faction cards' backs so that a lead faction exists on most seeds."""
    rng = random.Random(seed)
    capital = rng.choice(sorted(world.cities))
    world = CityCovered(capital, "p9", 1).apply(world)
    world = CityFounded(capital, "capital", "Concordia", "p9", 1).apply(world)
    world = world.evolve(destroyed_box_cards=world.destroyed_box_cards | {"D120s"})
    world = PackOpened("pack_4", world.next_game_number - 1, "drawn").apply(world)
    empty = sorted(t for t in board().territories if not world.is_marked(t))
    for territory in rng.sample(empty, 2):
        world = ScarPlaced(territory, "territory", "bunker", "p9", 1).apply(world)
    factions = sorted(content().base_factions)
    rng.shuffle(factions)
    private = sorted(m.code for m in box.mission_deck(world) if m.private)
    for faction, mission in zip(factions[:2], rng.sample(private, 2), strict=True):
        world = PrivateMissionStuck(faction, mission, "p9", 1).apply(world)
    rows = [
        FactionRecord(game, faction, f"p{game}", None, "won")
        for game, faction in enumerate([factions[0]] * 2 + factions[1 : 1 + seed % 3], 1)
    ]
    return world.evolve(
        faction_records=(*world.faction_records, *rows),
        games_played=max(world.games_played, len(rows)),
    )
