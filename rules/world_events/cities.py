"""World events of the cities (END-5, G-2, X-9): a city founded (the World Capital only where
its mission card allows, E-8), fortified, and a fortification worn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules import box
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.words import gettext_noop, ngettext
from rules.world import (
    City,
    Fortification,
    World,
)
from rules.world_events.base import WorldEvent
from rules.world_events.checks import (
    known_territory,
    not_fallout,
    territory_name,
)

CITY_MARKS_LEFT = {
    "minor": gettext_noop("No minor city marks are left."),
    "major": gettext_noop("No major city marks are left."),
    "capital": gettext_noop("No capital city marks are left."),
}


CITY_FOUNDED = {
    "minor": gettext_noop("%(person)s founded the minor city %(city)s in %(territory)s"),
    "major": gettext_noop("%(person)s founded the major city %(city)s in %(territory)s"),
    "capital": gettext_noop("%(person)s founded the capital city %(city)s in %(territory)s"),
}


def _capital_violations(world: World, territory: str) -> list[Violation]:
    """The World Capital reaches the board only through the mission card that places it, in
    the territory of a card (not destroyed) worth the coins that card asks (E-8, U-5). A box
    without that card is answered without naming anything of it (U-8)."""
    placing = next((m for m in box.missions(world) if m.action == "world_capital"), None)
    if placing is None:
        return [
            Violation("no_capital", _("Nothing in this campaign's box places that mark."), "U-5")
        ]
    coins = placing.condition.get("coins", 0)
    if not world.has_card(territory):
        return [
            Violation(
                "capital_card",
                _(
                    "%(territory)s's territory card is destroyed: the World Capital goes into "
                    "the territory of a face-up card worth %(coins)s or more coins."
                )
                % {"territory": territory_name(territory), "coins": coins},
                "E-8",
            )
        ]
    worth = world.card_coins.get(territory, 1)
    if worth < coins:
        return [
            Violation(
                "capital_card",
                ngettext(
                    "%(territory)s's card is worth %(worth)s coin: the World Capital goes into "
                    "the territory of a card worth %(coins)s or more.",
                    "%(territory)s's card is worth %(worth)s coins: the World Capital goes into "
                    "the territory of a card worth %(coins)s or more.",
                    worth,
                )
                % {"territory": territory_name(territory), "worth": worth, "coins": coins},
                "E-8",
            )
        ]
    return []


@dataclass(frozen=True)
class CityFounded(WorldEvent):
    kind: ClassVar[str] = "city_founded"
    bound_rule: ClassVar[str] = "END-5"
    territory: str
    city: str  # minor / major / capital
    name: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = self.bounds()
        if not known_territory(self.territory, violations, world):
            return violations
        if not not_fallout(world, self.territory, violations):
            return violations
        supply = {"minor": "minor_city", "major": "major_city", "capital": "world_capital"}.get(
            self.city
        )
        if supply is None:
            return [
                Violation(
                    "bad_city", _("Unknown kind of city '%(city)s'.") % {"city": self.city}, "G-2"
                )
            ]
        if self.city == "capital":
            placing = _capital_violations(world, self.territory)
            if any(v.code == "no_capital" for v in placing):
                return violations + placing
            violations += placing
        if world.supplies_left()[supply] <= 0:
            violations.append(Violation("no_city_left", _(CITY_MARKS_LEFT[self.city]), "C-10"))
        if self.territory in world.cities:
            existing = world.cities[self.territory]
            violations.append(
                Violation(
                    "city_exists",
                    _("%(territory)s already holds the city %(city)s; a territory holds one city.")
                    % {"territory": territory_name(self.territory), "city": existing.name},
                    "G-2",
                )
            )
        if not self.name.strip():
            violations.append(Violation("name_required", _("A new city needs a name."), "END-5"))
        return violations

    def apply(self, world: World) -> World:
        city = City(self.territory, self.city, self.name.strip(), self.person, self.game)  # type: ignore[arg-type]
        return world.evolve(cities={**world.cities, self.territory: city})

    def describe(self) -> str:
        founded = CITY_FOUNDED.get(
            self.city,
            gettext_noop("%(person)s founded the %(kind)s city %(city)s in %(territory)s"),
        )
        return _(founded) % {
            "kind": self.city,
            "person": self.person,
            "city": self.name,
            "territory": territory_name(self.territory),
        }


@dataclass(frozen=True)
class CityFortified(WorldEvent):
    kind: ClassVar[str] = "city_fortified"
    territory: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if not known_territory(self.territory, violations, world):
            return violations
        if self.territory not in world.cities:
            violations.append(
                Violation(
                    "no_city",
                    _("%(territory)s has no city to fortify.")
                    % {"territory": territory_name(self.territory)},
                    "END-5",
                )
            )
        if world.supplies_left()["fortification"] <= 0:
            violations.append(
                Violation("no_fortification_left", _("All 5 fortifications are used."), "C-10")
            )
        return violations

    def apply(self, world: World) -> World:
        fort = Fortification(self.territory, 0, self.game)
        return world.evolve(
            fortifications={**world.fortifications, self.territory: fort},
            fortifications_used=world.fortifications_used + 1,
        )

    def describe(self) -> str:
        return _("%(person)s fortified %(territory)s") % {
            "person": self.person,
            "territory": territory_name(self.territory),
        }


@dataclass(frozen=True)
class FortificationWorn(WorldEvent):
    kind: ClassVar[str] = "fortification_worn"
    bound_rule: ClassVar[str] = "X-9"
    territory: str
    boxes: int
    game: int

    def bounds(self) -> list[Violation]:
        cap = content().constants["fortification_wear_boxes"]
        if isinstance(self.boxes, int) and 1 <= self.boxes <= cap:
            return super().bounds()
        return [
            Violation(
                "bad_wear",
                _("A fortification has %(cap)s wear boxes: mark 1 to %(cap)s.") % {"cap": cap},
                "X-9",
            )
        ]

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        fort = world.fortifications.get(self.territory)
        if fort is None or not fort.active:
            return [
                Violation(
                    "not_fortified",
                    _("%(territory)s has no active fortification.") % {"territory": self.territory},
                    "X-9",
                )
            ]
        if not 1 <= self.boxes <= fort.uses_left:
            return [
                Violation(
                    "bad_wear",
                    _("The fortification has %(left)s uses left; mark 1 to %(left)s boxes.")
                    % {"left": fort.uses_left},
                    "X-9",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        fort = world.fortifications[self.territory]
        cap = content().constants["fortification_wear_boxes"]
        worn = Fortification(fort.territory, min(cap, fort.wear + self.boxes), fort.game)
        return world.evolve(fortifications={**world.fortifications, self.territory: worn})

    def describe(self) -> str:
        return ngettext(
            "1 wear box marked on %(territory)s's fortification",
            "%(count)s wear boxes marked on %(territory)s's fortification",
            self.boxes,
        ) % {"count": self.boxes, "territory": territory_name(self.territory)}
