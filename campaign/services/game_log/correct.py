"""Correcting a logged game, appending, never editing (STYLE 9): `game_log_correct` voids the
events of games N..latest with one `EventsVoided`, then records game N's corrected entry and
each later game's entry again, re-checked against the corrected world; what was recorded
between those games (pack openings, comeback powers picked on Pack 2's page, readings) is
carried after the game it followed and re-checked too.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign.errors import ConflictError, NotFoundError
from campaign.models import Campaign, EventSource, GameLog, Person
from campaign.permissions import Action, campaign_check
from campaign.selectors.world import world_current, world_event_entries
from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.planner import GameLogPlan
from campaign.services.game_log.record import (
    entry_with_guests,
    game_log_row_new,
    game_logs_standing,
    plan_openings_claim,
)
from campaign.services.game_log.refusals import HARD_CODES, GameLogRefused, Refusal
from campaign.services.world import world_event_append
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as words_gettext
from rules.world import World
from rules.world_events import EventsVoided, PackOpened, WorldEvent, replay
from rules.world_events.pack_cards import ComebackPowerChosen, SettingChosen

# What is recorded between logged games, outside any of them, that a correction carries after
# the game it followed, re-checked: pack openings (the unlock task) and the group's choices
# about its box (Pack 2's comeback pick on its page, the owner's readings).
CARRIED = (PackOpened, ComebackPowerChosen, SettingChosen)

# Why a correction voids the events it replaces, kept as data with the owner's words as typed.
CORRECTION = gettext_noop("Correction of game %(game)s: %(reason)s")


@dataclass(frozen=True)
class Carried:
    """An entry recorded between games (`CARRIED`), put back after game `after`."""

    seq: int
    event: WorldEvent
    after: int


@dataclass(frozen=True)
class CorrectionScope:
    """What correcting game N touches: the standing logs of games N..latest (re-recorded in
    order after N's replacement), the seqs voided, the entries carried after their games
    (a pack once opened stays open; one a re-recorded game opens again during play stays
    where that game opens it), and the world just before game N."""

    logs: tuple[GameLog, ...]
    voided: tuple[int, ...]
    carried: tuple[Carried, ...]
    world_before: World


def game_log_correction_scope(*, campaign: Campaign, game_number: int) -> CorrectionScope:
    """Raises NotFoundError when game N was not logged by hand, ConflictError when a later
    game was not either (a digital game's events cannot be re-recorded from an entry), or
    when something else was recorded after game N that a correction cannot carry."""
    standing = game_logs_standing(campaign=campaign, from_game=game_number)
    original = standing.get(game_number)
    if original is None:
        raise NotFoundError(
            _("Game %(number)s was not logged by hand here.") % {"number": game_number},
            code="not_found",
            rule="S-1",
        )
    latest = world_current(campaign=campaign).games_played
    logs = [original]
    for number in range(game_number + 1, latest + 1):
        log = standing.get(number)
        if log is None:
            raise ConflictError(
                _(
                    "Game %(later)s was not logged by hand, so game %(number)s cannot be "
                    "corrected here: the games after it would have to be re-recorded."
                )
                % {"later": number, "number": game_number},
                code="later_game_not_logged",
                rule="DESIGN",
            )
        logs.append(log)
    own = {seq for log in logs for seq in range(log.first_seq, log.last_seq + 1)}
    entries = world_event_entries(campaign=campaign)
    gone = {seq for _, event in entries if isinstance(event, EventsVoided) for seq in event.seqs}
    carried: list[Carried] = []
    for seq, event in entries:
        if seq < original.first_seq or seq in gone or isinstance(event, EventsVoided):
            continue
        if isinstance(event, PackOpened):
            # After the game that opened it (earlier or unknown: after N), even one a game
            # opened during play: a pack once opened stays open.
            carried.append(Carried(seq, event, max(event.game or game_number, game_number)))
        elif seq in own:
            continue
        elif isinstance(event, CARRIED):
            # After the last game recorded before it.
            after = max(log.game_number for log in logs if log.first_seq < seq)
            carried.append(Carried(seq, event, after))
        else:
            raise ConflictError(
                _(
                    "Entry %(seq)s (%(what)s) came after game %(number)s outside any logged "
                    "game, so it cannot be corrected here."
                )
                % {"seq": seq, "what": event.describe(), "number": game_number},
                code="foreign_event",
                rule="DESIGN",
            )
    voided = own | {c.seq for c in carried}
    world_before = replay([(s, e) for s, e in entries if s not in voided])
    return CorrectionScope(
        logs=tuple(logs),
        voided=tuple(sorted(voided)),
        carried=tuple(carried),
        world_before=world_before,
    )


def _carried_back(
    world: World, carried: Carried, refusals: list[Refusal]
) -> tuple[World, WorldEvent | None]:
    """Put a carried entry back on the corrected world, re-checked: the world it leaves and
    the event to append (None when the re-recorded games already did the same: a pack they
    opened again, the same power on the same faction). Refusals are named "After game K"."""
    event = carried.event
    again = (isinstance(event, PackOpened) and event.pack in world.packs_opened) or (
        isinstance(event, ComebackPowerChosen)
        and world.comeback_powers.get(event.faction) == event.power
    )
    if again:
        return world, None
    found = [*event.check(world), *_still_due(world, event)]
    try:
        after = event.apply(world)
    except (KeyError, ValueError, TypeError):
        found = found or [Violation("cannot_apply", _("This cannot be recorded."), "DESIGN")]
        after = None
    for violation in found:
        refusals.append(
            Refusal(
                f"carried.{carried.seq}",
                Violation(
                    violation.code,
                    _("After game %(number)s: %(message)s")
                    % {"number": carried.after, "message": violation.message},
                    violation.rule,
                ),
                hard=after is None or violation.code in HARD_CODES,
            )
        )
    return (world, None) if after is None else (after, event)


def _still_due(world: World, event: WorldEvent) -> list[Violation]:
    """A comeback power picked on Pack 2's page belongs to a faction eliminated in the game
    that opened it (C100); the corrected games must still eliminate it there."""
    if not isinstance(event, ComebackPowerChosen) or event.game is None:
        return []
    eliminated = any(
        r.faction == event.faction and r.game == event.game and r.outcome == "eliminated"
        for r in world.faction_records
    )
    if eliminated:
        return []
    faction = content().factions.get(event.faction)
    return [
        Violation(
            "no_comeback_pick",
            _(
                "%(faction)s is no longer eliminated in game %(number)s, so it picks no "
                "comeback power for that game."
            )
            % {"faction": faction.name if faction else event.faction, "number": event.game},
            "X-15",
        )
    ]


def game_log_correct(
    *,
    campaign: Campaign,
    user,
    game_number: int,
    entry: GameLogEntry,
    reason: str,
    override_reason: str | None = None,
) -> GameLog:
    """Correct logged game N (owners only), appending, never editing: one `EventsVoided` for
    the events of games N..latest and the entries recorded between them (`CARRIED`), then
    game N's corrected events and each later game's events re-checked against the corrected
    world, each carried entry re-checked after its game. One transaction; refusals of later
    games are named "Game K: ...", of carried entries "After game K: ...", and may be
    overridden by the owner like any other."""
    campaign_check(campaign=campaign, user=user, action=Action.MANAGE)
    reason = reason.strip()
    if not reason:
        raise GameLogRefused(
            [
                Refusal(
                    "reason",
                    Violation("reason_required", _("Say why the game is corrected."), "DESIGN"),
                    hard=True,
                )
            ]
        )
    with transaction.atomic():
        # Same lock as game_log: a correction and a new log must not interleave.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        scope = game_log_correction_scope(campaign=campaign, game_number=game_number)
        entry = entry_with_guests(campaign, entry)
        persons = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
        world = scope.world_before
        refusals: list[Refusal] = []
        segments: list[tuple[GameLog, GameLogEntry, GameLogPlan, list[WorldEvent], list[Refusal]]]
        segments = []
        for log in scope.logs:
            number = log.game_number
            this = entry if number == game_number else GameLogEntry.from_json(log.entry)
            plan = game_log_plan(world=world, entry=this, persons=persons, game=number)
            own = plan.refusals
            if number != game_number:
                own = [
                    Refusal(
                        f"games.{number}.{r.field}",
                        Violation(
                            r.violation.code,
                            _("Game %(number)s: %(message)s")
                            % {"number": number, "message": r.violation.message},
                            r.violation.rule,
                        ),
                        r.hard,
                    )
                    for r in own
                ]
            refusals.extend(own)
            world = plan.world
            between: list[WorldEvent] = []
            for carried in scope.carried:
                if carried.after != number:
                    continue
                world, event = _carried_back(world, carried, refusals)
                if event is not None:
                    between.append(event)
            segments.append((log, this, plan, between, own))
        override_reason = (override_reason or "").strip()
        if refusals and (not override_reason or any(r.hard for r in refusals)):
            raise GameLogRefused(refusals)
        records = world_event_append(
            campaign=campaign,
            events=[
                EventsVoided(
                    seqs=scope.voided,
                    reason=words_gettext(CORRECTION) % {"game": game_number, "reason": reason},
                ),
                *[e for _, _, plan, between, _ in segments for e in (*plan.events, *between)],
            ],
            user=user,
            source=EventSource.LOG,
            override_reason=override_reason if refusals else None,
        )
        position = 1
        rows: list[GameLog] = []
        for log, this, plan, between, own in segments:
            game_records = records[position : position + len(plan.events)]
            plan_openings_claim(campaign, plan, game_records)
            first, last = game_records[0], game_records[-1]
            position += len(plan.events) + len(between)
            row = game_log_row_new(
                campaign=campaign,
                user=user,
                game=log.game_number,
                entry=this,
                first_seq=first.seq,
                last_seq=last.seq,
                refusals=own,
                override_reason=override_reason,
                corrects=log,
                correction_reason=reason
                if log.game_number == game_number
                else f"Re-recorded after the correction of game {game_number}: {reason}",
            )
            rows.append(row)
        # One insert for the re-recorded games, however many follow game N.
        return GameLog.objects.bulk_create(rows)[0]
