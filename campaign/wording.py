"""Words the rules kept as data (a game event's text, why a pack opened, a refusal an owner
accepted), worded in the reader's language when read: Django's catalogue gives the messages
(`rules.words.install` in `campaign.apps`) and `rules.data` the names, in the language active
for the request. What a person typed is stored as plain text and shown as typed."""

from __future__ import annotations

import json
from typing import Any

from rules.words import encode, worded, worded_json


def worded_event(event: dict[str, Any]) -> dict[str, Any]:
    """A stored game event with its text and every other worded field in the reader's
    language (keys, numbers and dice as stored)."""
    return worded_json(event)


def worded_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [worded_event(event) for event in events]


def reason_text(reason: str) -> str:
    """A reason for a text column (`PackUnlock.reason`): the words kept as data, as JSON
    (`reason_words` words it again); a plain text as it is."""
    kept = encode(reason)
    return kept if isinstance(kept, str) else json.dumps(kept, ensure_ascii=False)


def reason_words(text: str) -> str:
    """A reason stored by `reason_text`, in the reader's language."""
    if text.startswith("{"):
        try:
            kept = json.loads(text)
        except ValueError:
            return text
        if isinstance(kept, dict) and "$msg" in kept:
            return worded(kept)
    return text


__all__ = ["reason_text", "reason_words", "worded", "worded_event", "worded_events"]
