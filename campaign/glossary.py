"""The words of the game the pages use, explained in plain words (`fixtures/glossary.json`).

Only words of the printed box: nothing here names what a sealed pack adds (U-8)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules import words
from rules.data import load


@dataclass(frozen=True)
class Term:
    key: str
    term: str
    text: str
    rule: str

    @property
    def anchor(self) -> str:
        """Its place on the rules page: /rules/#term-<key>."""
        return f"term-{self.key}"


def glossary() -> dict[str, Term]:
    """The terms in the reader's language."""
    return _glossary(words.language())


@cache
def _glossary(lang: str) -> dict[str, Term]:
    raw = load("glossary.json", lang)
    return {t["key"]: Term(t["key"], t["term"], t["text"], t["rule"]) for t in raw["terms"]}


def terms(keys: str) -> list[Term]:
    """The terms named by space-separated keys, in that order; an unknown key is a mistake in a
    template, so it fails loudly."""
    every = glossary()
    return [every[key] for key in keys.split()]
