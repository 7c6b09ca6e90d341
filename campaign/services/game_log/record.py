"""Logging a game played on the physical board: the use case `game_log`, and what a logged
game and its corrections share (guests become persons, a plan's events are appended with the
packs it opened claimed, the `GameLog` row that keeps the entry).

The entry is `entry.GameLogEntry`; `plan.game_log_plan` turns it into world events,
checking each and naming the field each refusal belongs to. `game_log` appends them and claims
the packs opened during play in one transaction (or refuses, changing nothing), unless the
owner accepts the refusals with a reason (an override, kept on the log). Corrections live in
`correct`.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction

from campaign.models import Campaign, EventSource, GameLog, Person, WorldEventRecord
from campaign.permissions import Action, campaign_check
from campaign.selectors.world import world_current
from campaign.services.campaigns import person_create
from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.planner import GameLogPlan
from campaign.services.game_log.refusals import GameLogRefused, Refusal
from campaign.services.packs import pack_unlocks_claim
from campaign.services.world import world_event_append
from rules.errors import Violation
from rules.words import encode
from rules.words import gettext as _


def entry_with_guests(campaign: Campaign, entry: GameLogEntry) -> GameLogEntry:
    """Create a person for each guest named in the entry and refer to them by key."""
    players = []
    for i, player in enumerate(entry.players):
        if not player.person and player.guest_name.strip():
            name = player.guest_name.strip()
            existing = Person.objects.filter(
                campaign=campaign, display_name__iexact=name, user=None
            ).first()
            person = existing or person_create(campaign=campaign, display_name=name)
            player = PlayerEntry(**{**player.__dict__, "person": person.key, "guest_name": ""})
        elif not player.person:
            raise GameLogRefused(
                [
                    Refusal(
                        f"players.{i}.person",
                        Violation("required", _("Choose a member or name a guest."), "G-17"),
                        hard=True,
                    )
                ]
            )
        players.append(player)
    return GameLogEntry(**{**entry.__dict__, "players": tuple(players)})


def game_plan_append(
    *,
    campaign: Campaign,
    plan: GameLogPlan,
    user,
    source: str,
    override_reason: str | None = None,
) -> list[WorldEventRecord]:
    """Append a planned game's events and claim the packs it opened during play, in the
    caller's transaction (a logged game and a finished digital game alike)."""
    records = world_event_append(
        campaign=campaign,
        events=plan.events,
        user=user,
        source=source,
        game_number=plan.game,
        override_reason=override_reason,
    )
    plan_openings_claim(campaign, plan, records)
    return records


def plan_openings_claim(
    campaign: Campaign, plan: GameLogPlan, records: list[WorldEventRecord]
) -> None:
    """Claim the packs `plan` opened during play, each set off by the record its trigger
    became (`records` are the plan's events as appended, in order)."""
    pack_unlocks_claim(
        campaign=campaign,
        openings=[replace(due, seq=records[due.seq].seq) for due in plan.openings],
    )


def _commit(
    *,
    campaign: Campaign,
    user,
    plan: GameLogPlan,
    entry: GameLogEntry,
    override_reason: str | None,
) -> GameLog:
    override_reason = (override_reason or "").strip()
    if plan.refusals:
        if not override_reason or not all(not r.hard for r in plan.refusals):
            raise GameLogRefused(plan.refusals)
        campaign_check(campaign=campaign, user=user, action=Action.MANAGE)
    records = game_plan_append(
        campaign=campaign,
        plan=plan,
        user=user,
        source=EventSource.LOG,
        override_reason=override_reason if plan.refusals else None,
    )
    row = game_log_row_new(
        campaign=campaign,
        user=user,
        game=plan.game,
        entry=entry,
        first_seq=records[0].seq,
        last_seq=records[-1].seq,
        refusals=plan.refusals,
        override_reason=override_reason,
        corrects=None,
        correction_reason="",
    )
    row.save()
    return row


def game_log_row_new(
    *,
    campaign: Campaign,
    user,
    game: int,
    entry: GameLogEntry,
    first_seq: int,
    last_seq: int,
    refusals: list[Refusal],
    override_reason: str,
    corrects: GameLog | None,
    correction_reason: str,
) -> GameLog:
    """The row (not saved yet) that keeps a logged (or re-recorded) game's entry, the seqs its
    events took and the refusals its owner accepted."""
    return GameLog(
        campaign=campaign,
        game_number=game,
        entry=entry.to_json(),
        first_seq=first_seq,
        last_seq=last_seq,
        override_reason=override_reason if refusals else "",
        overridden=[
            {
                "field": r.field,
                "code": r.violation.code,
                "message": encode(r.violation.message),  # worded when read
                "rule": r.violation.rule,
            }
            for r in refusals
        ],
        corrects=corrects,
        correction_reason=correction_reason,
        logged_by=user if user is not None and user.is_authenticated else None,
    )


def game_log(
    *, campaign: Campaign, user, entry: GameLogEntry, override_reason: str | None = None
) -> GameLog:
    """Log the next game of `campaign`: all its world events in one transaction, or none.

    Raises `GameLogRefused` listing each refusal with its field and rule. An owner may accept
    refusals that are not hard by giving `override_reason`, which the log keeps."""
    campaign_check(campaign=campaign, user=user, action=Action.PLAY)
    with transaction.atomic():
        # Lock the campaign: two people logging the same game night at once would otherwise
        # both check against the same world and both become game N.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        entry = entry_with_guests(campaign, entry)
        persons = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
        plan = game_log_plan(world=world_current(campaign=campaign), entry=entry, persons=persons)
        return _commit(
            campaign=campaign,
            user=user,
            plan=plan,
            entry=entry,
            override_reason=override_reason,
        )


def game_logs_standing(*, campaign: Campaign, from_game: int) -> dict[int, GameLog]:
    """The log that currently stands for each game from `from_game` on, by game number, read
    at once (a correction re-records every later game)."""
    standing: dict[int, GameLog] = {}
    rows = GameLog.objects.filter(
        campaign=campaign, game_number__gte=from_game, corrections=None
    ).order_by("game_number", "-created_at", "-pk")
    for row in rows:
        standing.setdefault(row.game_number, row)
    return standing


def game_log_latest(*, campaign: Campaign, game_number: int) -> GameLog | None:
    """The log that currently stands for game `game_number` (the last correction, if any)."""
    return (
        GameLog.objects.filter(campaign=campaign, game_number=game_number, corrections=None)
        .order_by("-created_at", "-pk")
        .first()
    )
