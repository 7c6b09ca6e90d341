"""Changing a campaign's world: the one door, `world_event_append`."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ForbiddenError
from campaign.models import Campaign, EventSource, Role, WorldEventRecord, WorldSnapshot
from campaign.permissions import campaign_role
from campaign.selectors.world import (
    snapshot_rows,
    world_counted_entries,
    world_current,
    world_event_entries,
    world_projection,
)
from campaign.services.hooks import world_events_appended_on_commit
from campaign.services.world_projection import (
    pack_triggers_extend,
    pack_triggers_rebuild,
    projections_extend,
)
from rules.errors import Violation
from rules.world import World
from rules.world_digest import world_digest
from rules.world_events import EventsVoided, WorldEvent, replay


def world_event_append(
    *,
    campaign: Campaign,
    events: list[WorldEvent],
    user,
    source: str,
    game_number: int | None = None,
    override_reason: str | None = None,
) -> list[WorldEventRecord]:
    """Check `events` in order against the world as it stands (each against the world after
    the ones before it), then append them as numbered records and update the snapshots.

    Raises one ApplicationError listing every violation, changing nothing, unless the owner
    gives an `override_reason` (a house rule), which is then stored on each record (only an
    owner may give one). Texts and numbers past their bounds are refused even then.
    `game_number` defaults to each event's own `game`. After commit,
    `campaign.services.hooks.world_events_appended` is sent with the new records.
    """
    if source not in EventSource.values:
        raise ApplicationError(
            _("Unknown event source %(source)s.") % {"source": repr(source)}, code="bad_source"
        )
    override_reason = (override_reason or "").strip()
    if not events:
        raise ApplicationError(_("There is nothing to record."), code="no_events", rule="DESIGN")
    # Past the bounds (rules.bounds) is no house rule: refused even when the owner overrides.
    if bounds := [violation for event in events for violation in event.bounds()]:
        raise ApplicationError(
            _("This cannot be recorded: %(reasons)s") % {"reasons": " ".join(map(str, bounds))},
            violations=bounds,
        )

    with transaction.atomic():
        # Lock the campaign row: two appends at once would otherwise both check against the
        # same world, take the same next seq and overwrite each other's snapshot.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if override_reason and campaign_role(campaign=campaign, user=user) != Role.OWNER:
            raise ForbiddenError(
                _("Only the campaign's owner may accept what the rules refuse."),
                code="override_forbidden",
                rule="DESIGN",
            )
        last_seq = (
            WorldEventRecord.objects.filter(campaign=campaign)
            .order_by("-seq")
            .values_list("seq", flat=True)
            .first()
            or 0
        )
        start = world_current(campaign=campaign)
        numbered = [(last_seq + i, event) for i, event in enumerate(events, start=1)]
        violations, earlier = _check_all(campaign, start, numbered, last_seq)
        if violations and not override_reason:
            raise ApplicationError(
                _("The rules refuse this: %(reasons)s")
                % {"reasons": " ".join(map(str, violations))},
                violations=violations,
            )
        records = WorldEventRecord.objects.bulk_create(
            [
                WorldEventRecord(
                    campaign=campaign,
                    seq=seq,
                    kind=event.kind,
                    payload=_payload(event),
                    game_number=game_number if game_number is not None else _game_of(event),
                    created_by=user if user is not None and user.is_authenticated else None,
                    override_reason=override_reason,
                    corrects=list(event.seqs) if isinstance(event, EventsVoided) else [],
                    source=source,
                )
                for seq, event in numbered
            ]
        )
        projections_extend(
            campaign=campaign, entries=zip(records, [e for _, e in numbered], strict=True)
        )
        now_seq = numbered[-1][0]
        if earlier is not None:  # a correction: the log the check read, and this batch
            counted = world_counted_entries(campaign=campaign, entries=[*earlier, *numbered])
            _snapshots_store(campaign, World(), counted, after_seq=0, last_seq=now_seq)
            pack_triggers_rebuild(campaign=campaign, counted=counted)
        else:
            _snapshots_store(campaign, start, numbered, after_seq=last_seq, last_seq=now_seq)
            pack_triggers_extend(campaign=campaign, world=start, entries=numbered)
        world_events_appended_on_commit(campaign=campaign, records=records)
    return records


def world_snapshots_rebuild(*, campaign: Campaign) -> World:
    """Recompute every snapshot of the campaign from its log (after a correction, or to
    repair). Call inside a transaction holding the campaign lock."""
    entries = world_event_entries(campaign=campaign)
    return _snapshots_store(
        campaign,
        World(),
        world_counted_entries(campaign=campaign, entries=entries),
        after_seq=0,
        last_seq=entries[-1][0] if entries else 0,
    )


def _check_all(
    campaign: Campaign, world: World, numbered: list[tuple[int, WorldEvent]], last_seq: int
) -> tuple[list[Violation], list[tuple[int, WorldEvent]] | None]:
    """The violations of `numbered` in turn, and the log before them when a correction among
    them made the check read it (None otherwise)."""
    violations: list[Violation] = []
    earlier: list[tuple[int, WorldEvent]] | None = None
    for seq, event in numbered:
        violations.extend(event.check(world))
        if isinstance(event, EventsVoided):
            violations.extend(_check_voids(event, last_seq))
            if earlier is None:
                earlier = world_event_entries(campaign=campaign)
            world = replay([*earlier, *[(s, e) for s, e in numbered if s <= seq]])
        else:
            world = event.apply(world)
    return violations, earlier


def _check_voids(event: EventsVoided, last_seq: int) -> list[Violation]:
    if not event.seqs:
        return [Violation("nothing_voided", _("Say which entries the correction voids."), "DESIGN")]
    unknown = [s for s in event.seqs if not 1 <= s <= last_seq]
    if unknown:
        listed = ", ".join(map(str, unknown))
        return [
            Violation(
                "unknown_entry",
                _("There is no earlier log entry %(entries)s.") % {"entries": listed},
                "DESIGN",
            )
        ]
    return []


def _snapshots_store(
    campaign: Campaign,
    world: World,
    entries: Iterable[tuple[int, WorldEvent]],
    *,
    after_seq: int,
    last_seq: int,
) -> World:
    """Fold `entries` into `world` and store the current world (after `last_seq`, the log's
    last entry) and the world as of each game they touch. From an empty world (`after_seq`
    0) the entries are the whole counted log: every game's snapshot is written again."""
    rebuild = after_seq == 0
    world, per_game = world_projection(entries, world=world, after_seq=after_seq)
    stored = snapshot_rows(per_game)
    if rebuild:
        # Every game's snapshot written again in one statement, however long the campaign.
        WorldSnapshot.objects.filter(campaign=campaign, is_current=False).delete()
        WorldSnapshot.objects.bulk_create(
            WorldSnapshot(campaign=campaign, is_current=False, games_played=n, **row)
            for n, row in stored.items()
        )
    else:
        for games_played, row in stored.items():
            WorldSnapshot.objects.update_or_create(
                campaign=campaign, is_current=False, games_played=games_played, defaults=row
            )
    current = {
        "after_seq": last_seq,
        "games_played": world.games_played,
        "world": world.to_json(),
        "digest": world_digest(world),
        "updated_at": timezone.now(),  # what tells readers' caches the world changed
    }
    if not WorldSnapshot.objects.filter(campaign=campaign, is_current=True).update(**current):
        WorldSnapshot.objects.create(campaign=campaign, is_current=True, **current)
    return world


def _payload(event: WorldEvent) -> dict:
    data = event.to_json()
    data.pop("kind")
    return data


def _game_of(event: WorldEvent) -> int | None:
    game = getattr(event, "game", None)
    return game if isinstance(game, int) else None
