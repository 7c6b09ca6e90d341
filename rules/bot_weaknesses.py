"""The heuristic bot's choices for Pocket 2 (kept apart from `rules.bots`): where it joins
Alien Island when its faction becomes the Alien Collaborator, and whom it saddles with a
weakness card (the leader). Every choice is taken from what the engine lists.
"""

from __future__ import annotations

from rules.board_links import neighbours as links
from rules.game import GameState, Move, PlaceAlienIsland, legal_move_options


def _leader_key(state: GameState, seat: int) -> tuple[int, int, int]:
    """Who leads: red stars first, then territories, then troops on the board."""
    return (state.red_stars(seat), len(state.controlled(seat)), state.troops_on_board(seat))


def leader(state: GameState, seat: int) -> int | None:
    """The strongest other seat still in the game, or None when there is none."""
    others = [
        other
        for other, player in enumerate(state.seats)
        if other != seat and not player.eliminated and player.faction is not None
    ]
    return max(others, key=lambda s: (_leader_key(state, s), -s), default=None)


def weakness_target(state: GameState, seat: int, targets: list[str]) -> str | None:
    """A weakness card goes on the leader's faction card, when the leader's slot is free;
    otherwise the bot keeps the card for a later turn."""
    found = leader(state, seat)
    if found is None:
        return None
    faction = state.seats[found].faction
    return faction if faction in targets else None


def _end_score(state: GameState, seat: int, territory: str) -> tuple[int, int, str]:
    """How well an end serves the island's troops: its own troops there and next to it
    count for, enemy troops next to it are targets within reach."""
    own = 0
    enemy = 0
    for place in (territory, *links(state.world, territory)):
        army = state.armies.get(place)
        if army is None:
            continue
        if army[0] == seat:
            own += army[1]
        else:
            enemy += 1
    return (own, enemy, territory)


def island_move(state: GameState, seat: int) -> Move:
    """U-7: the two ends nearest its own troops (the island's army can then join them or
    strike out from there)."""
    ends: set[str] = set()
    for option in legal_move_options(state, seat):
        move = option.move
        if isinstance(move, PlaceAlienIsland):
            ends.update((move.territory, move.target))
    best = sorted(ends, key=lambda t: _end_score(state, seat, t), reverse=True)[:2]
    return PlaceAlienIsland(*sorted(best))
