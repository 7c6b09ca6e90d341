"""World events of the two pockets and the box bottom: the nuclear strike, missile powers and
the Mutants' evolution (Pocket 1); Alien Island and ruined cities (Pocket 2); the names written
on the box bottom's cards.

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
from rules.words import gettext_noop, listed
from rules.world import Scar, World
from rules.world_events.base import WorldEvent
from rules.world_events.checks import (
    fallout_unchangeable,
    territory_name,
    unknown_faction,
    unknown_territory,
)

NOTHING_SUCH = gettext_noop("Nothing in this campaign's box does that.")
"""Translate it where it is used: `_(NOTHING_SUCH)`."""


def _sealed(rule: str) -> list[Violation]:
    return [Violation("not_in_box", _(NOTHING_SUCH), rule)]


@dataclass(frozen=True)
class NuclearStrike(WorldEvent):
    """Pocket 1 (J162s, J163): the third missile on one roll nuked `territory`, chosen by
    `person`, who fired it for `faction`. The Fallout Zone mark covers any city and scar there,
    ends any fortification, and the territory's card is destroyed; `faction` becomes the
    Bringer of Nuclear Fire (J164s). Troop losses belong to the game, not the world."""

    kind: ClassVar[str] = "nuclear_strike"
    bound_rule: ClassVar[str] = "U-6"
    territory: str
    faction: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.is_open(world, "pocket_1"):
            return _sealed("U-6")
        if self.territory not in board().territories:
            return [unknown_territory(self.territory)]
        if self.faction not in box.factions(world):
            return [unknown_faction(self.faction)]
        if world.fallout is not None:
            return [
                Violation(
                    "fallout_exists",
                    _(
                        "The board already has its fallout zone, in %(territory)s: there is only "
                        "one Fallout Zone mark."
                    )
                    % {"territory": territory_name(world.fallout)},
                    "U-6",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        city = world.cities.get(self.territory)
        scar = world.scars.get(self.territory)
        return world.evolve(
            fallout=self.territory,
            bringer=self.faction,
            destroyed_cards=world.destroyed_cards | {self.territory},
            cities={k: c for k, c in world.cities.items() if k != self.territory},
            covered_cities=(*world.covered_cities, city) if city else world.covered_cities,
            scars={k: s for k, s in world.scars.items() if k != self.territory},
            covered_scars=(*world.covered_scars, scar) if scar else world.covered_scars,
            fortifications={k: f for k, f in world.fortifications.items() if k != self.territory},
        )

    def describe(self) -> str:
        faction = content().faction_name(self.faction)
        return _(
            "%(territory)s was nuked: it is the fallout zone and its card is destroyed; "
            "%(faction)s is the Bringer of Nuclear Fire"
        ) % {"territory": territory_name(self.territory), "faction": faction}


@dataclass(frozen=True)
class MissilePowerGained(WorldEvent):
    """J167s: `faction`, lacking one, took the missile power `power` on gaining a Red Star
    token during play; its player (`person`) picked it."""

    kind: ClassVar[str] = "missile_power_gained"
    bound_rule: ClassVar[str] = "G-3"
    faction: str
    power: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.missile_powers_active(world) or self.power not in box.missile_powers(world):
            return _sealed("G-3")
        found = box.factions(world).get(self.faction)
        if found is None:
            return [unknown_faction(self.faction)]
        power = content().missile_powers[self.power].name
        if not found.slot_open("brown"):
            return [
                Violation(
                    "slot_closed",
                    _("%(faction)s can never take a missile power.") % {"faction": found.name},
                    "G-3",
                )
            ]
        if self.faction in world.missile_powers:
            held = content().missile_powers[world.missile_powers[self.faction]].name
            return [
                Violation(
                    "slot_full",
                    _("%(faction)s already has a missile power (%(power)s).")
                    % {"faction": found.name, "power": held},
                    "G-3",
                )
            ]
        holder = next((f for f, p in world.missile_powers.items() if p == self.power), None)
        if holder is not None:
            return [
                Violation(
                    "power_taken",
                    _(
                        "%(power)s is already on %(faction)s's card: each missile power goes to "
                        "one faction."
                    )
                    % {"power": power, "faction": content().faction_name(holder)},
                    "G-3",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(missile_powers={**world.missile_powers, self.faction: self.power})

    def describe(self) -> str:
        power = content().missile_powers.get(self.power)
        name = power.name if power else self.power
        return _("%(faction)s took the missile power %(power)s") % {
            "faction": content().faction_name(self.faction),
            "power": name,
        }


@dataclass(frozen=True)
class MutantsEvolved(WorldEvent):
    """J178/J179: the Mutants' player scratched `option` off the Evolve card `card`, which
    then stays in the box. Both cards scratched reveal the evolved power (`rules.box`)."""

    kind: ClassVar[str] = "mutants_evolved"
    bound_rule: ClassVar[str] = "E-7"
    card: str
    option: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        card = content().event_cards.get(self.card)
        if card is None or card.key != "mutants_evolve" or not box.is_open(world, card.pack):
            return _sealed("E-7")
        if self.card in world.evolutions:
            return [
                Violation(
                    "already_scratched",
                    _("That Evolve card was scratched already (%(option)s).")
                    % {"option": world.evolutions[self.card]},
                    "E-7",
                )
            ]
        if card.option(self.option) is None:
            choices = listed((o.key for o in card.options), _(" or "))
            return [
                Violation(
                    "bad_option", _("That card offers %(choices)s.") % {"choices": choices}, "E-7"
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(evolutions={**world.evolutions, self.card: self.option})

    def describe(self) -> str:
        return _("The Mutants evolved: %(option)s scratched off (%(card)s)") % {
            "option": self.option,
            "card": self.card,
        }


@dataclass(frozen=True)
class AlienIslandPlaced(WorldEvent):
    """Pocket 2 (K180s-K182s): the faction about to place 30+ troops became the Alien
    Collaborator (its yellow slot), and its player stuck Alien Island in an ocean, joined by
    sea lines to the two coastal territories `ends`."""

    kind: ClassVar[str] = "alien_island_placed"
    bound_rule: ClassVar[str] = "U-7"
    ends: tuple[str, ...]
    faction: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.is_open(world, "pocket_2"):
            return _sealed("U-7")
        if world.alien_island is not None:
            return [Violation("island_exists", _("The island is on the board already."), "U-7")]
        found = box.factions(world).get(self.faction)
        # Any faction whose yellow slot may take a weakness: the Mutants too (K184).
        if found is None or not found.slot_open("yellow"):
            return [unknown_faction(self.faction)]
        violations = [unknown_territory(t) for t in self.ends if t not in board().territories]
        if violations:
            return violations
        if len(self.ends) != 2 or self.ends[0] == self.ends[1]:
            return [
                Violation(
                    "two_ends",
                    _("The island's two sea lines end in two different territories."),
                    "U-7",
                )
            ]
        for end in self.ends:
            if not board_links.touches_ocean(end):
                violations.append(
                    Violation(
                        "not_coastal",
                        _("%(territory)s does not touch an ocean, so no sea line can end there.")
                        % {"territory": territory_name(end)},
                        "U-7",
                    )
                )
            elif refused := fallout_unchangeable(world, end):
                violations.append(refused)
        return violations

    def apply(self, world: World) -> World:
        island = board().pack_territories[board_links.ALIEN_ISLAND]
        weakness = Scar(self.faction, "faction", "alien_collaborator", self.person, self.game or 0)
        return world.evolve(
            alien_island=(self.ends[0], self.ends[1]),
            card_coins={**world.card_coins, island.key: island.coins},
            faction_scars={**world.faction_scars, self.faction: weakness},
        )

    def describe(self) -> str:
        a, b = (territory_name(t) for t in self.ends)
        collaborator = content().faction_name(self.faction)
        return _(
            "Alien Island rose, joined to %(a)s and %(b)s; %(faction)s is the Alien Collaborator"
        ) % {"a": a, "b": b, "faction": collaborator}


@dataclass(frozen=True)
class CityRuined(WorldEvent):
    """K187s/K185s: the Aliens ruined the Minor City in `territory` with a Die Humans card: the
    city stops existing (its sticker stays used), any fortification there ends, and the ruin
    remains a mark. A new city may be founded on top of it."""

    kind: ClassVar[str] = "city_ruined"
    bound_rule: ClassVar[str] = "E-7"
    territory: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.addition_active(world, "ruins"):
            return _sealed("E-7")
        if not board_links.on_board(world, self.territory):
            return [unknown_territory(self.territory)]
        city = world.cities.get(self.territory)
        if city is None or city.kind != "minor":
            return [
                Violation(
                    "not_minor_city",
                    _("%(territory)s holds no Minor City to ruin.")
                    % {"territory": territory_name(self.territory)},
                    "E-7",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        city = world.cities.get(self.territory)
        if city is None:
            return world
        # A ruin under a city founded on it is covered by the new ruin; its sticker stays used.
        buried = world.ruins.get(self.territory)
        return world.evolve(
            cities={k: c for k, c in world.cities.items() if k != self.territory},
            ruins={**world.ruins, self.territory: city},
            covered_cities=(*world.covered_cities, buried) if buried else world.covered_cities,
            fortifications={k: f for k, f in world.fortifications.items() if k != self.territory},
        )

    def describe(self) -> str:
        return _("The city in %(territory)s was ruined") % {
            "territory": territory_name(self.territory)
        }


@dataclass(frozen=True)
class CardsNamed(WorldEvent):
    """The box bottom: each player present wrote their name on one of its event cards, in
    print-code order (`persons[0]` on the first card, and so on)."""

    kind: ClassVar[str] = "cards_named"
    bound_rule: ClassVar[str] = "E-7"
    persons: tuple[str, ...]
    game: int | None = None

    def _cards(self, world: World) -> list[str]:
        return [
            c.code
            for pack in box.opened_contents(world)
            for c in pack.event_cards
            if c.chooser == "named_player"
        ]

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        cards = self._cards(world)
        if not cards:
            return _sealed("E-7")
        if world.named_cards:
            return [Violation("already_named", _("Those cards carry their names already."), "E-7")]
        if not self.persons or len(self.persons) > len(cards):
            return [
                Violation(
                    "bad_names",
                    _("Between 1 and %(count)s players write their names.") % {"count": len(cards)},
                    "E-7",
                )
            ]
        if len(set(self.persons)) != len(self.persons):
            return [Violation("bad_names", _("Each player writes their name once."), "E-7")]
        return []

    def apply(self, world: World) -> World:
        named = dict(zip(self._cards(world), self.persons, strict=False))
        return world.evolve(named_cards={**world.named_cards, **named})

    def describe(self) -> str:
        return _("Names written on the new event cards: %(names)s") % {
            "names": listed(self.persons)
        }
