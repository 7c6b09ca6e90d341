"""Homelands (Pack 3, rules addition F): the continent a faction started in most often, read
from the back of its faction card with this game's start counted too. A tie means none."""

from __future__ import annotations

from collections import Counter

from rules.data import rules_board
from rules.game.state import GameState
from rules.world import World, kept_across


def homeland_of(world: World, faction: str, game: int, start: str | None) -> str | None:
    """The continent `faction` started in most often over the games before `game` (its card's
    rows) plus `start`, its start in game `game` (None if it has none yet); None on a tie or
    with no start at all. Worked out once per world and question (every draw asks it)."""
    known = world.derived(_homelands)
    key = (faction, game, start)
    if key not in known:
        known[key] = _homeland_of(world, faction, game, start)
    return known[key]


@kept_across("faction_records")
def _homelands(world: World) -> dict[tuple[str, int, str | None], str | None]:
    return {}


def _homeland_of(world: World, faction: str, game: int, start: str | None) -> str | None:
    starts = [
        r.start
        for r in world.faction_records
        if r.faction == faction and r.start is not None and r.game < game
    ]
    if start is not None:
        starts.append(start)
    counts = Counter(
        rules_board().territories[t].continent for t in starts if t in rules_board().territories
    ).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def homeland(state: GameState, seat: int) -> str | None:
    """The homeland of the faction `seat` plays, counting where it started this game."""
    player = state.seats[seat]
    if player.faction is None:
        return None
    return homeland_of(state.world, player.faction, state.game_number, player.start)
