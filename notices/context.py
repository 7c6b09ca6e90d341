"""The count of what waits for the reader, for the site's menu on every page."""

from __future__ import annotations

from functools import partial

from django.http import HttpRequest

from notices.selectors import notices_waiting_count


def waiting(request: HttpRequest) -> dict:
    # A callable: the count is read only by a page that shows it (never by the API or a 404).
    return {"notices_waiting": partial(notices_waiting_count, user=getattr(request, "user", None))}
