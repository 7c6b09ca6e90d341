"""Game events: what a move did, with every die value shown. An event's words (its text, a
reason) are kept as data (`rules.words.Message`, or `rules.words.Said` not yet worded): its
JSON holds the message and its blanks, and a reader's page words it in their language
(`rules.words.worded`). The engine says an event's words as a `Said`, so applying a move looks
no word up: `text` words them when the event is read."""

from __future__ import annotations

from typing import Any

from rules.words import Message, Said, decode, encode


class GameEvent:
    """One thing a move did: its type, its words and its facts (`data`), JSON-ready."""

    __slots__ = ("data", "type", "words")

    type: str
    words: Message | Said
    data: dict[str, Any]

    def __init__(self, type: str, text: Message | Said, data: dict[str, Any] | None = None) -> None:
        self.type, self.words, self.data = type, text, {} if data is None else data

    @property
    def text(self) -> Message:
        """The event's words in the active language."""
        words = self.words
        return words.worded_now() if isinstance(words, Said) else words

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "text": encode(self.words), **encode(self.data)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameEvent:
        """The event, its words in the active language."""
        rest = {k: v for k, v in data.items() if k not in ("type", "text")}
        return cls(data["type"], decode(data["text"]), decode(rest))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameEvent):
            return NotImplemented
        return (self.type, self.text, self.data) == (other.type, other.text, other.data)

    def __hash__(self) -> int:
        return hash((self.type, str(self.text)))

    def __repr__(self) -> str:
        return f"GameEvent({self.type!r}, {self.words!r}, {self.data!r})"
