"""Game logs waiting for an owner's approval: how many, and each in words (what it would
write and what the rules refuse in it), for the owners and for their senders."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from campaign.models import Campaign, PendingGameLog, PendingStatus, Person
from campaign.selectors.history.describe import describe
from campaign.selectors.world import world_current
from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.planner import GameLogPlan

ID = re.compile(r"[0-9]{1,12}")  # ASCII digits only, so int() never fails


def pending_pk(raw: Any) -> int | None:
    """A pending entry's id as typed in a form, or None when it is no id at all."""
    text = str(raw or "")
    return int(text) if ID.fullmatch(text) else None


def draft_plan(*, campaign: Campaign, entry: GameLogEntry) -> tuple[GameLogPlan, dict[str, str]]:
    """Plan `entry` as the next game against the world now, without writing anything; guests
    stand in under their typed names (they become persons only once the game is logged)."""
    players = tuple(
        PlayerEntry(**{**p.__dict__, "person": f"guest:{p.guest_name}"})
        if not p.person and p.guest_name
        else p
        for p in entry.players
    )
    names = dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))
    names.update({p.person: p.guest_name for p in players if p.person.startswith("guest:")})
    entry = GameLogEntry(**{**entry.__dict__, "players": players})
    world = world_current(campaign=campaign)
    return game_log_plan(world=world, entry=entry, persons=names), names


def pending_waiting_count(*, campaign: Campaign) -> int:
    return PendingGameLog.objects.filter(campaign=campaign, status=PendingStatus.PENDING).count()


@dataclass
class PendingView:
    pending: PendingGameLog
    sender: str
    summary: list[str] = field(default_factory=list)


def pending_list(*, campaign: Campaign, sent_by=None) -> list[PendingView]:
    """Entries waiting (oldest first), or every entry `sent_by` sent (newest first), each with
    what it would write if it were logged now."""
    rows = PendingGameLog.objects.filter(campaign=campaign).select_related("sent_by")
    if sent_by is None:
        rows = rows.filter(status=PendingStatus.PENDING)
    else:
        rows = rows.filter(sent_by=sent_by).order_by("-created_at", "-pk")
    world = world_current(campaign=campaign)
    views = []
    for row in rows:
        sender = row.sent_by.get_username() if row.sent_by else "someone"
        summary: list[str] = []
        if row.status == PendingStatus.PENDING:
            plan, names = draft_plan(campaign=campaign, entry=GameLogEntry.from_json(row.entry))
            summary = [describe(event, names, world.cities) for event in plan.events]
        views.append(PendingView(row, sender, summary))
    return views
