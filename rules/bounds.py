"""Bounds on what people write into world events: names, slogans, other words, numbers.

They are not rules of the game but the size of the paper: no owner's override accepts past them,
so a 100,000-character city name or an incident count of 10^30 is refused at every door (the
forms, the API, an import, the engine) before it reaches a campaign's log.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from rules.errors import Violation

NAME_MAX = 80  # a city's, a continent's or the world's name (END-5, END-8)
SLOGAN_MAX = 200  # the words a victor writes beside their signature (END-4)
TEXT_MAX = 500  # any other words an event carries: a detail, a correction's reason
NUMBER_MAX = 1_000_000  # game numbers, log entries, counts: far past what a campaign reaches
COUNT_MAX = 999  # an incident's count (troops, missiles): more than one game ever holds

TEXT_LIMITS = {"name": (NAME_MAX, "A name"), "slogan": (SLOGAN_MAX, "A slogan")}


def bound_violations(event: Any, rule: str) -> list[Violation]:
    """Every text of the dataclass `event` (nested in lists and dicts too) within its length
    and free of NUL characters (which PostgreSQL's JSON cannot store), every whole number
    within `NUMBER_MAX` either way; a refusal per field that is not."""
    violations = []
    for field in fields(event):
        limit, label = TEXT_LIMITS.get(field.name, (TEXT_MAX, _label(field.name)))
        for value in _leaves(getattr(event, field.name)):
            if isinstance(value, str) and "\x00" in value:
                violations.append(
                    Violation("nul_character", f"{label} holds a NUL character; remove it.", rule)
                )
                break
            if isinstance(value, str) and len(value) > limit:
                violations.append(
                    Violation(
                        "too_long",
                        f"{label} is at most {limit} characters; this one has {len(value)}.",
                        rule,
                    )
                )
                break
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > NUMBER_MAX:
                violations.append(
                    Violation(
                        "too_large",
                        f"{_label(field.name)} must lie between -{NUMBER_MAX:,} and "
                        f"{NUMBER_MAX:,}.",
                        rule,
                    )
                )
                break
    return violations


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _leaves(value: Any) -> Iterator[Any]:
    """The texts and numbers inside `value`, dict keys included, without recursion."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            pending.extend(item)
        else:
            yield item
