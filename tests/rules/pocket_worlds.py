"""Worlds with the pockets open, for engine, bot and page tests: Pocket 1 after its nuke (the
fallout zone, the Bringer of Nuclear Fire), Pocket 2 after Alien Island rose (its two sea
lines, the Alien Collaborator)."""

from __future__ import annotations

from rules.world import World
from rules.world_events import PackOpened
from rules.world_events.pockets import AlienIslandPlaced, NuclearStrike


def with_pocket_1(
    world: World, *, fallout: str = "ukraine", bringer: str = "khan_industries"
) -> World:
    """`world` after a nuke in its last game: Pocket 1 open, `fallout` nuked by `bringer`."""
    game = max(world.games_played, 1)
    world = PackOpened("pocket_1", game, "3 missiles were fired on one roll").apply(world)
    return NuclearStrike(fallout, bringer, "p9", game).apply(world)


def with_pocket_2(
    world: World,
    *,
    ends: tuple[str, str] = ("brazil", "western_australia"),
    collaborator: str = "saharan_republic",
) -> World:
    """`world` after Alien Island rose in its last game, joined to `ends`."""
    game = max(world.games_played, 1)
    world = PackOpened("pocket_2", game, "30 troops with a missile in hand").apply(world)
    return AlienIslandPlaced(ends, collaborator, "p9", game).apply(world)
