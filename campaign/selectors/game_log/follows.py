"""What follows from a game the log form is about to write, for its confirmation step: who is
eliminated, which sealed packs open or become due (by name and printed condition only, never
what they hold, U-8), the victor's signature count and the sticker sheet left afterwards."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.planner import GameLogPlan
from rules import box
from rules.data import content
from rules.unlocks import ordinal, packs_due
from rules.world import World

SUPPLY_WORDS = {
    "minor_city": gettext_lazy("minor cities"),
    "major_city": gettext_lazy("major cities"),
    "world_capital": gettext_lazy("World Capital"),
    "scar_cancel": gettext_lazy("scar cancel stickers"),
    "continent_mark_plus": gettext_lazy("continent +1 marks"),
    "continent_mark_minus": gettext_lazy("continent -1 marks"),
    "fortification": gettext_lazy("fortifications"),
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
        who = _person(entry, player.faction, names)
        if by in content().factions:
            line = _("%(who)s is eliminated by %(by)s (END-2).") % {
                "who": who,
                "by": content().factions[by].name,
            }
        else:
            line = _("%(who)s is eliminated (END-2).") % {"who": who}
        lines.append(line)
    return lines


def _packs(world_before: World, plan: GameLogPlan) -> list[str]:
    packs = content().packs
    lines = [
        _("%(pack)s opens during this game: “%(label)s” (%(rule)s).")
        % {"pack": due.name, "label": packs[due.pack].label, "rule": due.rule}
        for due in plan.openings
    ]
    opened_now = {due.pack for due in plan.openings}
    after = packs_due(enumerate(plan.events), world=world_before)
    lines += [
        _("%(pack)s is due once this game is logged: “%(label)s” (%(rule)s).")
        % {"pack": due.name, "label": packs[due.pack].label, "rule": due.rule}
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
    return [
        _("%(who)s signs the victors' section: their %(nth)s signature (END-4).")
        % {"who": who, "nth": ordinal(count, feminine=True)}
    ]


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
        words = {"what": SUPPLY_WORDS.get(key, key), "left": max(0, after[key]), "total": total}
        if used > 0:
            part = ngettext(
                "%(what)s %(left)s of %(total)s (%(used)s used in this game)",
                "%(what)s %(left)s of %(total)s (%(used)s used in this game)",
                used,
            )
            parts.append(part % {**words, "used": used})
        else:
            parts.append(_("%(what)s %(left)s of %(total)s") % words)
    return [_("Sticker sheet left afterwards: %(parts)s (C-10).") % {"parts": "; ".join(parts)}]


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
