"""World events of the scars (G-4, END-5): a scar placed on a territory or a faction card, a
territory's scar cancelled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules import box
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.words import gettext_noop
from rules.world import (
    Scar,
    World,
)
from rules.world_events.base import WorldEvent
from rules.world_events.checks import (
    known_territory,
    not_fallout,
    territory_name,
    unknown_faction,
)

SCAR_GOES_ON = {
    "territory": gettext_noop("%(scar)s goes on a territory."),
    "faction": gettext_noop("%(scar)s goes on a faction."),
}


@dataclass(frozen=True)
class ScarPlaced(WorldEvent):
    kind: ClassVar[str] = "scar_placed"
    target: str
    on: str  # territory / faction
    scar: str
    person: str | None
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        scar_type = box.scar_types(world).get(self.scar)
        if scar_type is None:
            # Never echo the key: it may name a sealed pack's scar (U-8).
            return [Violation("unknown_scar", _("There is no such scar card in this box."), "G-4")]
        if self.on == "territory":
            if not known_territory(self.target, violations, world):
                return violations
            if not not_fallout(world, self.target, violations):
                return violations
            if world.live_scar(self.target):
                violations.append(
                    Violation(
                        "scar_exists",
                        _("%(territory)s already carries a scar; a territory holds one.")
                        % {"territory": territory_name(self.target)},
                        "G-4",
                    )
                )
        elif self.on == "faction":
            faction = box.factions(world).get(self.target)
            if faction is None:
                return [unknown_faction(self.target)]
            if not faction.slot_open("yellow"):
                return [
                    Violation(
                        "slot_closed",
                        _("%(faction)s can never take that scar.") % {"faction": faction.name},
                        "G-4",
                    )
                ]
            if self.target in world.faction_scars:
                violations.append(
                    Violation("scar_exists", _("That faction card already carries a scar."), "G-4")
                )
        else:
            violations.append(
                Violation("bad_target", _("A scar goes on a territory or faction."), "G-4")
            )
        if scar_type.target != self.on:
            goes_on = SCAR_GOES_ON.get(scar_type.target, "%(scar)s goes on a %(target)s.")
            violations.append(
                Violation(
                    "wrong_scar_target",
                    _(goes_on) % {"scar": scar_type.name, "target": scar_type.target},
                    "G-4",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        scar = Scar(self.target, self.on, self.scar, self.person, self.game)  # type: ignore[arg-type]
        if self.on == "faction":
            return world.evolve(faction_scars={**world.faction_scars, self.target: scar})
        return world.evolve(scars={**world.scars, self.target: scar})

    def describe(self) -> str:
        name = content().scar_types[self.scar].name
        target = (
            territory_name(self.target)
            if self.on == "territory"
            else content().factions[self.target].name
        )
        return _("%(scar)s scar placed on %(target)s") % {"scar": name, "target": target}


@dataclass(frozen=True)
class ScarCancelled(WorldEvent):
    kind: ClassVar[str] = "scar_cancelled"
    territory: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if not known_territory(self.territory, violations, world):
            return violations
        if world.live_scar(self.territory) is None:
            violations.append(
                Violation(
                    "no_scar",
                    _("%(territory)s has no scar to cancel.")
                    % {"territory": territory_name(self.territory)},
                    "END-5",
                )
            )
        if world.supplies_left()["scar_cancel"] <= 0:
            violations.append(
                Violation("no_cancel_left", _("All 4 cancel stickers are used."), "C-10")
            )
        return violations

    def apply(self, world: World) -> World:
        scar = world.scars[self.territory]
        cancelled = Scar(scar.target, scar.on, scar.kind, scar.placed_by, scar.game, cancelled=True)
        return world.evolve(scars={**world.scars, self.territory: cancelled})

    def describe(self) -> str:
        return _("%(person)s cancelled the scar on %(territory)s") % {
            "person": self.person,
            "territory": territory_name(self.territory),
        }
