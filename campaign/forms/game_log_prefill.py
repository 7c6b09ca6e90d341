"""What the log form can fill in before anyone types: the last game's players in their seat
order, each with the faction they take most often, and a held-on reward when its target is
plain, and the winner's usual reward. Everything stays editable; only an unfilled step gets it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django import forms

from campaign.models import Campaign
from campaign.services.game_log import game_log_latest
from campaign.services.game_log_entry import GameLogEntry
from rules import box
from rules.world import World

MAX_SEATS = 5  # the players step's rows (C-1)


def usual_faction(world: World, person: str) -> str | None:
    """The faction `person` played most often (the latest of equals), if any."""
    played = [r for r in world.faction_records if r.player == person]
    if not played:
        return None
    counts = Counter(r.faction for r in played)
    latest = {r.faction: r.game for r in played}
    return max(counts, key=lambda f: (counts[f], latest[f]))


def seats_prefill(
    *, campaign: Campaign, world: World, persons: Mapping[str, str]
) -> dict[str, str]:
    """Seats of the last logged game (members only; guests change), each member with their
    usual faction, or last game's one when two would want the same."""
    if not world.games_played:
        return {}
    last = game_log_latest(campaign=campaign, game_number=world.games_played)
    if last is None:
        return {}
    entry = GameLogEntry.from_json(last.entry)
    allowed = box.factions(world)
    initial: dict[str, str] = {}
    taken: set[str] = set()
    seat = 0
    for player in entry.players:
        if player.person not in persons:
            continue
        faction = usual_faction(world, player.person)
        if faction in taken or faction not in allowed:
            faction = player.faction
        initial[f"p{seat}_person"] = player.person
        if faction in allowed and faction not in taken:
            initial[f"p{seat}_faction"] = faction
            taken.add(faction)
        seat += 1
    return initial


def rewards_prefill(known: Mapping[str, Any]) -> dict[str, str]:
    """The rewards step's defaults, from what `before_rewards` found: the winner founds a Major
    City (END-5 R2) when it is offered, the reward tables take most; a held-on player who held a
    single territory adds a coin to its card (END-6 H2), the one reward that needs no name and
    has only that target. The table changes either with one choice."""
    initial: dict[str, str] = {}
    if "R2" in known.get("winner_options", []):
        initial["wr_code"] = "R2"
    for player in known.get("held_on", []):
        if len(player["held"]) == 1 and "H2" in player["options"]:
            initial[f"hr_{player['faction']}_code"] = "H2"
            initial[f"hr_{player['faction']}_target"] = player["held"][0]
    return initial


def mark_starts(form: forms.Form, players_raw: Mapping[str, Any]) -> None:
    """Give each "held at the end" field its faction's start, for the page's one-tap "held
    only its start" (END-6)."""
    for i in range(MAX_SEATS):
        faction, start = (_last(players_raw.get(f"p{i}_{part}")) for part in ("faction", "start"))
        field = form.fields.get(f"h_{faction}")
        if field is not None and start:
            field.widget.attrs["data-start"] = start


def _last(value: Any) -> str:
    if isinstance(value, list):
        return str(value[-1]) if value else ""
    return str(value or "")
