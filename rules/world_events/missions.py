"""World events of the missions (Pack 3 on): a mission claimed, a sea line drawn on the board,
and a city covered by the World Capital's mark.

Each refuses what the campaign's box does not hold with the same words as for something that
does not exist at all, so a refusal never tells a campaign what a sealed pack holds (U-8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules import board_links, box
from rules.data import board, content
from rules.errors import Violation
from rules.words import gettext as _
from rules.words import listed, ngettext
from rules.world import World
from rules.world_events.base import WorldEvent
from rules.world_events.checks import fallout_unchangeable


def _and(names: list[str]) -> str:
    """One name, or two joined by "and"."""
    if len(names) == 2:
        return _("%(first)s and %(second)s") % {"first": names[0], "second": names[1]}
    return listed(names)


def _mission_actions(world: World) -> set[str]:
    """What the missions of this campaign's box do besides their stars."""
    return {m.action for m in box.missions(world) if m.action}


@dataclass(frozen=True)
class MissionClaimed(WorldEvent):
    """E-8: `person` claimed the face-up mission `mission` (its print code) in game `game`. A
    mission whose card says so is destroyed; any other goes back to the box. What the claim
    placed (a sea line, the World Capital) is its own event."""

    kind: ClassVar[str] = "mission_claimed"
    bound_rule: ClassVar[str] = "E-8"
    game: int
    mission: str
    person: str | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not any(m.code == self.mission for m in box.mission_deck(world)):
            return [
                Violation(
                    "unknown_mission",
                    _("There is no mission card '%(mission)s' in this campaign's box.")
                    % {"mission": self.mission},
                    "E-8",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        mission = content().missions.get(self.mission)
        if mission is not None and mission.after == "destroy":
            return world.evolve(destroyed_box_cards=world.destroyed_box_cards | {self.mission})
        return world

    def describe(self) -> str:
        mission = content().missions.get(self.mission)
        name = f"{mission.name} ({self.mission})" if mission else self.mission
        if self.person:
            return _("%(person)s claimed the mission %(mission)s") % {
                "person": self.person,
                "mission": name,
            }
        return _("Someone claimed the mission %(mission)s") % {"mission": name}


@dataclass(frozen=True)
class SeaLineAdded(WorldEvent):
    """A new sea line joins `a` and `b` for good (Explore the World): two different
    territories with a coast that were not adjacent. It is a sea line, never a land border."""

    kind: ClassVar[str] = "sea_line_added"
    bound_rule: ClassVar[str] = "G-12"
    a: str
    b: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if "sea_line" not in _mission_actions(world):
            return [
                Violation(
                    "no_sea_lines", _("Nothing in this campaign's box draws sea lines."), "G-12"
                )
            ]
        territories = board().territories
        for key in (self.a, self.b):
            if key not in territories:
                return [
                    Violation(
                        "unknown_territory",
                        _("There is no territory '%(key)s'.") % {"key": key},
                        "C-2",
                    )
                ]
        if self.a == self.b:
            return [Violation("same_territory", _("A sea line joins two territories."), "G-12")]
        inland = [territories[k].name for k in (self.a, self.b) if not board_links.touches_ocean(k)]
        if inland:
            return [
                Violation(
                    "no_coast",
                    ngettext(
                        "%(territories)s has no coast: a sea line ends on a territory that "
                        "touches the sea.",
                        "%(territories)s has no coast: a sea line ends on a territory that "
                        "touches the sea.",
                        len(inland),
                    )
                    % {"territories": _and(inland)},
                    "G-12",
                )
            ]
        for end in (self.a, self.b):
            if refused := fallout_unchangeable(world, end):
                return [refused]
        if board_links.adjacent(world, self.a, self.b):
            return [
                Violation(
                    "already_adjacent",
                    _("%(a)s and %(b)s are adjacent already.")
                    % {"a": territories[self.a].name, "b": territories[self.b].name},
                    "G-12",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        pair = (min(self.a, self.b), max(self.a, self.b))
        if pair in world.added_sea_lines:
            return world
        return world.evolve(added_sea_lines=(*world.added_sea_lines, pair))

    def describe(self) -> str:
        names = [
            board().territory(k).name if k in board().territories else k for k in (self.a, self.b)
        ]
        if self.person:
            return _("A sea line now joins %(a)s and %(b)s by %(person)s") % {
                "a": names[0],
                "b": names[1],
                "person": self.person,
            }
        return _("A sea line now joins %(a)s and %(b)s") % {"a": names[0], "b": names[1]}


@dataclass(frozen=True)
class CityCovered(WorldEvent):
    """The World Capital goes over the city in `territory` (The World Is Ready): that city
    leaves the board, its sticker stays used, and the capital is founded there next."""

    kind: ClassVar[str] = "city_covered"
    bound_rule: ClassVar[str] = "G-2"
    territory: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if "world_capital" not in _mission_actions(world):
            return [
                Violation("no_cover", _("Nothing in this campaign's box covers a city."), "G-2")
            ]
        territory = board().territories.get(self.territory)
        if territory is None:
            return [
                Violation(
                    "unknown_territory",
                    _("There is no territory '%(key)s'.") % {"key": self.territory},
                    "C-2",
                )
            ]
        if self.territory not in world.cities:
            return [
                Violation(
                    "no_city",
                    _("%(territory)s has no city to cover.") % {"territory": territory.name},
                    "G-2",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        city = world.cities.get(self.territory)
        if city is None:
            return world
        left = {k: c for k, c in world.cities.items() if k != self.territory}
        return world.evolve(cities=left, covered_cities=(*world.covered_cities, city))

    def describe(self) -> str:
        territory = board().territories.get(self.territory)
        where = territory.name if territory else self.territory
        return _("The city in %(territory)s is covered by the new mark") % {"territory": where}
