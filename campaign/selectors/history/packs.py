"""Where a campaign stands with its sealed packs: what to open now and why, progress on countable
conditions, and which are opened or still sealed (names and conditions, never contents)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.models import Campaign
from campaign.selectors.campaigns import person_names
from campaign.selectors.packs import packs_due_now
from campaign.selectors.record_gaps import missing_rewards, pack_progress_uncertain, record_gaps
from campaign.selectors.world import world_current
from rules.data import content
from rules.unlocks import is_optional, packs_progress
from rules.world import World


@dataclass
class PackStatus:
    open_now: list[dict[str, Any]]  # opened by the latest game, or due and about to be opened
    progress: list[dict[str, Any]]
    opened: list[dict[str, Any]]
    sealed: list[dict[str, Any]]


def packs_status(
    *, campaign: Campaign, world: World | None = None, names: dict[str, str] | None = None
) -> PackStatus:
    """What the group should open now and why, progress on countable conditions, and which
    packs are opened or still sealed (`world`: the campaign's world now, and `names` its
    people's names, when the caller has them). Contents are never shown: only names and
    conditions."""
    world = world_current(campaign=campaign) if world is None else world
    names = person_names(campaign=campaign) if names is None else names
    due = packs_due_now(campaign=campaign, world=world, names=names)
    open_now = [{"name": d.name, "reason": d.reason, "pending": True} for d in due]
    latest = world.games_played
    opened = []
    for key, opening in world.packs_opened.items():
        pack = content().packs[key]
        row = {
            "key": key,
            "name": pack.name,
            "reason": opening.reason,
            "game": opening.game,
            "order": pack.order,
        }
        opened.append(row)
        if latest and opening.game == latest:
            open_now.append({**row, "pending": False})
    opened.sort(key=lambda r: r["order"])
    gaps = record_gaps(campaign=campaign)
    progress = [
        {
            "name": p.name,
            "what": p.what,
            "current": p.current,
            "target": p.target,
            "percent": round(100 * min(p.current, p.target) / p.target) if p.target else 0,
            # A held-on reward not recorded may have founded a Minor City (END-6, U-2).
            "uncertain": pack_progress_uncertain(p.pack, gaps),
            "missing_rewards": missing_rewards(gaps),
        }
        for p in packs_progress(world)
    ]
    sealed = [
        {"name": p.name, "label": p.label, "rule": p.rule, "optional": is_optional(p)}
        for p in sorted(content().packs.values(), key=lambda p: p.order)
        if p.key not in world.packs_opened
    ]
    return PackStatus(open_now=open_now, progress=progress, opened=opened, sealed=sealed)
