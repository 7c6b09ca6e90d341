"""Dates and deadlines in the reader's time zone.

A signed-in person may save a zone with their settings (`accounts.views.PreferencesView`);
otherwise the browser says its zone (`static/js/time_zone.js` stores `Intl`'s zone name in the
`tz` cookie). The middleware activates it for the request, so templates show every aware datetime
in that zone through Django's own conversion. A missing or unknown zone leaves UTC.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from functools import cache

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.preferences import preferences_of

COOKIE = "tz"
NAME_MAX = 64  # the longest IANA names are about 30 characters


@cache
def zone_named(name: str) -> zoneinfo.ZoneInfo | None:
    """The IANA zone of that name, or None for anything else (paths, typos, overlong text)."""
    if not name or len(name) > NAME_MAX or name not in zoneinfo.available_timezones():
        return None
    return zoneinfo.ZoneInfo(name)


class ReaderTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        saved = preferences_of(request)
        zone = zone_named(saved.time_zone if saved else "") or zone_named(
            request.COOKIES.get(COOKIE, "")
        )
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
