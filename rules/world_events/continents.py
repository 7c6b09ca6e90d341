"""World events of the continents (END-5): a continent named, a continent's bonus changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.data import board
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import (
    ContinentName,
    World,
)
from rules.world_events.base import WorldEvent
from rules.world_events.checks import (
    known_continent,
)


@dataclass(frozen=True)
class ContinentNamed(WorldEvent):
    kind: ClassVar[str] = "continent_named"
    bound_rule: ClassVar[str] = "END-5"
    continent: str
    name: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = self.bounds()
        if not known_continent(self.continent, violations):
            return violations
        if self.continent in world.continent_names:
            named = world.continent_names[self.continent]
            violations.append(
                Violation(
                    "continent_already_named",
                    _("%(continent)s is already named %(name)s.")
                    % {"continent": board().continents[self.continent].name, "name": named.name},
                    "END-5",
                )
            )
        if not self.name.strip():
            violations.append(Violation("name_required", _("Give the continent a name."), "END-5"))
        return violations

    def apply(self, world: World) -> World:
        named = ContinentName(self.continent, self.name.strip(), self.person, self.game)
        return world.evolve(continent_names={**world.continent_names, self.continent: named})

    def describe(self) -> str:
        return _("%(person)s named %(continent)s '%(name)s'") % {
            "person": self.person,
            "continent": board().continents[self.continent].name,
            "name": self.name,
        }


@dataclass(frozen=True)
class ContinentBonusChanged(WorldEvent):
    kind: ClassVar[str] = "continent_bonus_changed"
    continent: str
    delta: int
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if not known_continent(self.continent, violations):
            return violations
        if self.delta not in (1, -1):
            return [Violation("bad_delta", _("The continent marks are +1 and -1."), "END-5")]
        if self.continent in world.continent_marks:
            violations.append(
                Violation(
                    "bonus_already_changed",
                    _("%(continent)s's bonus was changed already.")
                    % {"continent": board().continents[self.continent].name},
                    "END-5",
                )
            )
        supply = "continent_mark_plus" if self.delta == 1 else "continent_mark_minus"
        if world.supplies_left()[supply] <= 0:
            violations.append(
                Violation(
                    "no_mark_left",
                    _("The %(mark)s mark is already used.") % {"mark": f"{self.delta:+d}"},
                    "END-5",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(continent_marks={**world.continent_marks, self.continent: self.delta})

    def describe(self) -> str:
        return _("%(continent)s's bonus changed by %(delta)s") % {
            "continent": board().continents[self.continent].name,
            "delta": f"{self.delta:+d}",
        }
