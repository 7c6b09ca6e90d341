"""The world event: what every event kind knows (its check, its change to the world, its words,
its JSON form), and the registry of kinds that builds an event back from its JSON form.

Each event knows which rules it must satisfy (`check`, returning violations against the world as
it stands) and how it changes the world (`apply`). `apply` never refuses: an owner may accept an
event the rules refuse (a house rule), and the log must still replay. Callers check first.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, ClassVar

from rules.bounds import bound_violations
from rules.errors import IllegalWorldEvent, Violation
from rules.shapes import WrongShape, from_json
from rules.words import decode, encode
from rules.words import gettext as _
from rules.world import World

EVENT_TYPES: dict[str, type[WorldEvent]] = {}
"""Every kind by its `kind` key; each subclass registers itself when its module is imported
(`rules.world_events` imports them all)."""


@dataclass(frozen=True)
class WorldEvent(ABC):
    kind: ClassVar[str] = ""
    bound_rule: ClassVar[str] = "DESIGN"  # the rule its bounds' refusals cite

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            EVENT_TYPES[cls.kind] = cls

    def check(self, world: World) -> list[Violation]:
        return []

    def bounds(self) -> list[Violation]:
        """Texts and numbers past what any campaign writes (`rules.bounds`): refused whatever
        an owner accepts, wherever the event comes from."""
        return bound_violations(self, self.bound_rule)

    @abstractmethod
    def apply(self, world: World) -> World: ...

    def describe(self) -> str:
        return self.kind.replace("_", " ")

    def to_json(self) -> dict[str, Any]:
        """Its fields as JSON; words the rules wrote (why a pack opened, what an event card
        did) are kept as data (`rules.words.encode`), worded when read."""
        try:
            return json.loads(_json_text(self))
        except TypeError:  # a field holds something unhashable: nothing to remember it by
            return self._json()

    def _json(self) -> dict[str, Any]:
        return {"kind": self.kind, **encode(asdict(self))}


# A game's state carries the world events of its game, written and read with every move: the
# same few events, immutable, so their JSON is remembered (as text, each caller getting its
# own copy) and so is the event a JSON text gives.
_REMEMBERED = 4096
_REMEMBERED_TEXT_MAX = 4000  # longer texts (a hostile request's) are read, not remembered


@lru_cache(maxsize=_REMEMBERED)
def _json_text(event: WorldEvent) -> str:
    return json.dumps(event._json())


def event_from_json(data: dict[str, Any]) -> WorldEvent:
    """Build a world event from its JSON form; raises IllegalWorldEvent on a wrong shape."""
    try:
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):  # not JSON (a caller's Python values): read as given
        return _event_read(data)
    if len(text) > _REMEMBERED_TEXT_MAX:
        return _event_read(data)
    return _event_of_text(text)


@lru_cache(maxsize=_REMEMBERED)
def _event_of_text(text: str) -> WorldEvent:
    return _event_read(json.loads(text))


def _event_read(data: dict[str, Any]) -> WorldEvent:
    data = dict(data)
    kind = data.pop("kind", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalWorldEvent(
            "unknown_event",
            _("Unknown world event kind %(kind)s.") % {"kind": repr(kind)},
            "DESIGN",
        )
    try:
        # Words kept as data (a reason, a detail) are worded first: their fields hold text.
        return cls(**from_json(cls, decode(data), cls.kind))
    except WrongShape as wrong:
        raise IllegalWorldEvent("bad_event", wrong.message, "DESIGN") from wrong
