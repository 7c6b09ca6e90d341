"""Game events: what a move did, in words a player understands, with every die value shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameEvent:
    type: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "text": self.text, **self.data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameEvent:
        rest = {k: v for k, v in data.items() if k not in ("type", "text")}
        return cls(data["type"], data["text"], rest)
