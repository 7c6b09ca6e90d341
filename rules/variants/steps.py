"""The named steps of a stand-alone game and the modules that replace them.

Classic Risk (CL) fills every step. A module replaces some steps, the way an expansion
changes named steps of the base setup: the neutral army for two players (CL-21), the secret
headquarters (CL-30), and Invasión's setup, hand limit, cards, fortify and objectives (IN).
`steps_for` applies the modules a game's rule set, player count and options switch on."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from rules.rule_sets import CLASSIC, INVASION

STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
"""CL-1 (two players: CL-21, with 40 neutral armies too)."""


@dataclass(frozen=True)
class Steps:
    assignment: str = "claim"
    """How the board is first taken: "claim" (CL-3), "neutral_deal" (CL-21), "random" (IN-3),
    "pick" (IN-4, as claiming)."""
    placement: str = "one_at_a_time"
    """How the rest of the starting armies go down: "one_at_a_time" (CL-4), "two_and_neutral"
    (CL-22) or "free" (IN-5)."""
    starting_units: int | None = None
    """IN-5: units each player places after the assignment; None: by player count (CL-1)."""
    headquarters: str = "none"
    """CL-30/CL-31: "none", "all" (every enemy HQ) or "some" (2 or 3 of them)."""
    strict_wild: bool = False
    """IN-7: a wildcard only completes cards that are alike."""
    trade_value: str = "escalating"
    """CL-11 "escalating" or IN-7 "by_set"."""
    forced_trade_at: int | None = 5
    """CL-13: holding this many cards at the start of a turn, a set must be traded."""
    hand_limit: int | None = None
    """IN-6: no card is taken while holding this many."""
    knockout_trade_at: int | None = 6
    """CL-18: after taking a knocked-out player's cards, trade at once while holding this many
    (down to four or fewer)."""
    fortify: str = "adjacent"
    """CL-19 "adjacent" or IN-8 "connected"."""
    victory: str = "domination"
    """CL-20 "domination", CL-31 "headquarters" or IN-10/IN-11 "domination"/"objectives"."""


@dataclass(frozen=True)
class Module:
    key: str
    rule: str
    applies: Callable[[str, int, Mapping[str, Any]], bool]
    change: Callable[[Steps, Mapping[str, Any]], Steps]


MODULES = (
    Module(
        "neutral_army",
        "CL-21",
        lambda rs, players, options: rs == CLASSIC and players == 2,
        lambda steps, options: replace(
            steps, assignment="neutral_deal", placement="two_and_neutral"
        ),
    ),
    Module(
        "secret_headquarters",
        "CL-30",
        lambda rs, players, options: rs == CLASSIC and options.get("short_game", "off") != "off",
        lambda steps, options: replace(
            steps,
            headquarters="all" if options["short_game"] == "all_hqs" else "some",
            victory="headquarters",
        ),
    ),
    Module(
        "invasion_setup",
        "IN-3",
        lambda rs, players, options: rs == INVASION,
        lambda steps, options: replace(
            steps,
            assignment=options["assignment"],
            placement="free",
            starting_units=options["starting_units"],
        ),
    ),
    Module(
        "hand_limit",
        "IN-6",
        lambda rs, players, options: rs == INVASION,
        lambda steps, options: replace(
            steps, hand_limit=options["hand_limit"], forced_trade_at=None, knockout_trade_at=None
        ),
    ),
    Module(
        "invasion_cards",
        "IN-7",
        lambda rs, players, options: rs == INVASION,
        lambda steps, options: replace(
            steps, strict_wild=True, trade_value=options["trade_values"]
        ),
    ),
    Module(
        "invasion_fortify",
        "IN-8",
        lambda rs, players, options: rs == INVASION,
        lambda steps, options: replace(steps, fortify=options["fortify"]),
    ),
    Module(
        "objectives",
        "IN-11",
        lambda rs, players, options: rs == INVASION and options.get("mode") == "objectives",
        lambda steps, options: replace(steps, victory="objectives"),
    ),
)


def active_modules(rule_set: str, players: int, options: Mapping[str, Any]) -> list[Module]:
    return [m for m in MODULES if m.applies(rule_set, players, options)]


def steps_for_choice(rule_set: str, players: int, options: Mapping[str, Any]) -> Steps:
    steps = Steps()
    for module in active_modules(rule_set, players, options):
        steps = module.change(steps, options)
    return steps


@cache
def _cached(rule_set: str, players: int, frozen: tuple[tuple[str, Any], ...]) -> Steps:
    return steps_for_choice(rule_set, players, dict(frozen))


def steps_for(state: Any) -> Steps:
    """The steps of a game in play (its players: the seats, without the neutral one)."""
    players = len(state.seats) - (1 if state.table.get("neutral") is not None else 0)
    return _cached(state.rule_set, players, tuple(sorted(state.options.items())))
