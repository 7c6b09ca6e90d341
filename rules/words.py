"""The reader's language for the engine's words, without importing Django.

The engine writes its refusals and its game-log lines in English, marked with `gettext` (as
`_`) so that `makemessages` finds them; the web layer installs Django's translation functions
at start-up (`campaign.apps`), so a refusal comes out in the language of the request that
caused it. Without that installation (scripts, the engine's own tests) every word stays
English.

A message kept in a module constant is marked with `gettext_noop` and translated where it is
used: a constant is built once, at import, in no one's language.

Data files (`fixtures/`) are translated by their own files under `fixtures/locale/<language>/`
(see `rules.data.load`), keyed by the language `language()` returns.
"""

from __future__ import annotations

from collections.abc import Callable


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _no_language() -> str | None:
    return None


_gettext: Callable[[str], str] = str
_ngettext: Callable[[str, str, int], str] = _english_plural
_language: Callable[[], str | None] = _no_language


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    language: Callable[[], str | None],
) -> None:
    """Use these translation functions from now on (Django's, in the web layer)."""
    global _gettext, _ngettext, _language
    _gettext, _ngettext, _language = gettext, ngettext, language


def gettext(message: str) -> str:
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _ngettext(singular, plural, n)


def gettext_noop(message: str) -> str:
    """Marks a message for the catalogue without translating it (for constants)."""
    return message


def language() -> str:
    """The base language of the reader ("en", "es"): "en" outside a request."""
    code = _language() or "en"
    return code.split("-")[0].lower()
