"""Pocket 2's opening in the middle of a recruit (U-7, T-12; K180s-K186).

A seat about to place 30 or more troops while holding a missile opens the pocket before any
troop is placed. Its faction becomes the Alien Collaborator (the weakness in its yellow slot),
and its player joins Alien Island by two sea lines to two different coastal territories. Every
recruit then lands on the island with 10 Alien troops. For this game the Aliens and the
Collaborator are one faction, so the engine simply gives the Collaborator's seat the island
with recruits + 10 troops. The island's territory card is shuffled into this game's deck; the
Alien events and the weakness cards wait for the next game (they join the decks at setup).

From then on Alien Island is a territory like any other (`rules.board_links`): it counts for
recruiting, is reached only by its two sea lines and is a legal start when empty (S-7: it
carries no mark), in this game and every later one.
"""

from __future__ import annotations

from rules import board_links
from rules.data import rules_board
from rules.errors import IllegalMove
from rules.game.attack_phases import EXPAND_ATTACK
from rules.game.common import ask_to_open, constant, pack_due, seat_label
from rules.game.events import GameEvent
from rules.game.moves import MoveOption, PlaceAlienIsland
from rules.game.state import GameState, changed
from rules.names import territory_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world_events.pockets import AlienIslandPlaced

POCKET = "pocket_2"
ISLAND_PLACEMENT = "alien_island_placement"
"""Phase: the pocket is open; the Collaborator's player says where the sea lines end."""
ALIEN_TROOPS = 10


def check_arrival(state: GameState, seat: int, total: int, events: list[GameEvent]) -> None:
    """T-12/U-7: once the recruit total is known, a seat about to place 30+ troops while
    holding a missile opens the pocket. Play waits for the acknowledgement, then for the
    island's two ends."""
    if total < constant("pocket2_troops") or state.seats[seat].missiles <= 0:
        return
    if POCKET in state.world.packs_opened:
        return
    reason = _("%(player)s is about to place %(count)s troops while holding a missile") % {
        "player": seat_label(state, seat),
        "count": total,
    }
    pack_due(state, POCKET, reason, seat, events, count=total, ask=False)
    if POCKET not in state.world.packs_opened:
        return
    state.pending = {"kind": "alien_island", "seat": seat, "troops": total}
    state.phase = ISLAND_PLACEMENT
    ask_to_open(state, POCKET, seat)


def island_ends(state: GameState) -> list[tuple[str, str]]:
    """Every ordered pair of different coastal territories the sea lines may join (the
    fallout zone takes no more stickers): the engine accepts either order, so it lists both,
    as it does for a drawn sea line's ends."""
    fallout = state.world.fallout
    coast = [
        t
        for t in sorted(rules_board().territories)
        if board_links.touches_ocean(t) and t != fallout
    ]
    return [(a, b) for a in coast for b in coast if a != b]


def island_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(PlaceAlienIsland(a, b)) for a, b in island_ends(state)]


def place_island(
    state: GameState, seat: int, move: PlaceAlienIsland, events: list[GameEvent]
) -> None:
    """K181-K184: the island goes on the board with all the recruits and 10 Alien troops, and
    its card is shuffled into the territory deck; expanding and attacking follow."""
    pending = state.pending
    assert pending is not None
    player = state.seats[seat]
    assert player.faction is not None
    placed = AlienIslandPlaced(
        ends=(move.territory, move.target),
        faction=player.faction,
        person=player.person,
        game=state.game_number,
    )
    problems = placed.check(state.world)
    if problems:
        raise IllegalMove.from_violation(problems[0])
    state.world = placed.apply(state.world)
    state.world_events = (*state.world_events, placed)
    island = board_links.ALIEN_ISLAND
    troops = pending["troops"] + ALIEN_TROOPS
    state.set_troops(island, seat, troops)
    rng = Rng.resume(state.rng)
    state.draw_pile = tuple(rng.shuffled([*state.draw_pile, island]))
    state.rng = rng.state
    state.turn = changed(state.turn, recruits_left=0, placed_in=(island,))
    state.pending = None
    state.phase = EXPAND_ATTACK
    events.append(
        GameEvent(
            "alien_island_placed",
            gettext_lazy(
                "%(player)s joins %(island)s to %(one)s and %(other)s, and lands all %(count)s "
                "recruits there with %(aliens)s Alien troops."
            )
            % {
                "player": seat_label(state, seat),
                "island": territory_word(island),
                "one": territory_word(move.territory),
                "other": territory_word(move.target),
                "count": pending["troops"],
                "aliens": ALIEN_TROOPS,
            },
            {
                "seat": seat,
                "ends": [move.territory, move.target],
                "troops": troops,
                "recruits": pending["troops"],
            },
        )
    )
