"""World events of the sealed packs (U-*): a pack opened, and the incidents of a game that
mid-game pack conditions ask about."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.bounds import COUNT_MAX
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.words import gettext_noop
from rules.world import (
    PackOpening,
    World,
)
from rules.world_events.base import WorldEvent


@dataclass(frozen=True)
class PackOpened(WorldEvent):
    kind: ClassVar[str] = "pack_opened"
    pack: str
    game: int | None
    reason: str

    def check(self, world: World) -> list[Violation]:
        if self.pack not in content().packs:
            return [
                Violation(
                    "unknown_pack",
                    _("There is no sealed pack '%(pack)s'.") % {"pack": self.pack},
                    "U-1",
                )
            ]
        if self.pack in world.packs_opened:
            name = content().packs[self.pack].name
            return [
                Violation(
                    "pack_already_open", _("%(pack)s is already open.") % {"pack": name}, "U-1"
                )
            ]
        return []

    def apply(self, world: World) -> World:
        opening = PackOpening(self.pack, self.game, self.reason)
        return world.evolve(packs_opened={**world.packs_opened, self.pack: opening})

    def describe(self) -> str:
        return _("%(pack)s opened: %(reason)s") % {
            "pack": content().packs[self.pack].name,
            "reason": self.reason,
        }


# The marks a `mark_placed` incident names in its detail (U-7: Pack 4's World Capital).
MARK_WORDS = {"world_capital": gettext_noop("World Capital")}


INCIDENTS: dict[str, str] = {
    "missiles_on_one_roll": gettext_noop("missiles fired on one roll"),
    "big_recruit_with_missile": gettext_noop("troops about to be placed while holding a missile"),
    "mark_placed": gettext_noop("a mark placed on the board"),
    "missiles_used": gettext_noop("missiles used"),
    "hq_moved": gettext_noop("HQ moved"),
    "hq_demolished": gettext_noop("HQ demolished"),
}


@dataclass(frozen=True)
class GameIncident(WorldEvent):
    """Something that happened during a game and matters to the campaign without changing the
    board by itself: the facts mid-game pack conditions ask about (U-5, U-6, U-7) and missiles
    used. A logged game or the digital engine reports it; `rules.unlocks` reads it."""

    kind: ClassVar[str] = "game_incident"
    bound_rule: ClassVar[str] = "U-1"
    game: int
    incident: str
    person: str | None = None
    count: int = 0
    detail: str = ""

    def bounds(self) -> list[Violation]:
        if not isinstance(self.count, int) or isinstance(self.count, bool):
            return [Violation("bad_count", _("A count is a whole number."), "U-1")]
        if self.incident == "missiles_on_one_roll":
            limits = content().constants
            dice = limits["attack_dice_max"] + limits["defence_dice_max"]
            if not 0 <= self.count <= dice:
                return [
                    Violation(
                        "bad_count",
                        _(
                            "A roll has at most %(dice)s dice and each takes one missile: "
                            "give 0 to %(dice)s missiles."
                        )
                        % {"dice": dice},
                        "X-10",
                    )
                ]
        elif not 0 <= self.count <= COUNT_MAX:
            return [
                Violation(
                    "bad_count",
                    _("An incident's count is a number from 0 to %(max)s.") % {"max": COUNT_MAX},
                    "U-1",
                )
            ]
        return super().bounds()

    def check(self, world: World) -> list[Violation]:
        if self.incident not in INCIDENTS:
            return [
                Violation(
                    "unknown_incident",
                    _("Unknown incident '%(incident)s'.") % {"incident": self.incident},
                    "U-1",
                )
            ]
        return self.bounds()

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        who = f"{self.person}: " if self.person else ""
        what = self.detail
        if self.incident == "mark_placed":
            mark = MARK_WORDS.get(self.detail)
            what = _(mark) if mark else self.detail.replace("_", " ")
        count = f"{self.count} " if self.count else ""
        return f"{who}{count}{_(INCIDENTS[self.incident])}{' (' + what + ')' if what else ''}"
