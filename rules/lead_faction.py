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
from rules.words import gettext as _
from rules.words import listed, ngettext
from rules.world import World


@dataclass(frozen=True)
class Lead:
    """The lead faction's key (None: nobody leads) and words saying why, without a full stop."""

    faction: str | None
    why: str


def _wins(count: int) -> str:
    return ngettext("%(count)s win", "%(count)s wins", count) % {"count": count}


def lead_among(world: World, factions: Iterable[str | None]) -> Lead:
    """E125s: the lead faction among `factions` (the ones in a game; unknown keys and seats
    without a faction yet are left out)."""
    wins = {f: world.wins(f) for f in factions if f is not None and f in content().factions}
    best = max(wins.values(), default=0)
    leaders = [f for f, count in wins.items() if count == best]
    if best == 0:
        return Lead(None, _("No faction in this game has won yet, so none leads"))
    names = [content().faction_name(f) for f in leaders]
    if len(leaders) > 1:
        tied = _("%(factions)s and %(last)s") % {
            "factions": listed(names[:-1]),
            "last": names[-1],
        }
        return Lead(
            None,
            _("%(factions)s share the most wins (%(wins)s), so none leads")
            % {"factions": tied, "wins": _wins(best)},
        )
    return Lead(
        leaders[0],
        _("%(faction)s has the most wins (%(wins)s) and is the lead faction")
        % {"faction": names[0], "wins": _wins(best)},
    )
