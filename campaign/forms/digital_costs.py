"""What expanding into a territory costs, said on the choice before it is made (X-3, X-4):
the city's population lost on the way, the fortification's surcharge, and what faction
powers or scars add or take off."""

from __future__ import annotations

from rules.game import GameState
from rules.game.attack import expansion_cost
from rules.game.common import constant
from rules.game.effects import expansion_cost_change
from rules.game.fallout import entry_extra


def expansion_cost_words(state: GameState, seat: int, target: str) -> str:
    """', costs 3 troops (population 1, +2 fortified)' for a territory that costs troops to
    enter; '' for one that costs nothing."""
    parts = []
    population = state.world.population(target)
    if population:
        city = state.world.cities[target]
        parts.append(f"{city.kind} city, population {population}")
    if state.world.is_fortified(target):
        parts.append(f"+{constant('fortification_expansion_cost')} fortified")
    change = expansion_cost_change(state, seat, target)
    if change:
        parts.append(f"{change:+d} from powers or scars")
    cost = expansion_cost(state, seat, target)
    words = ""
    if cost or parts:
        troops = "troop" if cost == 1 else "troops"
        words = f", costs {cost} {troops}" + (f" ({'; '.join(parts)})" if parts else "")
    if entry_extra(state, seat, target):
        words += ", half of those arriving are lost to the fallout"
    return words
