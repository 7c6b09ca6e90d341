"""Sealed packs: which are due to open, why, and how close the countable ones are (U-1 to U-8).

The conditions are data in `fixtures/packs.json`: `condition.kind` names one of the kinds
registered in `CONDITION_KINDS` below and the other fields are its parameters. A new pack with
an existing kind needs no code; a new kind is one small class added to the registry.

Mid-game kinds (a mark placed, missiles on one roll, a big recruit while holding a missile) are
met by a `GameIncident` event that a logged game or the digital engine reports.

`packs_due(entries)` folds a numbered event log (voided events left out, as `replay` does) and
returns every pack whose condition has been met and which the log has not opened yet, with the
sequence number of the event that met it and a reason in words. `packs_progress(world)` reports
the countable conditions (minor cities 7/9, most signatures by one person 1/2).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules import words
from rules.content_records import Pack
from rules.data import board, content
from rules.words import gettext as _
from rules.words import gettext_noop
from rules.world import World
from rules.world_events import (
    CityFounded,
    EventsVoided,
    GameIncident,
    GameRecorded,
    VictorSigned,
    WorldEvent,
)

Names = Mapping[str, str]


ordinal = words.ordinal


def _who(names: Names, person: str | None) -> str:
    return names.get(person, person) if person else _("someone")


# The supplies and marks conditions name, as words (marked here, translated where used).
SUPPLY_WORDS = {
    "minor_city": gettext_noop("minor city"),
    "major_city": gettext_noop("major city"),
    "world_capital": gettext_noop("world capital"),
}


def supply_words(key: str) -> str:
    found = SUPPLY_WORDS.get(key)
    return _(found) if found else key.replace("_", " ")


def _game(event: WorldEvent) -> int | None:
    return getattr(event, "game", None)


class Condition(ABC):
    """A kind of unlock condition. `met` looks at the world right after `event` applied."""

    kind: ClassVar[str] = ""

    @abstractmethod
    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool: ...

    @abstractmethod
    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str: ...

    def progress(self, params: Mapping[str, Any], world: World) -> tuple[int, int] | None:
        """(current, target) for countable conditions, None otherwise."""
        return None


class SupplyExhausted(Condition):
    """U-2: the last mark of a supply is used (the 9th Minor City founded)."""

    kind = "supply_exhausted"
    _city = {"minor_city": "minor", "major_city": "major", "world_capital": "capital"}

    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool:
        return world.supplies_left()[params["supply"]] <= 0

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        label = supply_words(params["supply"])
        if isinstance(event, CityFounded):
            where = board().territory(event.territory).name
            return _(
                "the %(nth)s %(supply)s (%(city)s in %(territory)s) was founded by %(person)s in "
                "game %(game)s"
            ) % {
                "nth": ordinal(params["count"], feminine=True),
                "supply": label,
                "city": event.name,
                "territory": where,
                "person": _who(names, event.person),
                "game": event.game,
            }
        return _("the last %(supply)s mark was used in game %(game)s") % {
            "supply": label,
            "game": _game(event),
        }

    def progress(self, params: Mapping[str, Any], world: World) -> tuple[int, int]:
        total = params["count"]
        return total - max(0, world.supplies_left()[params["supply"]]), total


class FactionEliminated(Condition):
    """U-3: the campaign's first elimination (mid-game or at the game's end, END-3)."""

    kind = "faction_eliminated"

    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool:
        return world.eliminations >= params["count"]

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        if isinstance(event, GameRecorded):
            out = [p for p in event.players if p["outcome"] == "eliminated"]
            if out:
                faction = content().factions[out[0]["faction"]].name
                who = _who(names, out[0]["person"])
                return _("%(faction)s (%(person)s) was eliminated in game %(game)s") % {
                    "faction": faction,
                    "person": who,
                    "game": event.game,
                }
        return _("a faction was eliminated in game %(game)s") % {"game": _game(event)}


class PersonSignatures(Condition):
    """U-4: one person signs the victors' section for the n-th time."""

    kind = "person_signatures"

    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool:
        return max(world.signature_counts().values(), default=0) >= params["count"]

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        if isinstance(event, VictorSigned):
            return _(
                "%(person)s signed the victors' section for the %(nth)s time in game %(game)s"
            ) % {
                "person": _who(names, event.person),
                "nth": ordinal(params["count"], feminine=True),
                "game": event.game,
            }
        return _("someone signed for the %(nth)s time") % {
            "nth": ordinal(params["count"], feminine=True)
        }

    def progress(self, params: Mapping[str, Any], world: World) -> tuple[int, int]:
        return max(world.signature_counts().values(), default=0), params["count"]


class IncidentCondition(Condition):
    """Mid-game facts reported as `GameIncident` events (U-5, U-6, U-7)."""

    incident: ClassVar[str] = ""

    def matches(self, params: Mapping[str, Any], event: GameIncident) -> bool:
        return event.count >= params.get("count", 0)

    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool:
        return (
            isinstance(event, GameIncident)
            and event.incident == self.incident
            and self.matches(params, event)
        )


class MarkPlaced(IncidentCondition):
    """U-5: a particular mark is placed. Founding a World Capital places its mark too."""

    kind = "mark_placed"
    incident = "mark_placed"

    def matches(self, params: Mapping[str, Any], event: GameIncident) -> bool:
        return event.detail == params["mark"]

    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool:
        if isinstance(event, CityFounded) and params["mark"] == "world_capital":
            return event.city == "capital"
        return super().met(params, world, event)

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        mark = supply_words(params["mark"])
        person = getattr(event, "person", None)
        if person:
            return _("the %(mark)s mark was placed by %(person)s in game %(game)s") % {
                "mark": mark,
                "person": _who(names, person),
                "game": _game(event),
            }
        return _("the %(mark)s mark was placed in game %(game)s") % {
            "mark": mark,
            "game": _game(event),
        }


class MissilesOnOneRoll(IncidentCondition):
    """U-6: n missiles are played on one combat roll."""

    kind = "missiles_on_one_roll"
    incident = "missiles_on_one_roll"

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        count = getattr(event, "count", params["count"])
        return _("%(count)s missiles were fired on one roll in game %(game)s") % {
            "count": count,
            "game": _game(event),
        }


class BigRecruitWithMissile(IncidentCondition):
    """U-7: a player about to place n or more troops still holds a missile."""

    kind = "big_recruit_with_missile"
    incident = "big_recruit_with_missile"

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        count = getattr(event, "count", params["count"])
        who = _who(names, getattr(event, "person", None))
        return _(
            "%(person)s was about to place %(count)s troops while holding a missile in game "
            "%(game)s"
        ) % {"person": who, "count": count, "game": _game(event)}


class OwnerChoice(Condition):
    """The box bottom: no event of the game ever opens it; only the campaign's owner, by
    choice. It is optional, so it is never due and a campaign may finish with it sealed."""

    kind = "owner_choice"

    def met(self, params: Mapping[str, Any], world: World, event: WorldEvent) -> bool:
        return False

    def reason(self, params: Mapping[str, Any], event: WorldEvent, names: Names) -> str:
        return _("the campaign's owner chose to open it")


def is_optional(pack: Pack) -> bool:
    """A pack that opens only by choice: progress and "due" pages never wait for it."""
    return pack.condition.get("kind") == OwnerChoice.kind


CONDITION_KINDS: dict[str, Condition] = {
    c.kind: c
    for c in (
        SupplyExhausted(),
        FactionEliminated(),
        PersonSignatures(),
        MarkPlaced(),
        MissilesOnOneRoll(),
        BigRecruitWithMissile(),
        OwnerChoice(),
    )
}


def _condition(pack: Pack) -> tuple[Condition, dict[str, Any]]:
    params = dict(pack.condition)
    kind = params.pop("kind")
    return CONDITION_KINDS[kind], params


@dataclass(frozen=True)
class PackDue:
    """A pack whose condition is met and which is not open yet (U-8 keeps the trigger)."""

    pack: str
    name: str
    rule: str
    reason: str
    seq: int | None
    game: int | None


@dataclass(frozen=True)
class PackProgress:
    pack: str
    name: str
    label: str
    what: str
    current: int
    target: int


def pack_triggers(
    entries: Iterable[tuple[int, WorldEvent]],
    *,
    world: World,
    found: Mapping[str, int] | None = None,
) -> tuple[World, dict[str, tuple[int, WorldEvent]]]:
    """Fold counted `entries` into `world` and return it with the triggers they set: per pack
    not yet open and not in `found` (triggers set before), the first (seq, event) after which
    its condition holds."""
    packs = sorted(content().packs.values(), key=lambda p: p.order)
    known = set(found or ())
    triggers: dict[str, tuple[int, WorldEvent]] = {}
    for seq, event in entries:
        world = event.apply(world)
        for pack in packs:
            if pack.key in known or pack.key in world.packs_opened:
                continue
            condition, params = _condition(pack)
            if condition.met(params, world, event):
                triggers[pack.key] = (seq, event)
                known.add(pack.key)
    return world, triggers


def packs_due_after(
    triggers: Mapping[str, tuple[int, WorldEvent]], world: World, *, names: Names | None = None
) -> list[PackDue]:
    """The packs of `triggers` that `world` has not opened, in pack order, with the reason
    their trigger gives."""
    due = []
    for pack in sorted(content().packs.values(), key=lambda p: p.order):
        if pack.key not in triggers or pack.key in world.packs_opened:
            continue
        seq, event = triggers[pack.key]
        condition, params = _condition(pack)
        due.append(
            PackDue(
                pack=pack.key,
                name=pack.name,
                rule=pack.rule,
                reason=condition.reason(params, event, names or {}),
                seq=seq,
                game=_game(event),
            )
        )
    return due


def packs_due(
    entries: Iterable[tuple[int, WorldEvent]],
    *,
    world: World | None = None,
    names: Names | None = None,
) -> list[PackDue]:
    """Every pack due after the numbered log `entries` (applied to `world`, empty by default),
    in pack order. The first event after which a condition holds is its trigger. Events voided
    by a later correction count for nothing; a pack the log already opened is never due."""
    entries = list(entries)
    voided = {seq for _, event in entries if isinstance(event, EventsVoided) for seq in event.seqs}
    counted = [(seq, event) for seq, event in entries if seq not in voided]
    world, triggers = pack_triggers(counted, world=world or World())
    return packs_due_after(triggers, world, names=names)


def packs_progress(world: World) -> list[PackProgress]:
    """Progress toward the countable conditions of packs not yet open (fixture `progress`)."""
    result = []
    for pack in sorted(content().packs.values(), key=lambda p: p.order):
        if pack.key in world.packs_opened or not pack.progress:
            continue
        condition, params = _condition(pack)
        counted = condition.progress(params, world)
        if counted is not None:
            current, target = counted
            result.append(
                PackProgress(pack.key, pack.name, pack.label, pack.progress, current, target)
            )
    return result
