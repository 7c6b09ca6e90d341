"""English left in text meant to be Spanish: words of the service's English that no Spanish
sentence uses. Names people chose are the tests' own and are Spanish, so a hit is a word of the
service still to translate. Rule IDs ("END-6") are the same in every language."""

from __future__ import annotations

import re

# Not listed, though English: words Spanish writes too ("has", "dice", "a", "no", "final").
_WORDS = """
    the and of with your you yours game games player players turn turns next back confirm
    who won winner reward rewards sign password username email forgot account territory
    territories troops attack attacks expand end card cards held log logged campaign campaigns
    rules world history new choose chosen save cancel add this that what which when where there
    here have was were will would not on at by for from to is are be it its they them their
    our we my or if then than how all each every more less one two three first last after
    before done edit open opened sealed pack packs map tap step steps menu language times words
    guides read play browser keeper none yes start starts roll rolls missile missiles scar
    scars city cities coin coins faction factions winner's round rounds phase move moves
"""
ENGLISH = frozenset(_WORDS.split())
# Letters of any alphabet, "winner's" whole; letters inside a token of letters and digits (an
# invitation's random key, "58OF2") are no word.
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?:'[^\W\d_]+)?(?!\w)")
RULE_ID = re.compile(r"\b[A-Z]{1,4}(?:-\d+)?\b")  # "END-6", or a section's "END": no language


def english_in(text: str) -> list[str]:
    """Each line of `text` holding English words: "the, of: <the line>"."""
    found = []
    for line in text.splitlines():
        words = {w.lower() for w in WORD.findall(RULE_ID.sub("", line))}
        if hits := sorted(words & ENGLISH):
            found.append(f"{', '.join(hits)}: {line.strip()[:300]}")
    return found
