"""Reading a campaign's world: today, as it stood after a game, and its event log."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.errors import NotFoundError
from campaign.models import Campaign, WorldEventRecord, WorldSnapshot
from rules.world import World
from rules.world_events import EventsVoided, WorldEvent, event_from_json, replay


@dataclass(frozen=True)
class WorldLogEntry:
    record: WorldEventRecord
    event: WorldEvent
    voided_by: int | None  # seq of the correction that voided it, if any

    @property
    def seq(self) -> int:
        return self.record.seq

    @property
    def description(self) -> str:
        return self.event.describe()


def world_current(*, campaign: Campaign) -> World:
    """The campaign's world now (from the cached snapshot; a new campaign has a fresh world)."""
    snapshot = WorldSnapshot.objects.filter(campaign=campaign, is_current=True).first()
    return World.from_json(snapshot.world) if snapshot else World()


def world_as_of(*, campaign: Campaign, game_number: int) -> World:
    """The world as it stood after game `game_number` and its rewards (0: before game 1)."""
    snapshot = WorldSnapshot.objects.filter(
        campaign=campaign, is_current=False, games_played=game_number
    ).first()
    if snapshot is None:
        raise NotFoundError(
            f"{campaign.name} has no game {game_number} yet.", code="no_such_game", rule="S-1"
        )
    return World.from_json(snapshot.world)


def world_games_recorded(*, campaign: Campaign) -> list[int]:
    """Game numbers with a stored "world as of" snapshot, oldest first (0 = before game 1)."""
    return list(
        WorldSnapshot.objects.filter(campaign=campaign, is_current=False)
        .order_by("games_played")
        .values_list("games_played", flat=True)
    )


def world_event_entries(*, campaign: Campaign) -> list[tuple[int, WorldEvent]]:
    """The numbered log as rules events, ready for `rules.world_events.replay`."""
    records = WorldEventRecord.objects.filter(campaign=campaign).order_by("seq")
    return [(r.seq, event_from_json({"kind": r.kind, **r.payload})) for r in records]


def world_replay(*, campaign: Campaign) -> World:
    """The world recomputed from the log alone (the snapshot must always equal this)."""
    return replay(world_event_entries(campaign=campaign))


def world_log(*, campaign: Campaign) -> list[WorldLogEntry]:
    """Every appended event, oldest first, with which correction (if any) voided it."""
    records = list(
        WorldEventRecord.objects.filter(campaign=campaign)
        .select_related("created_by")
        .order_by("seq")
    )
    events = [event_from_json({"kind": r.kind, **r.payload}) for r in records]
    voided_by: dict[int, int] = {}
    for record, event in zip(records, events, strict=True):
        if isinstance(event, EventsVoided):
            for seq in event.seqs:
                voided_by.setdefault(seq, record.seq)
    return [
        WorldLogEntry(record, event, voided_by.get(record.seq))
        for record, event in zip(records, events, strict=True)
    ]
