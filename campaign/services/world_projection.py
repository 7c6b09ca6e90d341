"""Keeping the log's projections (`campaign.models.world_projection`) in step with the log:
`projections_extend` and `pack_triggers_extend` in the append's transaction,
`projections_rebuild` from the log alone."""

from __future__ import annotations

from collections.abc import Iterable

from campaign.models import (
    Campaign,
    EventMention,
    EventVoid,
    PackTrigger,
    RecordGap,
    WorldEventRecord,
)
from campaign.selectors.record_gaps import event_gaps
from campaign.selectors.world import world_log
from rules.unlocks import pack_triggers
from rules.world import World
from rules.world_events import EventsVoided, GameRecorded, ScarPlaced, WorldEvent
from rules.world_events.missions import MissionClaimed, SeaLineAdded
from rules.world_events.pack_cards import EventResolved
from rules.world_events.red_slots import SlotMissionClaimed

What = EventMention.What


def mentions(event: WorldEvent) -> list[tuple[str, str]]:
    """(what, key) pairs an event touches or counts: the territories it happened in (a game's
    starts, a scar on a territory, a sea line's ends, any event's own territory), the scar
    kind placed, the event card resolved, the mission claimed and its claimer."""
    found: list[tuple[str, str]] = []
    if isinstance(event, GameRecorded):
        starts = {p["start"] for p in event.players if p.get("start")}
        found += [(What.TERRITORY, t) for t in sorted(starts)]
    elif isinstance(event, ScarPlaced):
        if event.on == "territory":
            found.append((What.TERRITORY, event.target))
        found.append((What.SCAR, event.scar))
    elif isinstance(event, SeaLineAdded):
        found += [(What.TERRITORY, event.a), (What.TERRITORY, event.b)]
    elif isinstance(territory := getattr(event, "territory", None), str) and territory:
        found.append((What.TERRITORY, territory))
    if isinstance(event, EventResolved):
        found.append((What.EVENT_CARD, event.card))
    if isinstance(event, MissionClaimed | SlotMissionClaimed):
        found += [(What.MISSION, event.mission), (What.CLAIMER, event.person or "")]
    return found


def projections_extend(
    *, campaign: Campaign, entries: Iterable[tuple[WorldEventRecord, WorldEvent]]
) -> None:
    """Project appended records (oldest first): what each mentions, the gaps of each game
    record, and the entries a correction voids (whose gaps then close)."""
    voids: list[EventVoid] = []
    found: list[EventMention] = []
    gaps: list[RecordGap] = []
    for record, event in entries:
        seq = record.seq
        if isinstance(event, EventsVoided):
            voids += [EventVoid(campaign=campaign, seq=s, voided_by=seq) for s in event.seqs]
        found += [
            EventMention(campaign=campaign, seq=seq, what=w, key=k) for w, k in mentions(event)
        ]
        if isinstance(event, GameRecorded):
            gaps += [
                RecordGap(
                    campaign=campaign,
                    seq=seq,
                    game=gap.game,
                    position=i,
                    person=gap.person,
                    faction=gap.faction,
                    what=gap.what,
                )
                for i, gap in enumerate(event_gaps(event))
            ]
    if voids:
        # The first correction that voids an entry is the one named (a later one changes
        # nothing): an entry already voided keeps its row.
        EventVoid.objects.bulk_create(voids, ignore_conflicts=True)
        voided = {v.seq for v in voids}
        RecordGap.objects.filter(campaign=campaign, seq__in=voided).delete()
        gaps = [gap for gap in gaps if gap.seq not in voided]
    EventMention.objects.bulk_create(found)
    RecordGap.objects.bulk_create(gaps)


def pack_triggers_extend(
    *,
    campaign: Campaign,
    world: World,
    entries: Iterable[tuple[int, WorldEvent]],
    found: dict[str, int] | None = None,
) -> None:
    """Store the triggers counted `entries` set, folded into `world` (the world before them),
    for packs that have none yet (`found`: the stored ones, read here unless given)."""
    if found is None:
        found = dict(PackTrigger.objects.filter(campaign=campaign).values_list("pack", "seq"))
    _, triggers = pack_triggers(entries, world=world, found=found)
    PackTrigger.objects.bulk_create(
        PackTrigger(campaign=campaign, pack=pack, seq=seq) for pack, (seq, _) in triggers.items()
    )


def pack_triggers_rebuild(*, campaign: Campaign, counted: list[tuple[int, WorldEvent]]) -> None:
    """Recompute the triggers from the counted log (after a correction)."""
    PackTrigger.objects.filter(campaign=campaign).delete()
    pack_triggers_extend(campaign=campaign, world=World(), entries=counted, found={})


def projections_rebuild(*, campaign: Campaign) -> None:
    """Recompute the campaign's projections from its log (after an import, or to repair)."""
    EventVoid.objects.filter(campaign=campaign).delete()
    EventMention.objects.filter(campaign=campaign).delete()
    RecordGap.objects.filter(campaign=campaign).delete()
    log = world_log(campaign=campaign)
    projections_extend(campaign=campaign, entries=[(e.record, e.event) for e in log])
    counted = [(e.seq, e.event) for e in log if e.voided_by is None]
    pack_triggers_rebuild(campaign=campaign, counted=counted)
