"""Whole numbers read from what a browser or a client sends (seats, versions, game numbers).

`str.isdigit()` says yes to "²" and to a 5,000-digit string, and `int()` then raises: every such
value must be read here instead, so bad input is a refusal, never a 500."""

from __future__ import annotations

import re

# Nine digits hold every seat, version and game number a campaign can reach, and stay within
# the database's integer columns.
MAX_DIGITS = 9
_WHOLE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")


def whole_number(raw: object) -> int | None:
    """`raw` as a whole number of zero or more, or None when it is anything else (empty, not
    ASCII digits, a sign, longer than `MAX_DIGITS`)."""
    if isinstance(raw, str) and _WHOLE.fullmatch(raw):
        return int(raw)
    return None


def signed_number(raw: object) -> int | None:
    """Like `whole_number`, allowing a leading minus sign."""
    if isinstance(raw, str) and _SIGNED.fullmatch(raw):
        return int(raw)
    return None
