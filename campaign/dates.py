"""Dates as the reader's language writes them."""

from __future__ import annotations

import datetime

from django.utils import formats, timezone
from django.utils.translation import get_language


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
