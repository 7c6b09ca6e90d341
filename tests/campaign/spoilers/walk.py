"""Walking every page and API response of one campaign, and finding sealed packs' words in them.

The URLs come from the URL patterns themselves (the `campaign` and `api` namespaces), so a page
added later is walked without anyone remembering to list it. Each URL argument is filled from
the campaign under test (its slug, games, digital game, invites, members) or from the board
(territories, factions, packs).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping, Sequence

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from rules import box

WALKED_NAMESPACES = ("campaign", "api")
CODE = re.compile(r"[A-Z][0-9]+s?")


def url_patterns() -> list[tuple[str, tuple[str, ...]]]:
    """(namespaced name, argument names) of every named route in the walked namespaces."""
    found: list[tuple[str, tuple[str, ...]]] = []

    def visit(patterns, namespace: str | None) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                visit(entry.url_patterns, entry.namespace or namespace)
            elif isinstance(entry, URLPattern) and entry.name and namespace in WALKED_NAMESPACES:
                found.append((f"{namespace}:{entry.name}", tuple(entry.pattern.regex.groupindex)))

    visit(get_resolver().url_patterns, None)
    return sorted(set(found))


def urls(values: Mapping[str, Sequence[object]]) -> Iterator[str]:
    """Every URL of the walked routes with each argument taken from `values` (all
    combinations). A route needing an argument `values` does not know fails the test: a new
    kind of URL argument must be given values, never skipped silently."""
    for name, arguments in url_patterns():
        missing = [a for a in arguments if a not in values]
        assert not missing, f"{name} needs values for {missing}: add them to the walk"
        for combination in itertools.product(*(values[a] for a in arguments)):
            yield reverse(name, kwargs=dict(zip(arguments, combination, strict=True)))


def _pattern(term: str) -> re.Pattern[str]:
    """Print codes match exactly (a random token may hold "b95"); names match in any case,
    from the start of a word (so "Riots" is not found in "patriots", and "comeback power" is
    found in "comeback powers")."""
    if CODE.fullmatch(term):
        return re.compile(rf"(?<![\w]){re.escape(term)}(?!\w)")
    return re.compile(rf"(?<!\w){re.escape(term)}", re.IGNORECASE)


def spoilers_in(text: str, packs: Sequence[str]) -> list[str]:
    """The terms of `packs` (from `rules.box.spoiler_terms`) that occur in `text`."""
    return [
        f"{pack}: {term!r}"
        for pack in packs
        for term in box.spoiler_terms(pack)
        if _pattern(term).search(text)
    ]
