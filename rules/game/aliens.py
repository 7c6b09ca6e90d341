"""The Aliens' faction card (Pocket 2): its two printed powers, and the condition and Red Stars
of the mission printed in its red slot (K-ALN: every city on the board held; 2 stars by the
card, 1 by K184, as the campaign reads it), completed once a game like any red-slot mission
(`rules.game.private_missions`).

Free Landing (`empty_city_expansion_free`): expanding into an empty city costs them none of its
population (X-3); whether a fortified city's surcharge (X-4) is skipped too is the campaign's
reading (`alien_landing_fortified`). Island and Ruins (`island_ruin_recruit_bonus`): recruiting,
2 troops for holding Alien Island and 1 for each ruin they hold (K185s). Both register as effect
keys (`rules.game.effects`), so they act for whichever seat plays the Aliens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import board_links, box
from rules.game.common import constant
from rules.game.effects import EXPANSION_COST_EFFECTS, RECRUIT_BONUS_EFFECTS
from rules.game.missions import condition
from rules.game.private_missions import SLOT_STARS_READINGS
from rules.game.state import GameState, territory_name
from rules.words import gettext as _
from rules.words import listed

ALIENS = "aliens"
FREE_LANDING = "empty_city_expansion_free"
ISLAND_AND_RUINS = "island_ruin_recruit_bonus"
ALIEN_MISSION = "K-ALN"
ISLAND_BONUS = 2
"""Troops for holding Alien Island when recruiting."""
RUIN_BONUS = 1
"""Troops for each ruin held when recruiting."""


def aliens_seat(state: GameState) -> int | None:
    """The seat playing the Aliens in this game, if any."""
    return next((i for i, s in enumerate(state.seats) if s.faction == ALIENS), None)


def _free_landing(state: GameState, target: str) -> int:
    """X-3 skipped: the city's population costs nothing; X-4's surcharge only if the campaign
    reads the power that way."""
    world = state.world
    saved = world.population(target)
    if world.is_fortified(target) and box.setting(world, "alien_landing_fortified") == "yes":
        saved += constant("fortification_expansion_cost")
    return -saved


def ruins_held(state: GameState, seat: int) -> list[str]:
    """The ruined territories (K185s) the seat controls."""
    return sorted(t for t in state.world.ruins if state.owner(t) == seat)


def _island_and_ruins(state: GameState, seat: int) -> list[tuple[str, int]]:
    """T-7 with the Aliens' blue slot: +2 for Alien Island, +1 for each ruin held."""
    parts = []
    if state.owner(board_links.ALIEN_ISLAND) == seat:
        parts.append((territory_name(board_links.ALIEN_ISLAND), ISLAND_BONUS))
    ruins = ruins_held(state, seat)
    if ruins:
        names = [territory_name(t) for t in ruins]
        if len(names) == 1:
            why = _("the ruin in %(territory)s") % {"territory": names[0]}
        else:
            where = _("%(names)s and %(name)s") % {
                "names": listed(names[:-1]),
                "name": names[-1],
            }
            why = _("the ruins in %(territories)s") % {"territories": where}
        parts.append((why, RUIN_BONUS * len(ruins)))
    return parts


EXPANSION_COST_EFFECTS[FREE_LANDING] = _free_landing
RECRUIT_BONUS_EFFECTS[ISLAND_AND_RUINS] = _island_and_ruins


@condition("control_every_city")
def _control_every_city(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """K-ALN: every city on the board (the World Capital too; a ruin is no city) is held."""
    cities = state.world.cities
    return bool(cities) and all(state.owner(t) == seat for t in cities)


def mission_stars(state: GameState) -> int:
    """How many Red Stars K-ALN gives: the campaign's reading, 2 by the card, 1 by K184."""
    return int(box.setting(state.world, "alien_mission_stars"))


SLOT_STARS_READINGS[ALIEN_MISSION] = mission_stars
