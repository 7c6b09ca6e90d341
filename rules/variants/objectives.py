"""IN-11 and IN-12: the secret objectives of Invasión's "objectives" mode."""

from __future__ import annotations

from typing import Any

from rules.data import rules_board
from rules.rng import Rng
from rules.words import Name
from rules.words import gettext as _

CONTINENT_PAIRS = (
    ("asia", "south_america"),
    ("asia", "africa"),
    ("north_america", "africa"),
    ("north_america", "australia"),
    ("europe", "south_america"),
    ("europe", "australia"),
)
WIDE = {"kind": "territories", "count": 24, "armies": 1}
GARRISONED = {"kind": "territories", "count": 18, "armies": 2}


def deal(rng: Rng, players: list[int]) -> list[dict[str, Any] | None]:
    """IN-12: one objective each, from a shuffled pile; drawing one's own knock-out, a player
    gets the 24 territories instead."""
    pile: list[dict[str, Any]] = [
        {"kind": "continents", "continents": list(pair)} for pair in CONTINENT_PAIRS
    ]
    pile += [dict(WIDE), dict(GARRISONED)]
    pile += [{"kind": "knock_out", "target": seat} for seat in players]
    pile = rng.shuffled(pile)
    dealt: list[dict[str, Any] | None] = [None] * (max(players) + 1)
    for seat, objective in zip(players, pile, strict=False):
        mine = objective.get("kind") == "knock_out" and objective["target"] == seat
        dealt[seat] = dict(WIDE) if mine else objective
    return dealt


def met(state: Any, seat: int) -> bool:
    """IN-12: whether `seat` holds what its objective asks."""
    objective = (state.table.get("objectives") or [None] * (seat + 1))[seat]
    if objective is None:
        return False
    if objective["kind"] == "knock_out":
        target = state.seats[objective["target"]]
        if not target.eliminated:
            return False
        if target.knocked_out_by == seat:
            return True
        objective = WIDE  # someone else knocked the target out first
    if objective["kind"] == "continents":
        return all(
            all(state.owner(t) == seat for t in rules_board().continents[c].territories)
            for c in objective["continents"]
        )
    held = [
        t for t, (owner, n) in state.armies.items() if owner == seat and n >= objective["armies"]
    ]
    return len(held) >= objective["count"]


def describe(objective: dict[str, Any], seat_names: list[str]) -> str:
    """The objective in words."""
    if objective["kind"] == "continents":
        first, second = objective["continents"]
        return _("Hold the whole of %(first)s and of %(second)s.") % {
            "first": Name("continent", first),
            "second": Name("continent", second),
        }
    if objective["kind"] == "knock_out":
        return _(
            "Knock %(player)s out of the game yourself (if another player does it first, "
            "hold 24 territories instead)."
        ) % {"player": seat_names[objective["target"]]}
    if objective["armies"] > 1:
        return _("Hold %(count)s territories with at least %(armies)s armies in each.") % {
            "count": objective["count"],
            "armies": objective["armies"],
        }
    return _("Hold %(count)s territories.") % {"count": objective["count"]}
