"""Corrections and the reducer: an entry voided by a later correction, and the fold of a numbered
log into a world."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from rules.errors import Violation
from rules.words import gettext as _
from rules.words import listed
from rules.world import (
    World,
)
from rules.world_events.base import WorldEvent


@dataclass(frozen=True)
class EventsVoided(WorldEvent):
    """A correction: the listed earlier events (by log sequence number) no longer count.
    Replacement events, if any, follow it in the log. It changes nothing by itself; `replay`
    leaves the voided events out."""

    kind: ClassVar[str] = "events_voided"
    seqs: tuple[int, ...]
    reason: str

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not self.reason.strip():
            return [Violation("reason_required", _("Say why the entry is corrected."), "DESIGN")]
        return []

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return _("Corrected entries %(entries)s: %(reason)s") % {
            "entries": listed(map(str, self.seqs)),
            "reason": self.reason,
        }


def replay(entries: Iterable[tuple[int, WorldEvent]], world: World | None = None) -> World:
    """Fold a numbered log into a world, leaving out events voided by later corrections."""
    entries = list(entries)
    voided = {seq for _, event in entries if isinstance(event, EventsVoided) for seq in event.seqs}
    world = world or World()
    for seq, event in entries:
        if seq not in voided:
            world = event.apply(world)
    return world
