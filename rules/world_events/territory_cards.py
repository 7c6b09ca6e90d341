"""World events of the territory cards: a card destroyed (G-8), a coin added to a card (END-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import (
    World,
)
from rules.world_events.base import WorldEvent
from rules.world_events.checks import (
    known_territory,
    territory_name,
)


@dataclass(frozen=True)
class CardDestroyed(WorldEvent):
    kind: ClassVar[str] = "card_destroyed"
    territory: str
    person: str | None
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if known_territory(self.territory, violations, world) and not world.has_card(
            self.territory
        ):
            violations.append(
                Violation(
                    "card_gone",
                    _("%(territory)s's card is already destroyed.")
                    % {"territory": territory_name(self.territory)},
                    "G-8",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(destroyed_cards=world.destroyed_cards | {self.territory})

    def describe(self) -> str:
        return _("%(territory)s's territory card destroyed") % {
            "territory": territory_name(self.territory)
        }


@dataclass(frozen=True)
class CardUpgraded(WorldEvent):
    kind: ClassVar[str] = "card_upgraded"
    territory: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if not known_territory(self.territory, violations, world):
            return violations
        if not world.has_card(self.territory):
            violations.append(
                Violation(
                    "card_gone",
                    _("%(territory)s's card was destroyed.")
                    % {"territory": territory_name(self.territory)},
                    "END-6",
                )
            )
        cap = content().constants["card_coins_max"]
        if world.card_coins[self.territory] >= cap:
            violations.append(
                Violation(
                    "card_full",
                    _("%(territory)s's card already has %(cap)s coins.")
                    % {"territory": territory_name(self.territory), "cap": cap},
                    "END-6",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        coins = {**world.card_coins, self.territory: world.card_coins[self.territory] + 1}
        return world.evolve(card_coins=coins, coin_stickers_used=world.coin_stickers_used + 1)

    def describe(self) -> str:
        return _("%(person)s added a coin to %(territory)s's card") % {
            "person": self.person,
            "territory": territory_name(self.territory),
        }
