"""A finished digital game's pack content as log-entry fields, so it is recorded through the
same checks as a game logged by hand: event cards that fired with where they went and what they
placed, HQs moved, comeback powers chosen (the draft and who eliminated whom come from each
seat's result)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from campaign.services.game_log_entry import EventEntry, HqMoveEntry
from rules.pack_world_events import ComebackPowerChosen, EventResolved
from rules.world_events import CityFortified, GameIncident, WorldEvent

PACK_INCIDENTS = frozenset({"hq_moved", "hq_demolished"})
"""Incidents that become pack fields of the entry rather than plain incidents."""


@dataclass
class DigitalPackFields:
    events: list[EventEntry] = field(default_factory=list)
    hq_moves: list[HqMoveEntry] = field(default_factory=list)
    comeback_powers: dict[str, str] = field(default_factory=dict)
    """faction -> the comeback power it picked in this game."""
    demolished_alone: list[GameIncident] = field(default_factory=list)
    """HQs demolished with no event card to file them under (kept as plain incidents)."""


def digital_pack_fields(
    world_events: Sequence[WorldEvent], faction_of: Mapping[str, str]
) -> DigitalPackFields:
    """Read the engine's world events (`faction_of`: person -> faction). The engine records
    what a card placed (a fortification, demolished HQs) just before the card's own
    `EventResolved`; anything placed after the last card belongs to that last card."""
    found = DigitalPackFields()
    placed: list[WorldEvent] = []
    for event in world_events:
        if isinstance(event, CityFortified) or (
            isinstance(event, GameIncident) and event.incident == "hq_demolished"
        ):
            placed.append(event)
        elif isinstance(event, EventResolved):
            found.events.append(_event_entry(event, placed, faction_of))
            placed = []
        elif isinstance(event, GameIncident) and event.incident == "hq_moved":
            origin, _, target = event.detail.partition(">")
            faction = faction_of.get(event.person or "", "")
            found.hq_moves.append(HqMoveEntry(faction=faction, origin=origin, target=target))
        elif isinstance(event, ComebackPowerChosen):
            found.comeback_powers[event.faction] = event.power
    if placed and found.events:
        last = found.events[-1]
        found.events[-1] = replace(
            last,
            targets=(*last.targets, *_fortified(placed)),
            demolished=(*last.demolished, *_demolished(placed)),
        )
    elif placed:
        found.demolished_alone = [
            e for e in placed if isinstance(e, GameIncident) and e.incident == "hq_demolished"
        ]
    return found


def _event_entry(
    event: EventResolved, placed: list[WorldEvent], faction_of: Mapping[str, str]
) -> EventEntry:
    return EventEntry(
        card=event.card,
        option=event.option,
        by_faction=faction_of.get(event.person or "", ""),
        # Where the option went (games stored before the engine said so: the fortified city).
        targets=event.territories or _fortified(placed),
        demolished=_demolished(placed),
        detail=event.detail,
    )


def _fortified(placed: list[WorldEvent]) -> tuple[str, ...]:
    return tuple(e.territory for e in placed if isinstance(e, CityFortified))


def _demolished(placed: list[WorldEvent]) -> tuple[str, ...]:
    return tuple(
        e.detail for e in placed if isinstance(e, GameIncident) and e.incident == "hq_demolished"
    )
