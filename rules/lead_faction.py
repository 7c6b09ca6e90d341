"""Which faction leads a game (rules addition E125s): the one with the most wins on the backs
of the faction cards among the factions in that game; nobody leads on a tie for the most, or
while none of them has won. The engine (`rules.game.lead_faction`) and the pages and logged
games (`campaign.selectors.faction_cards`) all read it here, so they never disagree.

It reads the world only; whether the campaign's box holds the rule is the caller's question
(`rules.box.lead_faction_active`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.data import content
from rules.world import World


@dataclass(frozen=True)
class Lead:
    """The lead faction's key (None: nobody leads) and words saying why, without a full stop."""

    faction: str | None
    why: str


def _wins(count: int) -> str:
    return f"{count} win{'' if count == 1 else 's'}"


def lead_among(world: World, factions: Iterable[str | None]) -> Lead:
    """E125s: the lead faction among `factions` (the ones in a game; unknown keys and seats
    without a faction yet are left out)."""
    wins = {f: world.wins(f) for f in factions if f is not None and f in content().factions}
    best = max(wins.values(), default=0)
    leaders = [f for f, count in wins.items() if count == best]
    if best == 0:
        return Lead(None, "No faction in this game has won yet, so none leads")
    names = [content().faction_name(f) for f in leaders]
    if len(leaders) > 1:
        tied = f"{', '.join(names[:-1])} and {names[-1]}"
        return Lead(None, f"{tied} share the most wins ({_wins(best)}), so none leads")
    return Lead(leaders[0], f"{names[0]} has the most wins ({_wins(best)}) and is the lead faction")
