"""What follows from a game the log form is about to write, for its confirmation step: who is
eliminated, which sealed packs open or become due (by name and printed condition only, never
what they hold, U-8), the victor's signature count and the sticker sheet left afterwards."""

from __future__ import annotations

from collections.abc import Mapping

from campaign.services.game_log_entry import GameLogEntry
from campaign.services.game_log_planner import GameLogPlan
from rules import box
from rules.data import content
from rules.unlocks import ordinal, packs_due
from rules.world import World

SUPPLY_WORDS = {
    "minor_city": "minor cities",
    "major_city": "major cities",
    "world_capital": "World Capital",
    "scar_cancel": "scar cancel stickers",
    "continent_mark_plus": "continent +1 marks",
    "continent_mark_minus": "continent -1 marks",
    "fortification": "fortifications",
}


def _person(entry: GameLogEntry, faction: str, names: Mapping[str, str]) -> str:
    player = next((p for p in entry.players if p.faction == faction), None)
    if player is None:
        return content().factions[faction].name
    who = names.get(player.person, player.person) if player.person else player.guest_name
    name = content().factions[faction].name
    return f"{name} ({who})" if who else name


def _eliminations(entry: GameLogEntry, names: Mapping[str, str]) -> list[str]:
    lines = []
    for player in entry.players:
        if entry.outcome(player) != "eliminated":
            continue
        by = player.eliminated_by
        by_words = f" by {content().factions[by].name}" if by in content().factions else ""
        lines.append(f"{_person(entry, player.faction, names)} is eliminated{by_words} (END-2).")
    return lines


def _packs(world_before: World, plan: GameLogPlan) -> list[str]:
    packs = content().packs
    lines = [
        f"{due.name} opens during this game: “{packs[due.pack].label}” ({due.rule})."
        for due in plan.openings
    ]
    opened_now = {due.pack for due in plan.openings}
    after = packs_due(enumerate(plan.events), world=world_before)
    lines += [
        f"{due.name} is due once this game is logged: “{packs[due.pack].label}” ({due.rule})."
        for due in after
        if due.pack not in opened_now
    ]
    return lines


def _signature(entry: GameLogEntry, plan: GameLogPlan, names: Mapping[str, str]) -> list[str]:
    winner = next((p for p in entry.players if p.faction == entry.winner), None)
    if winner is None:
        return []
    # A guest becomes a person on confirmation; the plan knows them by a stand-in key.
    person = winner.person or f"guest:{winner.guest_name}"
    count = plan.world.signature_count(person)
    if not count:
        return []  # no signature after the rewarded games (END-9)
    who = names.get(person, person)
    return [f"{who} signs the victors' section: their {ordinal(count)} signature (END-4)."]


def _supplies(world_before: World, world_after: World) -> list[str]:
    before = world_before.supplies_left()
    after = world_after.supplies_left()
    shown = [
        key
        for key in after
        # Pack 4's mark stays unnamed until that pack is open (U-5).
        if key != "world_capital" or box.capital_rule_active(world_after)
    ]
    parts = []
    for key in shown:
        used = before[key] - after[key]
        total = content().supplies[key]
        note = f" ({used} used in this game)" if used > 0 else ""
        parts.append(f"{SUPPLY_WORDS.get(key, key)} {max(0, after[key])} of {total}{note}")
    return [f"Sticker sheet left afterwards: {'; '.join(parts)} (C-10)."]


def what_follows(
    *, world_before: World, entry: GameLogEntry, plan: GameLogPlan, names: Mapping[str, str]
) -> list[str]:
    """The confirmation step's lines about what the planned game leads to, in plain words."""
    return [
        *_eliminations(entry, names),
        *_packs(world_before, plan),
        *_signature(entry, plan, names),
        *_supplies(world_before, plan.world),
    ]
