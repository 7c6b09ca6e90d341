"""What the faction cards carry once packs add to them, for the world, history and log pages:
each faction's homeland (rules addition F, read from the back of its card), the private mission
in its red slot (Pack 4), and which faction leads a game (the most wins on the card backs).

Each answer is None while the campaign's box lacks the rule it needs (`rules.box`), so a page
shows nothing of a pack the campaign has not opened (U-8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaign.mission_words import mission_code_label
from rules import box
from rules.data import board
from rules.game.homelands import homeland_of
from rules.lead_faction import lead_among
from rules.world import World


@dataclass(frozen=True)
class Homeland:
    """A faction's homeland as its card's back shows it now: the continent, or why none."""

    continent: str | None
    words: str


def faction_homelands(*, world: World) -> dict[str, Homeland] | None:
    """faction -> its homeland counting every game so far (D110s: the continent it started in
    most often, a tie meaning none); None while the box has no homeland rule."""
    if not box.homeland_draw_active(world):
        return None
    found = {}
    for key in box.factions(world):
        continent = homeland_of(world, key, world.next_game_number, None)
        started = any(r.start for r in world.faction_history(key))
        if continent is not None:
            words = board().continents[continent].name
        elif started:
            words = _("none: its most frequent starting continents are tied")
        else:
            words = _("none yet: it has not started a game")
        found[key] = Homeland(continent, words)
    return found


def faction_red_slots(*, world: World) -> dict[str, str] | None:
    """faction -> the private mission in its red slot, in words ("" when empty); None while the
    box has no private missions."""
    if not box.private_missions_active(world):
        return None
    return {
        key: mission_code_label(slot) if (slot := box.red_slot(world, key)) else ""
        for key in box.factions(world)
    }


def lead_faction_of(world: World, factions: Iterable[str]) -> tuple[str | None, str] | None:
    """The lead faction among `factions` (the ones in a game) with words why, by the engine's
    own rule (`rules.lead_faction`, E125s); None while the box has no lead faction rule."""
    if not box.lead_faction_active(world):
        return None
    lead = lead_among(world, factions)
    return lead.faction, f"{lead.why}."
