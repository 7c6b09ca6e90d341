"""Which territories are adjacent on a campaign's board (G-12): the printed borders, land or
sea, plus the sea lines the campaign has drawn since (Explore the World) and Alien Island's.

The engine and the bots ask here, never `board().neighbours` directly, so a sea line a
campaign drew counts for expanding, attacking, maneuvering, HQ spacing and the bots alike.
"""

from __future__ import annotations

from functools import cache

from rules.board_records import Territory
from rules.data import board, rules_board
from rules.world import World, kept_across

ALIEN_ISLAND = "alien_island"
LINE_FIELDS = ("added_sea_lines", "alien_island")
"""The world fields this module's tables read: they stay with a world that changes neither."""


@cache
def _links(added: tuple[tuple[str, str], ...]) -> dict[str, frozenset[str]]:
    """The printed adjacency with the added sea lines joined in (one table per set of lines)."""
    links = {key: set(found) for key, found in rules_board().neighbours.items()}
    for a, b in added:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    return {key: frozenset(found) for key, found in links.items()}


def _world_lines(world: World) -> tuple[tuple[str, str], ...]:
    """Every sea line the campaign added: drawn ones and Alien Island's two (K181)."""
    island = tuple((ALIEN_ISLAND, end) for end in world.alien_island or ())
    return (*world.added_sea_lines, *island)


def territories(world: World) -> dict[str, Territory]:
    """Every territory on this world's board: the printed ones, and Alien Island once placed.
    Lists of territories a campaign sees come from here (a sealed one is a spoiler)."""
    if world.alien_island is None:
        return board().territories
    return {**board().territories, ALIEN_ISLAND: board().pack_territories[ALIEN_ISLAND]}


def on_board(world: World, territory: str) -> bool:
    return territory in rules_board().territories or (
        territory == ALIEN_ISLAND and world.alien_island is not None
    )


def neighbours(world: World, territory: str) -> frozenset[str]:
    """Every territory adjacent to `territory` in this world, across land or sea."""
    try:  # `World.derived`'s memo read directly: several times a move
        links = world.__dict__["_derived"][_world_links]
    except KeyError:
        links = world.derived(_world_links)
    return links[territory]  # type: ignore[no-any-return]


def sorted_neighbours(world: World, territory: str) -> tuple[str, ...]:
    """`neighbours` in key order (what option lists walk), sorted once per world."""
    return world.derived(_sorted_links)[territory]


@kept_across(*LINE_FIELDS)
def _sorted_links(world: World) -> dict[str, tuple[str, ...]]:
    return {t: tuple(sorted(found)) for t, found in world.derived(_world_links).items()}


def second_ring(world: World, territory: str) -> frozenset[str]:
    """Territories two steps from `territory` and no nearer (itself left out), once per world."""
    rings = world.derived(_second_rings)
    found = rings.get(territory)
    if found is None:
        near = neighbours(world, territory)
        found = rings[territory] = frozenset(
            t for n in near for t in neighbours(world, n) if t not in near and t != territory
        )
    return found


@kept_across(*LINE_FIELDS)
def _second_rings(world: World) -> dict[str, frozenset[str]]:
    return {}


@kept_across(*LINE_FIELDS)
def _world_links(world: World) -> dict[str, frozenset[str]]:
    lines = _world_lines(world)
    return _links(lines) if lines else rules_board().neighbours


def adjacent(world: World, a: str, b: str) -> bool:
    return b in neighbours(world, a)


def sea_lines(world: World) -> frozenset[frozenset[str]]:
    """The printed sea lines and the ones the campaign drew."""
    return world.derived(_sea_lines)


@kept_across(*LINE_FIELDS)
def _sea_lines(world: World) -> frozenset[frozenset[str]]:
    return rules_board().sea_lines | {frozenset(pair) for pair in _world_lines(world)}


def is_sea_line(world: World, a: str, b: str) -> bool:
    return frozenset((a, b)) in sea_lines(world)


@cache
def land_borders() -> frozenset[frozenset[str]]:
    """Borders that cross no water. Only the printed board has them: a drawn line is a sea line."""
    every = {frozenset((a, b)) for a, found in rules_board().neighbours.items() for b in found}
    return frozenset(every - rules_board().sea_lines)


def land_neighbours(territory: str) -> frozenset[str]:
    """Territories joined to `territory` by a land border (the nuke and Fallout reach only
    these, J163 and J172): sea lines, printed or drawn, never count."""
    if territory not in rules_board().territories:
        return frozenset()
    land = land_borders()
    neighbours = rules_board().neighbours[territory]
    return frozenset(o for o in neighbours if frozenset((territory, o)) in land)


def touches_ocean(territory: str) -> bool:
    """The territory has a coast on the board, so a new sea line may end there."""
    found = rules_board().territories.get(territory)
    return found is not None and found.coastal


def islands(world: World) -> list[str]:
    """Territories none of whose links is a land border (Explore the World). A drawn sea line
    never makes a land border, so the printed islands stay islands. Worked out once per world
    (missions count them at every end of turn)."""
    return list(world.derived(_islands))


@kept_across(*LINE_FIELDS)
def _islands(world: World) -> tuple[str, ...]:
    land = land_borders()
    return tuple(
        sorted(
            territory
            for territory in territories(world)
            if not any(
                frozenset((territory, other)) in land for other in neighbours(world, territory)
            )
        )
    )
