"""The story of one territory (everything that happened to it) and of one faction card (the rows
on its back)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.models import Campaign, EventMention, WorldEventRecord
from campaign.selectors.campaigns import person_names
from campaign.selectors.history.describe import (
    NOT_RECORDED,
    OUTCOME_LABELS,
    describe,
    territory_name,
)
from campaign.selectors.history.games import founded_city, player_rows
from campaign.selectors.world import world_current, world_log_picked
from rules.world import City
from rules.world_events import CityFounded, GameRecorded


def history_territory(*, campaign: Campaign, territory: str) -> list[dict[str, Any]]:
    """Everything that happened to one territory, oldest first (voided entries marked)."""
    names = person_names(campaign=campaign)
    rows = []
    standing: dict[str, City] = {}  # the city here before a later mark covered it
    mentioned = EventMention.objects.filter(
        campaign=campaign, what=EventMention.What.TERRITORY, key=territory
    )
    records = WorldEventRecord.objects.filter(campaign=campaign, seq__in=mentioned.values("seq"))
    for entry in world_log_picked(campaign=campaign, records=records):
        event = entry.event
        if isinstance(event, GameRecorded):
            starters = [p for p in player_rows(event, names) if p.start == territory]
            text = "; ".join(
                _("%(name)s started %(faction)s here (%(outcome)s)")
                % {"name": p.name, "faction": p.faction_name, "outcome": p.outcome_label.lower()}
                for p in starters
            )
        else:
            text = describe(event, names, standing)
        if isinstance(event, CityFounded) and entry.voided_by is None:
            standing[territory] = founded_city(event)
        rows.append(
            {
                "game": entry.record.game_number,
                "seq": entry.seq,
                "text": text,
                "voided": entry.voided_by is not None,
            }
        )
    # A re-recorded game voids events that come back unchanged: show only what changed.
    kept = {(r["game"], r["text"]) for r in rows if not r["voided"]}
    return [r for r in rows if not r["voided"] or (r["game"], r["text"]) not in kept]


def history_faction(*, campaign: Campaign, faction: str) -> list[dict[str, Any]]:
    """The back of a faction card: one row per game (player, start, outcome), or sat out."""
    names = person_names(campaign=campaign)
    world = world_current(campaign=campaign)
    return [
        {
            "game": r.game,
            "player": names.get(r.player, r.player) if r.player else _(NOT_RECORDED),
            "start": territory_name(r.start) if r.start else _(NOT_RECORDED),
            "outcome": str(OUTCOME_LABELS.get(r.outcome or "", "")),
            "sat_out": r.outcome is None,  # a won row brought in may name no player
        }
        for r in world.faction_history(faction)
    ]
