"""Reading a campaign's world: today, as it stood after a game, and its event log."""

from __future__ import annotations

import json
import threading
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from campaign.errors import NotFoundError
from campaign.models import Campaign, EventMention, EventVoid, WorldEventRecord, WorldSnapshot
from campaign.models.world import CHECKPOINT_EVERY
from rules.world import POCKET_FIELDS, FactionRecord, World
from rules.world_digest import WorldDigester
from rules.world_events import EventsVoided, GameRecorded, WorldEvent, event_from_json, replay


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
    world = _snapshot_world(WorldSnapshot.objects.filter(campaign=campaign, is_current=True))
    return World() if world is None else world


def world_setup_open(*, campaign: Campaign) -> bool:
    """Whether the customization may still be done: P-1 happens before game 1, never after."""
    return not WorldSnapshot.objects.filter(
        campaign=campaign, is_current=True, games_played__gt=0
    ).exists()


def world_as_of(*, campaign: Campaign, game_number: int) -> World:
    """The world as it stood after game `game_number` and its rewards (0: before game 1):
    replayed from the nearest checkpoint at or before it (at most `CHECKPOINT_EVERY` - 1
    games of events), then kept like any world read from a snapshot."""
    snapshot = (
        WorldSnapshot.objects.filter(campaign=campaign, is_current=False, games_played=game_number)
        .only("pk", "after_seq", "updated_at", "games_played")
        .first()
    )
    if snapshot is None:
        raise NotFoundError(
            _("%(campaign)s has no game %(game)s yet.")
            % {"campaign": campaign.name, "game": game_number},
            code="no_such_game",
            rule="S-1",
        )
    key = (snapshot.pk, snapshot.after_seq, snapshot.updated_at)
    world = _kept(key)
    if world is None:
        world = _keep(key, _replayed_to(campaign, snapshot))
    return world


def _replayed_to(campaign: Campaign, snapshot: WorldSnapshot) -> World:
    """The world after `snapshot.after_seq`: the nearest checkpoint's world and the counted
    entries between them (voided ones left out, as when the snapshots were written)."""
    checkpoint = (
        WorldSnapshot.objects.filter(
            campaign=campaign,
            is_current=False,
            games_played__lte=snapshot.games_played,
            world__isnull=False,
        )
        .order_by("-games_played")
        .values_list("after_seq", "world")
        .first()
    )
    after_seq, world = (0, World()) if checkpoint is None else (checkpoint[0], None)
    records = WorldEventRecord.objects.filter(
        campaign=campaign, seq__gt=after_seq, seq__lte=snapshot.after_seq
    ).order_by("seq")
    voided = set(
        EventVoid.objects.filter(
            campaign=campaign, seq__gt=after_seq, seq__lte=snapshot.after_seq
        ).values_list("seq", flat=True)
    )
    world = World.from_json(checkpoint[1]) if world is None else world
    for record in records:
        if record.seq not in voided:
            world = event_from_json({"kind": record.kind, **record.payload}).apply(world)
    return world


# Worlds read from snapshots, by (snapshot id, after_seq, updated_at): a snapshot row changes
# only by being saved again, which moves `updated_at`. Worlds are immutable, so one decoded
# world serves every request of the process; a long campaign's world is not decoded (its
# JSON grows with every game) several times per page.
_WORLDS: OrderedDict[tuple[Any, ...], World] = OrderedDict()
_WORLDS_KEPT = 64
_WORLDS_LOCK = threading.Lock()


def _snapshot_world(snapshots: QuerySet[WorldSnapshot]) -> World | None:
    snapshot = snapshots.only("pk", "after_seq", "updated_at").first()
    if snapshot is None:
        return None
    key = (snapshot.pk, snapshot.after_seq, snapshot.updated_at)
    world = _kept(key)
    if world is None:  # the deferred column, read on a miss only
        world = _keep(key, World.from_json(snapshot.world))
    return world


def _kept(key: tuple[Any, ...]) -> World | None:
    with _WORLDS_LOCK:
        world = _WORLDS.get(key)
        if world is not None:
            _WORLDS.move_to_end(key)
        return world


def _keep(key: tuple[Any, ...], world: World) -> World:
    with _WORLDS_LOCK:
        _WORLDS[key] = world
        while len(_WORLDS) > _WORLDS_KEPT:
            _WORLDS.popitem(last=False)
    return world


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


def world_log_picked(*, campaign: Campaign, records: QuerySet) -> list[WorldLogEntry]:
    """Some of the campaign's log entries (`records`, a filtered query of its records), oldest
    first, with the correction that voided each: read from the projections, no replay."""
    picked = list(records.order_by("seq"))
    voided_by = dict(
        EventVoid.objects.filter(campaign=campaign, seq__in=records.values("seq")).values_list(
            "seq", "voided_by"
        )
    )
    return [
        WorldLogEntry(r, event_from_json({"kind": r.kind, **r.payload}), voided_by.get(r.seq))
        for r in picked
    ]


def world_tallies(*, campaign: Campaign) -> dict[str, Counter[str]]:
    """How often each key of each kind (`EventMention.What`) is mentioned by the entries that
    count (not voided): scars placed by kind, event cards resolved, missions claimed and by
    whom. Counted by the database over the projection."""
    voided = EventVoid.objects.filter(campaign=campaign).values("seq")
    rows = (
        EventMention.objects.filter(campaign=campaign)
        .exclude(seq__in=voided)
        .values_list("what", "key")
        .annotate(n=Count("id"))
    )
    tallies: dict[str, Counter[str]] = defaultdict(Counter)
    for what, key, n in rows:
        tallies[what][key] += n
    return tallies


def world_projection(
    entries: Iterable[tuple[int, WorldEvent]], *, world: World, after_seq: int
) -> tuple[World, dict[int, tuple[int, World]]]:
    """Fold counted (not voided) `entries` into `world` (the world after `after_seq`).
    Returns the final world and, per games played, (seq, world) as of that game: taken just
    before the next game is recorded, so it includes that game's rewards."""
    per_game: dict[int, tuple[int, World]] = {}
    for seq, event in entries:
        if isinstance(event, GameRecorded):
            per_game[world.games_played] = (after_seq, world)
        world = event.apply(world)
        after_seq = seq
    if after_seq:
        per_game[world.games_played] = (after_seq, world)
    return world, per_game


def snapshot_rows(per_game: dict[int, tuple[int, World]]) -> dict[int, dict[str, Any]]:
    """Games played -> the stored form of its snapshot (`after_seq`, `digest`, and the whole
    `world` at checkpoints only), digested in game order so each digest extends the last."""
    digests = _digests(per_game)
    return {
        n: {
            "after_seq": seq,
            "digest": digests[n],
            "world": world.to_json() if n % CHECKPOINT_EVERY == 0 else None,
        }
        for n, (seq, world) in per_game.items()
    }


def world_counted_entries(
    *, campaign: Campaign, entries: list[tuple[int, WorldEvent]] | None = None
) -> list[tuple[int, WorldEvent]]:
    """The log (or its `entries` when the caller read them) without the events later
    corrections voided."""
    return _counted(world_event_entries(campaign=campaign) if entries is None else entries)


def _counted(entries: list[tuple[int, WorldEvent]]) -> list[tuple[int, WorldEvent]]:
    voided = {s for _, e in entries if isinstance(e, EventsVoided) for s in e.seqs}
    return [(seq, event) for seq, event in entries if seq not in voided]


def world_snapshot_mismatches(*, campaign: Campaign) -> list[str]:
    """How the cached snapshots differ from a replay of the log ([] when they agree): each
    past game's digest and entry, the whole worlds of the checkpoints and the current one.
    Linear in the log: one replay, digests extended game by game, the stored form of each
    faction-card row made once (`_FactionRows`), whole worlds read only where they are kept."""
    problems: list[str] = []
    entries = world_event_entries(campaign=campaign)
    current_world, per_game = world_projection(_counted(entries), world=World(), after_seq=0)
    rows = WorldSnapshot.objects.filter(campaign=campaign).values_list(
        "pk", "is_current", "games_played", "after_seq", "digest"
    )
    snapshots = {(current, games): (pk, seq, digest) for pk, current, games, seq, digest in rows}
    # A campaign with no events may hold the empty world as its current snapshot (an import
    # writes one) or none yet: both agree with its log.
    empty = not entries and (True, 0) not in snapshots
    expected = {} if empty else {(True, current_world.games_played): (None, current_world)}
    expected.update({(False, n): entry for n, entry in per_game.items()})
    digests = _digests(per_game)
    whole: dict[int, tuple[str, World]] = {}
    for key, (seq, world) in expected.items():
        label = "current snapshot" if key[0] else f"snapshot as of game {key[1]}"
        snapshot = snapshots.pop(key, None)
        if snapshot is None:
            problems.append(f"{label} is missing")
            continue
        if key[0] or key[1] % CHECKPOINT_EVERY == 0:
            whole[snapshot[0]] = (label, world)
        if not key[0] and (snapshot[1], snapshot[2]) != (seq, digests[key[1]]):
            problems.append(f"{label} differs from the replay in its digest or last entry")
    kept = dict(WorldSnapshot.objects.filter(pk__in=whole).values_list("pk", "world"))
    rows = _FactionRows()
    for pk, (label, world) in sorted(whole.items(), key=lambda item: item[1][1].games_played):
        world_rows = rows.of(world)
        if kept.get(pk) is None:
            problems.append(f"{label} holds no whole world")
        elif not _same_world(kept[pk], world, world_rows):
            replayed = {
                **_as_stored(world.evolve(faction_records=())),
                "faction_records": world_rows,
            }
            changed = sorted(
                k for k in {*replayed, *kept[pk]} if replayed.get(k) != kept[pk].get(k)
            )
            problems.append(f"{label} differs from the replay in: {', '.join(changed)}")
    for is_current, games in snapshots:
        problems.append(
            f"{'current snapshot' if is_current else f'snapshot as of game {games}'} "
            "has no counterpart in the log"
        )
    return problems


def _digests(per_game: dict[int, tuple[int, World]]) -> dict[int, str]:
    """Each game's world digested in game order, so each digest extends the last."""
    digester = WorldDigester()
    return {n: digester.digest(world) for n, (_, world) in sorted(per_game.items())}


_ROW_FIELDS = tuple(f.name for f in fields(FactionRecord))


class _FactionRows:
    """The stored form of the rows on the faction cards' backs, the one part of a world that
    grows with every game, for worlds taken in game order: each row is converted once and
    shared by the later worlds, so checking every checkpoint costs each row once in Python,
    and what is left per checkpoint is comparing plain lists."""

    def __init__(self) -> None:
        self._records: tuple[FactionRecord, ...] = ()
        self._rows: list[dict[str, Any]] = []

    def of(self, world: World) -> list[dict[str, Any]]:
        records = world.faction_records
        if records[: len(self._records)] != self._records:  # not an extension: start again
            self._records, self._rows = (), []
        # A row's fields are plain values: its stored form is the mapping of them.
        new = records[len(self._records) :]
        self._rows.extend({name: getattr(r, name) for name in _ROW_FIELDS} for r in new)
        self._records = records
        return self._rows[: len(records)]


def _same_world(stored: dict, world: World, rows: list[dict[str, Any]]) -> bool:
    """Whether a stored world is the replayed one: its rows compared as stored (`rows`), the
    rest read back and compared as a World with the same fields stored (cheaper than writing
    every replayed world out as JSON), and as JSON when they differ."""
    rest = world.evolve(faction_records=())
    if stored.get("faction_records") != rows:
        return False
    try:
        same = World.from_json({**stored, "faction_records": ()}) == rest
    except (KeyError, TypeError, ValueError, AttributeError):
        same = False
    if same and set(stored) == _stored_fields(world):
        return True
    return {**stored, "faction_records": []} == _as_stored(rest)


def _stored_fields(world: World) -> set[str]:
    """The keys `World.to_json` writes for `world` (the pocket fields only once they hold
    something)."""
    return {f.name for f in fields(World)} - {n for n in POCKET_FIELDS if not getattr(world, n)}


def _as_stored(world: World) -> dict:
    """The world as a JSON column gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(world.to_json()))
