"""What the faction cards carry once packs add to them, for the world, history and log pages:
each faction's homeland (rules addition F, read from the back of its card), the private mission
in its red slot (Pack 4), and which faction leads a game (the most wins on the card backs).

Each answer is None while the campaign's box lacks the rule it needs (`rules.box`), so a page
shows nothing of a pack the campaign has not opened (U-8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from campaign.mission_words import mission_code_label
from rules import box
from rules.data import board, content
from rules.game.homelands import homeland_of
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
    for key in content().factions:
        continent = homeland_of(world, key, world.next_game_number, None)
        started = any(r.start for r in world.faction_history(key))
        if continent is not None:
            words = board().continents[continent].name
        elif started:
            words = "none: its most frequent starting continents are tied"
        else:
            words = "none yet: it has not started a game"
        found[key] = Homeland(continent, words)
    return found


def faction_red_slots(*, world: World) -> dict[str, str] | None:
    """faction -> the private mission in its red slot, in words ("" when empty); None while the
    box has no private missions."""
    if not box.private_missions_active(world):
        return None
    return {
        key: mission_code_label(world.red_slots[key]) if key in world.red_slots else ""
        for key in content().factions
    }


def lead_faction_of(world: World, factions: Iterable[str]) -> tuple[str | None, str] | None:
    """The lead faction among `factions` (the ones in a game): the most wins on the backs of
    their cards, none on a tie or with no win yet (E125s); with words why. None while the box
    has no lead faction rule."""
    if not box.lead_faction_active(world):
        return None
    wins = {f: world.wins(f) for f in factions if f in content().factions}
    best = max(wins.values(), default=0)
    leaders = [f for f, n in wins.items() if n == best]
    if best == 0:
        return None, "No faction in this game has won yet, so none leads."
    name = {f: content().factions[f].name for f in wins}
    plural = "win" if best == 1 else "wins"
    if len(leaders) > 1:
        tied = ", ".join(name[f] for f in leaders[:-1]) + f" and {name[leaders[-1]]}"
        return None, f"{tied} share the most wins ({best} {plural}), so none leads."
    return leaders[0], f"{name[leaders[0]]} has the most wins ({best} {plural}) and leads."
