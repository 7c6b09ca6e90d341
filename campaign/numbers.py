"""Whole numbers read from what a browser or a client sends (seats, versions, game numbers).

`str.isdigit()` says yes to "²" and to a 5,000-digit string, and `int()` then raises: every such
value must be read here instead, so bad input is a refusal, never a 500.

Also `local_date`: a date as the reader's language writes it."""

from __future__ import annotations

import datetime
import re

from django.utils import formats, timezone
from django.utils.translation import get_language

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


def local_date(value: object) -> str:
    """A date (or an ISO "YYYY-MM-DD" string) as the reader's language writes it: English pages
    keep the ISO form they have always shown; other languages get their long date format
    ("10 de enero de 2026"). Anything that is not a date comes back as it was."""
    if isinstance(value, datetime.datetime):
        value = (timezone.localtime(value) if timezone.is_aware(value) else value).date()
    if isinstance(value, str):
        try:
            value = datetime.date.fromisoformat(value)
        except ValueError:
            return value
    if not isinstance(value, datetime.date):
        return "" if value is None else str(value)
    if (get_language() or "en").split("-")[0] == "en":
        return value.isoformat()
    return formats.date_format(value, "DATE_FORMAT")
