"""The reader's language: the browser's (`Accept-Language`) until they choose one on a page;
a signed-in person's choice is kept with their account, so it follows them to every device.

Django's `LocaleMiddleware` reads the cookie and the browser's header; the middleware here,
after it, puts a signed-in person's saved choice first.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.models import Preferences
from accounts.preferences import forget, preferences_of


def saved_language(request: HttpRequest) -> str:
    """The language a signed-in person chose, or "" (anonymous, or never chosen)."""
    preferences = preferences_of(request)
    return preferences.language if preferences else ""


class SavedLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = saved_language(request)
        if language and translation.check_for_language(language):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """Django's `set_language` (cookie, then back to the page), and for a signed-in person the
    choice saved with their account."""
    response = set_language(request)
    language = request.POST.get("language", "")
    known = {code for code, _name in settings.LANGUAGES}
    if language in known and request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults={"language": language})
        forget(request)
    return response
