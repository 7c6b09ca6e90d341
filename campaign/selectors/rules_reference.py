"""The rules reference shown at /rules/: the printed rules in the project's own words, kept as
data in `fixtures/rules_reference.json` so the page, the "why" links and the tests share one list
of rule IDs. It holds only the base game: what a pack adds is shown per campaign, once opened."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules import words
from rules.data import load


@dataclass(frozen=True)
class Block:
    """A paragraph (`items` holds one line) or a list (`items` holds (text, nested) pairs)."""

    is_list: bool
    items: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    rules: tuple[Rule, ...]


def _blocks(text: str) -> tuple[Block, ...]:
    """Lines starting "- " (or "  - ", nested) form lists; other lines are paragraphs."""
    blocks: list[Block] = []
    items: list[tuple[str, bool]] = []
    for line in text.split("\n"):
        if line.startswith(("- ", "  - ")):
            items.append((line.lstrip()[2:], line.startswith("  ")))
            continue
        if items:
            blocks.append(Block(True, tuple(items)))
            items = []
        if line.strip():
            blocks.append(Block(False, ((line, False),)))
    if items:
        blocks.append(Block(True, tuple(items)))
    return tuple(blocks)


def rules_reference() -> tuple[Section, ...]:
    """The sections in rulebook order (G, C, P, S, T, X, M, E, W, END, U, PRI, CONF), in the
    reader's language."""
    return _rules_reference(words.language())


def rule_set_reference() -> tuple[Section, ...]:
    """The sections of the rule sets other than Risk Legacy (`rules.rule_sets`): what every rule
    set shares (RS), Classic Risk (CL) and Invasión (IN), in the reader's language."""
    return _sections("rule_sets_reference.json", words.language())


@cache
def _rules_reference(lang: str) -> tuple[Section, ...]:
    return _sections("rules_reference.json", lang)


@cache
def _sections(name: str, lang: str) -> tuple[Section, ...]:
    data = load(name, lang)
    return tuple(
        Section(
            key=section["key"],
            title=section["title"],
            rules=tuple(
                Rule(id=rule["id"], title=rule["title"], blocks=_blocks(rule["text"]))
                for rule in section["rules"]
            ),
        )
        for section in data["sections"]
    )


@cache
def rule_ids() -> frozenset[str]:
    """Every rule ID that has an anchor on /rules/."""
    sections = (*rules_reference(), *rule_set_reference())
    return frozenset(rule.id for section in sections for rule in section.rules)
