"""A finished digital game's pack content as log-entry fields, so it is recorded through the
same checks as a game logged by hand: event cards that fired with where they went and what they
placed, HQs moved, comeback powers chosen, missions claimed with what they placed (the draft and
who eliminated whom come from each seat's result)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from campaign.services.game_log.entry import (
    EventEntry,
    HqMoveEntry,
    IslandEntry,
    MissilePowerEntry,
    MissionEntry,
    NukeEntry,
)
from campaign.services.game_log.missions import CAPITAL_MARK
from rules.world_events import CityFortified, CityFounded, GameIncident, PackOpened, WorldEvent
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded
from rules.world_events.pack_cards import ComebackPowerChosen, EventResolved
from rules.world_events.pockets import AlienIslandPlaced, MissilePowerGained, NuclearStrike
from rules.world_events.red_slots import LeadMissionChosen, SlotMissionClaimed

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
    missions: list[MissionEntry] = field(default_factory=list)
    claimed_with: list[WorldEvent] = field(default_factory=list)
    """What the missions' claims recorded besides (the World Capital's mark and the pack it
    opened): the log entry's missions give them back, so they are no incidents of their own."""
    lead_mission: str = ""
    """The face-up mission the lead faction chose (one a game: at setup, or as its pack
    opened)."""
    nukes: list[NukeEntry] = field(default_factory=list)
    islands: list[IslandEntry] = field(default_factory=list)
    missile_powers: list[MissilePowerEntry] = field(default_factory=list)
    """The pockets' choices (J162s, K182s, J167s); an Evolve card scratched or a city ruined
    comes back from its card's `EventResolved`, like any event's effect."""


def digital_pack_fields(
    world_events: Sequence[WorldEvent], faction_of: Mapping[str, str]
) -> DigitalPackFields:
    """Read the engine's world events (`faction_of`: person -> faction). The engine records
    what a card placed (a fortification, demolished HQs) just before the card's own
    `EventResolved`; anything placed after the last card belongs to that last card. What a
    mission claim placed comes just before its `MissionClaimed`; a private mission stuck in a
    red slot after it is left out, since the log reads it from the world again."""
    found = DigitalPackFields()
    nuked: set[str] = set()  # an HQ the nuke demolished belongs to no event card (J163)
    placed: list[WorldEvent] = []
    claiming: list[WorldEvent] = []  # what the next `MissionClaimed` placed, in order
    for event in world_events:
        if _placed_by_claim(event, claiming):
            claiming.append(event)
            found.claimed_with.append(event)
        elif isinstance(event, MissionClaimed):
            found.missions.append(_mission_entry(event, claiming, faction_of))
            claiming = []
        elif isinstance(event, SlotMissionClaimed):
            found.missions.append(
                MissionEntry(mission=event.mission, by_faction=event.faction, from_red_slot=True)
            )
        elif isinstance(event, LeadMissionChosen):
            found.lead_mission = found.lead_mission or event.mission
        elif _demolished_by_nuke(event, nuked):
            found.demolished_alone.append(event)  # type: ignore[arg-type]
        elif isinstance(event, CityFortified) or (
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
        elif isinstance(event, NuclearStrike):
            nuked.add(event.territory)
            found.nukes.append(NukeEntry(territory=event.territory, by_faction=event.faction))
        elif isinstance(event, AlienIslandPlaced):
            found.islands.append(IslandEntry(ends=tuple(event.ends), by_faction=event.faction))
        elif isinstance(event, MissilePowerGained):
            found.missile_powers.append(MissilePowerEntry(event.faction, event.power))
    if placed and found.events:
        last = found.events[-1]
        found.events[-1] = replace(
            last,
            targets=(*last.targets, *_fortified(placed)),
            demolished=(*last.demolished, *_demolished(placed)),
        )
    elif placed:
        found.demolished_alone += [
            e for e in placed if isinstance(e, GameIncident) and e.incident == "hq_demolished"
        ]
    return found


def _demolished_by_nuke(event: WorldEvent, nuked: set[str]) -> bool:
    return (
        isinstance(event, GameIncident)
        and event.incident == "hq_demolished"
        and event.detail in nuked
    )


def _placed_by_claim(event: WorldEvent, claiming: list[WorldEvent]) -> bool:
    """Whether the engine recorded `event` for the mission claim that follows: a sea line, the
    World Capital's mark, the pack it opened right then, the city it covered, the capital."""
    if isinstance(event, SeaLineAdded | CityCovered):
        return True
    if isinstance(event, GameIncident):
        return event.incident == "mark_placed" and event.detail == CAPITAL_MARK
    if isinstance(event, PackOpened):
        return bool(claiming) and isinstance(claiming[-1], GameIncident)
    return isinstance(event, CityFounded) and event.city == "capital"


def _mission_entry(
    event: MissionClaimed, placed: list[WorldEvent], faction_of: Mapping[str, str]
) -> MissionEntry:
    line = next((e for e in placed if isinstance(e, SeaLineAdded)), None)
    capital = next((e for e in placed if isinstance(e, CityFounded)), None)
    return MissionEntry(
        mission=event.mission,
        by_faction=faction_of.get(event.person or "", ""),
        ends=(line.a, line.b) if line else (),
        territory=capital.territory if capital else "",
        name=capital.name if capital else "",
    )


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
