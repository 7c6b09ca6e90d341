"""Game events: what a move did, with every die value shown. An event's words (its text, a
reason) are kept as data (`rules.words.Message`): its JSON holds the message and its blanks,
and a reader's page words it in their language (`rules.words.worded`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.words import decode, encode


@dataclass(frozen=True)
class GameEvent:
    type: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "text": encode(self.text), **encode(self.data)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameEvent:
        """The event, its words in the active language."""
        rest = {k: v for k, v in data.items() if k not in ("type", "text")}
        return cls(data["type"], decode(data["text"]), decode(rest))
