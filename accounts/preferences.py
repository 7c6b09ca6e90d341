"""A signed-in person's saved settings, read once per request (the language and time-zone
middlewares both ask)."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.models import Preferences

_CACHE = "_reader_preferences"


def preferences_of(request: HttpRequest) -> Preferences | None:
    """The saved settings of the person signed in, or None (anonymous, or never saved)."""
    if not hasattr(request, _CACHE):
        user = getattr(request, "user", None)
        found = None
        if user is not None and user.is_authenticated:
            found = Preferences.objects.filter(user=user).first()
        setattr(request, _CACHE, found)
    return getattr(request, _CACHE)


def forget(request: HttpRequest) -> None:
    """Read them again next time (after they were changed in this request)."""
    if hasattr(request, _CACHE):
        delattr(request, _CACHE)
