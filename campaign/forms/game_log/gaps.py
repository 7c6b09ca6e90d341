"""The log form's "not recorded" choice: a start, the territories held at the end or a held-on
reward the group does not remember is picked as "not recorded" in its own field, so the entry
keeps the gap (`PlayerEntry.not_recorded`) instead of a guessed value (END-6, S-7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext_lazy

NOT_RECORDED = "not_recorded"
NOT_RECORDED_LABEL = gettext_lazy("not recorded (nobody remembers)")


def with_not_recorded(choices: Sequence[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """`choices` with "not recorded" right after the leading blank one."""
    return [*choices[:1], (NOT_RECORDED, NOT_RECORDED_LABEL), *choices[1:]]


def held_not_recorded(held: Iterable[str]) -> bool:
    return NOT_RECORDED in held


def held_mixed(held: Iterable[str]) -> bool:
    """Territories picked together with "not recorded": the form asks for one or the other."""
    held = list(held)
    return NOT_RECORDED in held and len(held) > 1


def seat_gaps(start: str, held: Iterable[str], reward_code: str) -> tuple[str, ...]:
    """What the steps' raw values leave not recorded, in `PlayerEntry.not_recorded` words."""
    return tuple(
        what
        for what, value in (
            ("start", start == NOT_RECORDED),
            ("held", held_not_recorded(held)),
            ("reward", reward_code == NOT_RECORDED),
        )
        if value
    )


def known(value: str) -> str:
    """The value, or blank when it is the "not recorded" choice."""
    return "" if value == NOT_RECORDED else value
