"""The 44 cards of the stand-alone rule sets (CL-8) and what a set of three is worth."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rules.data import rules_board

INFANTRY = "infantry"
CAVALRY = "cavalry"
ARTILLERY = "artillery"
SYMBOLS = (INFANTRY, CAVALRY, ARTILLERY)
WILDCARDS = ("wild_1", "wild_2")
ESCALATION = (4, 6, 8, 10, 12, 15)
"""CL-11: what the first six sets traded at the table are worth; each later one 5 more."""
BY_SET = {INFANTRY: 4, CAVALRY: 6, ARTILLERY: 8, "mixed": 10}
"""IN-7: what a set is worth by what it shows, when trade values do not escalate."""


@cache
def card_symbols() -> dict[str, str]:
    """Each territory card's picture: the territories in continent order, then by key, take
    infantry, cavalry and artillery in turn, 14 of each (CL-8)."""
    board = rules_board()
    ordered = [t for c in board.continents.values() for t in sorted(c.territories)]
    return {t: SYMBOLS[i % 3] for i, t in enumerate(ordered)}


def full_deck() -> list[str]:
    """CL-8: 42 territory cards and 2 wildcards, in a fixed order (shuffle before use)."""
    return [*sorted(card_symbols()), *WILDCARDS]


def is_wild(card: str) -> bool:
    return card in WILDCARDS


def symbol(card: str) -> str | None:
    return None if is_wild(card) else card_symbols()[card]


def is_set(cards: Sequence[str], *, strict_wild: bool = False) -> bool:
    """CL-10: three alike, one of each, or any two with a wildcard. With `strict_wild`
    (IN-7), a wildcard only completes cards that are alike."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    shown = [symbol(c) for c in cards if not is_wild(c)]
    if len(shown) == 3:
        return len(set(shown)) in (1, 3)
    return not strict_wild or len(set(shown)) <= 1


def escalating_value(number: int) -> int:
    """CL-11: the worth of the `number`-th set traded at the table (1 for the first)."""
    if number <= len(ESCALATION):
        return ESCALATION[number - 1]
    return ESCALATION[-1] + 5 * (number - len(ESCALATION))


def by_set_value(cards: Sequence[str]) -> int:
    """IN-7: three alike (a wildcard standing for the kind shown) by kind, one of each 10."""
    shown = {symbol(c) for c in cards if not is_wild(c)}
    if len(shown) == 1:
        return BY_SET[shown.pop()]  # type: ignore[index]
    return BY_SET["mixed"]


def sets_in(hand: Sequence[str], *, strict_wild: bool = False) -> list[tuple[str, ...]]:
    """Every set of three in `hand`, each sorted, without repeats."""
    found: set[tuple[str, ...]] = set()
    cards = sorted(set(hand))
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            for k in range(j + 1, len(cards)):
                trio = (a, cards[j], cards[k])
                if is_set(trio, strict_wild=strict_wild):
                    found.add(trio)
    return sorted(found)
