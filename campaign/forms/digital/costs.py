"""What expanding into a territory costs, said on the choice before it is made (X-3, X-4):
the city's population lost on the way, the fortification's surcharge, and what faction
powers or scars add or take off."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.game import GameState
from rules.game.common import constant
from rules.game.effects import expansion_cost_change
from rules.game.expansion import expansion_cost
from rules.game.fallout import entry_extra


def expansion_cost_words(state: GameState, seat: int, target: str) -> str:
    """', costs 3 troops (population 1, +2 fortified)' for a territory that costs troops to
    enter; '' for one that costs nothing."""
    parts = []
    population = state.world.population(target)
    if population:
        city = state.world.cities[target]
        kinds = {
            "minor": _("minor city, population %(population)s"),
            "major": _("major city, population %(population)s"),
            "capital": _("capital city, population %(population)s"),
        }
        words = kinds.get(city.kind) or f"{city.kind} city, population %(population)s"
        parts.append(words % {"population": population})
    if state.world.is_fortified(target):
        parts.append(_("+%(cost)s fortified") % {"cost": constant("fortification_expansion_cost")})
    change = expansion_cost_change(state, seat, target)
    if change:
        parts.append(_("%(change)s from powers or scars") % {"change": f"{change:+d}"})
    cost = expansion_cost(state, seat, target)
    words = ""
    if cost or parts:
        if parts:
            words = ngettext(
                ", costs %(cost)s troop (%(parts)s)", ", costs %(cost)s troops (%(parts)s)", cost
            ) % {"cost": cost, "parts": "; ".join(parts)}
        else:
            words = ngettext(", costs %(cost)s troop", ", costs %(cost)s troops", cost) % {
                "cost": cost
            }
    if entry_extra(state, seat, target):
        words += _(", half of those arriving are lost to the fallout")
    return words
