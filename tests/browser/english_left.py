"""Finds English left on a page meant to be Spanish: words of the service's English that no
Spanish sentence uses, in the visible text, the tooltips and labels read aloud, and the map's
titles. Names people chose are the test's own and are Spanish, so any hit is ours to translate."""

from __future__ import annotations

import re

ENGLISH = frozenset(
    {
        "the",
        "and",
        "of",
        "with",
        "your",
        "you",
        "yours",
        "game",
        "games",
        "player",
        "players",
        "turn",
        "turns",
        "next",
        "back",
        "confirm",
        "who",
        "won",
        "winner",
        "reward",
        "rewards",
        "sign",
        "password",
        "username",
        "email",
        "forgot",
        "account",
        "territory",
        "territories",
        "troops",
        "attack",
        "attacks",
        "expand",
        "end",
        "card",
        "cards",
        "held",
        "log",
        "logged",
        "campaign",
        "campaigns",
        "rules",
        "world",
        "history",
        "new",
        "choose",
        "chosen",
        "save",
        "cancel",
        "add",
        "this",
        "that",
        "what",
        "which",
        "when",
        "where",
        "there",
        "here",
        "has",
        "have",
        "was",
        "were",
        "will",
        "would",
        "not",
        "on",
        "at",
        "by",
        "for",
        "from",
        "to",
        "is",
        "are",
        "be",
        "it",
        "its",
        "they",
        "them",
        "their",
        "our",
        "we",
        "my",
        "or",
        "if",
        "then",
        "than",
        "how",
        "all",
        "each",
        "every",
        "more",
        "less",
        "one",
        "two",
        "three",
        "first",
        "last",
        "after",
        "before",
        "done",
        "edit",
        "open",
        "opened",
        "sealed",
        "pack",
        "packs",
        "map",
        "tap",
        "step",
        "steps",
        "menu",
        "language",
        "times",
        "words",
        "guides",
        "read",
        "play",
        "browser",
        "keeper",
        "none",
        "yes",
        "start",
        "starts",
        "roll",
        "rolls",
        "dice",
        "missile",
        "missiles",
        "scar",
        "scars",
        "city",
        "cities",
        "coin",
        "coins",
        "faction",
        "factions",
        "winner's",
        "round",
        "rounds",
        "phase",
        "move",
        "moves",
    }
)

TEXTS = """() => {
  const texts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  for (const el of document.querySelectorAll('svg title, option')) texts.push(el.textContent);
  return texts;
}"""


WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")  # letters of any alphabet, "winner's" whole
RULE_ID = re.compile(r"\b[A-Z]{1,4}-\d+\b")  # "END-6": a rule's ID, the same in every language


def english_left(page) -> list[str]:
    """Each English word found, with the line it stands in."""
    found = []
    for text in page.evaluate(TEXTS):
        for line in (text or "").splitlines():
            words = {w.lower() for w in WORD.findall(RULE_ID.sub("", line))}
            hits = sorted(words & ENGLISH)
            if hits:
                found.append(f"{', '.join(hits)}: {line.strip()[:300]}")
    return found
