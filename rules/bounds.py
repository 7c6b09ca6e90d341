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
from rules.words import gettext as _
from rules.words import gettext_noop

NAME_MAX = 80  # a city's, a continent's or the world's name (END-5, END-8)
SLOGAN_MAX = 200  # the words a victor writes beside their signature (END-4)
TEXT_MAX = 500  # any other words an event carries: a detail, a correction's reason
NUMBER_MAX = 1_000_000  # game numbers, log entries, counts: far past what a campaign reaches
COUNT_MAX = 999  # an incident's count (troops, missiles): more than one game ever holds

TEXT_LIMITS = {
    "name": (NAME_MAX, gettext_noop("A name")),
    "slogan": (SLOGAN_MAX, gettext_noop("A slogan")),
}
# An event's fields as words in a refusal (marked here, translated where used); a field not
# listed reads as its own name.
FIELD_LABELS = {
    "before_game": gettext_noop("Before game"),
    "boxes": gettext_noop("Boxes"),
    "card": gettext_noop("Card"),
    "city": gettext_noop("City"),
    "continent": gettext_noop("Continent"),
    "count": gettext_noop("Count"),
    "date": gettext_noop("Date"),
    "delta": gettext_noop("Delta"),
    "detail": gettext_noop("Detail"),
    "ends": gettext_noop("Ends"),
    "faction": gettext_noop("Faction"),
    "game": gettext_noop("Game"),
    "incident": gettext_noop("Incident"),
    "mission": gettext_noop("Mission"),
    "name": gettext_noop("Name"),
    "option": gettext_noop("Option"),
    "pack": gettext_noop("Pack"),
    "person": gettext_noop("Person"),
    "persons": gettext_noop("Persons"),
    "picks": gettext_noop("Picks"),
    "played_on": gettext_noop("Played on"),
    "players": gettext_noop("Players"),
    "power": gettext_noop("Power"),
    "reason": gettext_noop("Reason"),
    "scar": gettext_noop("Scar"),
    "seqs": gettext_noop("Seqs"),
    "setting": gettext_noop("Setting"),
    "slogan": gettext_noop("Slogan"),
    "target": gettext_noop("Target"),
    "territories": gettext_noop("Territories"),
    "territory": gettext_noop("Territory"),
    "value": gettext_noop("Value"),
}


def bound_violations(event: Any, rule: str) -> list[Violation]:
    """Every text of the dataclass `event` (nested in lists and dicts too) within its length
    and free of NUL characters (which PostgreSQL's JSON cannot store), every whole number
    within `NUMBER_MAX` either way; a refusal per field that is not."""
    violations = []
    for field in fields(event):
        limit, label = TEXT_LIMITS.get(field.name, (TEXT_MAX, _label(field.name)))
        label = _(label)
        for value in _leaves(getattr(event, field.name)):
            if isinstance(value, str) and "\x00" in value:
                violations.append(
                    Violation(
                        "nul_character",
                        _("%(field)s holds a NUL character; remove it.") % {"field": label},
                        rule,
                    )
                )
                break
            if isinstance(value, str) and len(value) > limit:
                violations.append(
                    Violation(
                        "too_long",
                        _("%(field)s is at most %(limit)s characters; this one has %(length)s.")
                        % {"field": label, "limit": limit, "length": len(value)},
                        rule,
                    )
                )
                break
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > NUMBER_MAX:
                violations.append(
                    Violation(
                        "too_large",
                        _("%(field)s must lie between -%(max)s and %(max)s.")
                        % {"field": _(_label(field.name)), "max": f"{NUMBER_MAX:,}"},
                        rule,
                    )
                )
                break
    return violations


def _label(name: str) -> str:
    """The field's words, in English: translate them with `_()`."""
    return FIELD_LABELS.get(name) or name.replace("_", " ").capitalize()


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
