"""World events before the first game (P-*): each faction's starting power and the
pre-game coins on the territory cards."""

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
    unknown_faction,
)


@dataclass(frozen=True)
class StartingPowerChosen(WorldEvent):
    kind: ClassVar[str] = "starting_power_chosen"
    faction: str
    power: str

    def check(self, world: World) -> list[Violation]:
        faction = content().base_factions.get(self.faction)
        if faction is None:
            return [unknown_faction(self.faction)]
        if world.games_played:
            return [
                Violation("campaign_started", _("Starting powers are chosen before game 1."), "P-1")
            ]
        if self.faction in world.starting_powers:
            return [
                Violation(
                    "power_already_chosen",
                    _("%(faction)s already has its starting power; the other was destroyed.")
                    % {"faction": faction.name},
                    "P-2",
                )
            ]
        if self.power not in {p.key for p in faction.powers}:
            return [
                Violation(
                    "not_this_factions_power",
                    _("%(faction)s must take one of its own two starting powers.")
                    % {"faction": faction.name},
                    "P-2",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(starting_powers={**world.starting_powers, self.faction: self.power})

    def describe(self) -> str:
        return _("%(faction)s took %(power)s") % {
            "faction": content().factions[self.faction].name,
            "power": content().power(self.power).name,
        }


@dataclass(frozen=True)
class PregameCoinsPlaced(WorldEvent):
    """P-3: the 12 pre-game coin stickers; a territory appears once per sticker it gets."""

    kind: ClassVar[str] = "pregame_coins_placed"
    territories: tuple[str, ...]

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        wanted = content().supplies["pregame_coin_stickers"]
        if world.pregame_coins_placed:
            violations.append(
                Violation(
                    "coins_already_placed", _("The 12 pre-game coins are already placed."), "P-3"
                )
            )
        if world.games_played:
            violations.append(
                Violation("campaign_started", _("Pre-game coins go on before game 1."), "P-3")
            )
        if len(self.territories) != wanted:
            violations.append(
                Violation(
                    "coin_count",
                    _("All %(wanted)s pre-game coins must be placed (got %(got)s).")
                    % {"wanted": wanted, "got": len(self.territories)},
                    "P-3",
                )
            )
        cap = content().constants["card_coins_pregame_max"]
        for key in sorted(set(self.territories)):
            if not known_territory(key, violations, world):
                continue
            total = world.card_coins[key] + self.territories.count(key)
            if total > cap:
                violations.append(
                    Violation(
                        "pregame_card_over_cap",
                        _(
                            "%(territory)s would have %(total)s coins; before game 1 no card may "
                            "have more than %(cap)s."
                        )
                        % {"territory": territory_name(key), "total": total, "cap": cap},
                        "P-3",
                    )
                )
        return violations

    def apply(self, world: World) -> World:
        coins = dict(world.card_coins)
        for key in self.territories:
            coins[key] = coins.get(key, 1) + 1
        return world.evolve(
            card_coins=coins,
            pregame_coins_placed=True,
            coin_stickers_used=world.coin_stickers_used + len(self.territories),
        )

    def describe(self) -> str:
        return _("%(count)s pre-game coins placed on territory cards") % {
            "count": len(self.territories)
        }
