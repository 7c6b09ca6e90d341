"""Expansion (X-2..X-4) into unoccupied territories, and the sea ban that closes lines to
expansions and attacks alike (E-7)."""

from __future__ import annotations

from rules import board_links
from rules.errors import Violation
from rules.game import fallout
from rules.game.common import constant, fail, required, seat_label, unknown_territory
from rules.game.effects import expansion_cost_change
from rules.game.events import GameEvent
from rules.game.moves import Expand
from rules.game.state import GameState, changed, territory_name
from rules.names import territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy


def crossing_problem(state: GameState, origin: str, target: str) -> Violation | None:
    """Why troops may not go straight from `origin` to `target` (an expansion or an attack):
    not adjacent (G-12) or across a banned sea line; None when they may."""
    if not board_links.adjacent(state.world, origin, target):
        return Violation(
            "not_adjacent",
            _("%(target)s is not adjacent to %(origin)s.")
            % {"target": territory_name(target), "origin": territory_name(origin)},
            "G-12",
        )
    return sea_ban_problem(state, origin, target)


def sea_ban_problem(state: GameState, origin: str, target: str) -> Violation | None:
    """Why The Ancient One's ban (DNO-1..DNO-5) keeps troops from crossing this sea line, or
    None: it stands until the turn of the player who chose it begins."""
    if state.sea_ban_until is None or not board_links.is_sea_line(state.world, origin, target):
        return None
    who = seat_label(state, state.sea_ban_until)
    return Violation(
        "sea_line_closed",
        _(
            "No attack or expansion may cross the sea line between %(origin)s and %(target)s "
            "until %(player)s's next turn begins (The Ancient One)."
        )
        % {"origin": territory_name(origin), "target": territory_name(target), "player": who},
        "E-7",
    )


def expansion_cost(state: GameState, seat: int, target: str) -> int:
    """X-3/X-4: troops lost entering an empty city: its population, +2 if fortified, and
    what the seat's powers and weaknesses add or take off."""
    cost = state.world.population(target)
    if state.world.is_fortified(target):
        cost += constant("fortification_expansion_cost")
    return max(0, cost + expansion_cost_change(state, seat, target))


def expand_range(
    state: GameState, seat: int, origin: str, target: str
) -> tuple[int, int] | Violation:
    """The troops that may move in an expansion (X-2..X-4), or why it is refused."""
    unknown = unknown_territory(state.world, origin, target)
    if unknown:
        return unknown
    if state.owner(origin) != seat:
        return Violation("not_controlled", _("Expand from a territory you control."), "X-2")
    crossing = crossing_problem(state, origin, target)
    if crossing:
        return crossing
    if state.occupied(target):
        return Violation(
            "target_occupied",
            _(
                "%(territory)s is occupied; only unoccupied territories are expanded into "
                "(attack enemy troops instead)."
            )
            % {"territory": territory_name(target)},
            "X-2",
        )
    low, high = expansion_troops(state, seat, origin, target)
    if low > high:
        cost = expansion_cost(state, seat, target)
        extra = fallout.entry_extra(state, seat, target)
        words = (
            _(
                "Expanding into %(territory)s costs %(cost)s troops, half of those arriving are "
                "lost to the fallout and 1 must arrive, with 1 left behind: not enough troops."
            )
            if extra
            else _(
                "Expanding into %(territory)s costs %(cost)s troops and 1 must arrive, with 1 "
                "left behind: not enough troops."
            )
        )
        return Violation(
            "expansion_troops", words % {"territory": territory_name(target), "cost": cost}, "X-3"
        )
    return low, high


def expansion_troops(state: GameState, seat: int, origin: str, target: str) -> tuple[int, int]:
    """The fewest and the most troops an expansion from `origin` may move (X-3, X-4, J168s):
    none may when the fewest is more than the most."""
    cost = expansion_cost(state, seat, target)
    extra = fallout.entry_extra(state, seat, target)
    return cost + 1 + extra, state.troops(origin) - 1


def expand(state: GameState, seat: int, move: Expand, events: list[GameEvent]) -> None:
    low, high = required(expand_range(state, seat, move.origin, move.target))
    if not low <= move.count <= high:
        fail(
            "expansion_count",
            _("Move %(low)s to %(high)s troops into this territory.") % {"low": low, "high": high},
            "X-3",
        )
    lost = expansion_cost(state, seat, move.target)
    state.set_troops(move.origin, seat, state.troops(move.origin) - move.count)
    state.set_troops(move.target, seat, move.count - lost)
    state.turn = changed(
        state.turn,
        expansions=state.turn.expansions + 1,
        expanded_into_city=state.turn.expanded_into_city or move.target in state.world.cities,
    )
    words = (
        gettext_lazy(
            "%(player)s expands from %(origin)s into %(target)s with %(count)s, losing %(lost)s "
            "on the way."
        )
        if lost
        else gettext_lazy("%(player)s expands from %(origin)s into %(target)s with %(count)s.")
    )
    events.append(
        GameEvent(
            "expanded",
            words
            % {
                "player": seat_label(state, seat),
                "origin": territory_word(move.origin),
                "target": territory_word(move.target),
                "count": move.count,
                "lost": lost,
            },
            {
                "seat": seat,
                "origin": move.origin,
                "target": move.target,
                "count": move.count,
                "losses": lost,
            },
        )
    )
    fallout.entry_loss(state, seat, move.target, move.count - lost, events)
