"""Gaps in the record: what logged games left "not recorded" (a start, the territories held at
the end, a held-on reward), and which counts they make uncertain. A gap is never filled with a
guess; the pages say the count may be off until a correction gives the missing part.

A held-on reward not recorded may have founded a Minor City (END-6 H1) or added a coin (H2):
the Minor Cities left, and with them Pack 1's progress (U-2), are then only bounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign.models import Campaign
from campaign.models import RecordGap as GapRow
from rules.data import content
from rules.world_events import GameRecorded

GAP_WORDS = {
    "start": gettext_noop("Game %(game)s: %(who)s's starting territory is not recorded"),
    "held": gettext_noop("Game %(game)s: %(who)s's territories held at the end are not recorded"),
    "reward": gettext_noop("Game %(game)s: %(who)s's held-on reward is not recorded"),
}
# What a missing held-on reward could have used up (END-6 H1: a Minor City mark).
REWARD_SUPPLIES = frozenset({"minor_city"})


@dataclass(frozen=True)
class RecordGap:
    game: int
    person: str
    faction: str
    what: str  # "start", "held" or "reward"

    def words(self, names: Mapping[str, str]) -> str:
        faction = content().factions.get(self.faction)
        who = names.get(self.person, self.person)
        if faction:
            who = _("%(person)s (%(faction)s)") % {"person": who, "faction": faction.name}
        return _(GAP_WORDS[self.what]) % {"game": self.game, "who": who}


def event_gaps(event: GameRecorded) -> list[RecordGap]:
    """The gaps of one game's record, seat by seat."""
    gaps = []
    for p in event.players:
        missing = (["start"] if p.get("start") is None else []) + list(p.get("not_recorded", ()))
        gaps.extend(RecordGap(event.game, p["person"], p["faction"], what) for what in missing)
    return gaps


def record_gaps(*, campaign: Campaign, upto_game: int | None = None) -> list[RecordGap]:
    """Every gap the standing records leave (voided records are left out: a correction that
    gave the missing part closes the gap), oldest game first: read from their projection."""
    rows = GapRow.objects.filter(campaign=campaign)
    if upto_game is not None:
        rows = rows.filter(game__lte=upto_game)
    return [
        RecordGap(game, person, faction, what)
        for game, person, faction, what in rows.order_by("seq", "position").values_list(
            "game", "person", "faction", "what"
        )
    ]


def uncertain_supplies(gaps: Iterable[RecordGap]) -> frozenset[str]:
    """Supply keys whose count the gaps make uncertain."""
    return REWARD_SUPPLIES if any(g.what == "reward" for g in gaps) else frozenset()


def missing_rewards(gaps: Iterable[RecordGap]) -> int:
    return sum(g.what == "reward" for g in gaps)


def pack_progress_uncertain(pack_key: str, gaps: Iterable[RecordGap]) -> bool:
    """True when the pack counts a supply (U-2: Minor Cities) that a missing reward may have
    used."""
    condition = content().packs[pack_key].condition
    return condition.get("kind") == "supply_exhausted" and condition.get(
        "supply"
    ) in uncertain_supplies(gaps)


def gaps_context(
    *, campaign: Campaign, names: Mapping[str, str], upto_game: int | None = None
) -> dict[str, object]:
    """What a page showing counts needs: the gaps in words and the supplies made uncertain."""
    gaps = record_gaps(campaign=campaign, upto_game=upto_game)
    return {
        "record_gaps": [g.words(names) for g in gaps],
        "uncertain_supplies": uncertain_supplies(gaps),
        "missing_rewards": missing_rewards(gaps),
    }
