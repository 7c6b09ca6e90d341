"""World events: the only way the campaign world changes, and the pure reducer over them.

Each event knows which rules it must satisfy (`check`, returning violations against the world as
it stands) and how it changes the world (`apply`). `apply` never refuses: an owner may accept an
event the rules refuse (a house rule), and the log must still replay. Callers check first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, TypedDict

from rules import board_links, box
from rules.bounds import COUNT_MAX, bound_violations
from rules.data import board, content
from rules.errors import IllegalWorldEvent, Violation
from rules.shapes import WrongShape, from_json
from rules.words import decode, encode, gettext_noop, listed, ngettext
from rules.words import gettext as _
from rules.world import (
    City,
    ContinentName,
    FactionRecord,
    Fortification,
    PackOpening,
    Scar,
    Signature,
    World,
)

EVENT_TYPES: dict[str, type[WorldEvent]] = {}


def _territory(key: str, violations: list[Violation], world: World) -> bool:
    """The territory is on this world's board (Alien Island only once it is placed)."""
    if not board_links.on_board(world, key):
        violations.append(
            Violation(
                "unknown_territory", _("There is no territory '%(key)s'.") % {"key": key}, "C-2"
            )
        )
        return False
    return True


def fallout_unchangeable(world: World, territory: str) -> Violation | None:
    """J169s: nothing more may ever be stuck on the fallout territory (no scar, city, sea line
    or island end). One refusal for every door that would mark it."""
    if territory != world.fallout:
        return None
    return Violation(
        "fallout_unchangeable",
        _("%(territory)s is the fallout zone: nothing more may ever be added to it.")
        % {"territory": _name(territory)},
        "G-1",
    )


def _not_fallout(world: World, territory: str, violations: list[Violation]) -> bool:
    refused = fallout_unchangeable(world, territory)
    if refused is not None:
        violations.append(refused)
    return refused is None


def _continent(key: str, violations: list[Violation]) -> bool:
    if key not in board().continents:
        violations.append(
            Violation(
                "unknown_continent", _("There is no continent '%(key)s'.") % {"key": key}, "C-2"
            )
        )
        return False
    return True


def _name(territory: str) -> str:
    return board().territory(territory).name if board().knows(territory) else territory


def _unknown_faction(key: str) -> Violation:
    return Violation("unknown_faction", _("There is no faction '%(key)s'.") % {"key": key}, "C-3")


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
SCAR_GOES_ON = {
    "territory": gettext_noop("%(scar)s goes on a territory."),
    "faction": gettext_noop("%(scar)s goes on a faction."),
}


@dataclass(frozen=True)
class WorldEvent(ABC):
    kind: ClassVar[str] = ""
    bound_rule: ClassVar[str] = "DESIGN"  # the rule its bounds' refusals cite

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            EVENT_TYPES[cls.kind] = cls

    def check(self, world: World) -> list[Violation]:
        return []

    def bounds(self) -> list[Violation]:
        """Texts and numbers past what any campaign writes (`rules.bounds`): refused whatever
        an owner accepts, wherever the event comes from."""
        return bound_violations(self, self.bound_rule)

    @abstractmethod
    def apply(self, world: World) -> World: ...

    def describe(self) -> str:
        return self.kind.replace("_", " ")

    def to_json(self) -> dict[str, Any]:
        """Its fields as JSON; words the rules wrote (why a pack opened, what an event card
        did) are kept as data (`rules.words.encode`), worded when read."""
        return {"kind": self.kind, **encode(asdict(self))}


def event_from_json(data: dict[str, Any]) -> WorldEvent:
    """Build a world event from its JSON form; raises IllegalWorldEvent on a wrong shape."""
    data = dict(data)
    kind = data.pop("kind", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalWorldEvent(
            "unknown_event",
            _("Unknown world event kind %(kind)s.") % {"kind": repr(kind)},
            "DESIGN",
        )
    try:
        # Words kept as data (a reason, a detail) are worded first: their fields hold text.
        return cls(**from_json(cls, decode(data), cls.kind))
    except WrongShape as wrong:
        raise IllegalWorldEvent("bad_event", wrong.message, "DESIGN") from wrong


# --- before the first game (P-*) ------------------------------------------------------------


@dataclass(frozen=True)
class StartingPowerChosen(WorldEvent):
    kind: ClassVar[str] = "starting_power_chosen"
    faction: str
    power: str

    def check(self, world: World) -> list[Violation]:
        faction = content().base_factions.get(self.faction)
        if faction is None:
            return [_unknown_faction(self.faction)]
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
            if not _territory(key, violations, world):
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
                        % {"territory": _name(key), "total": total, "cap": cap},
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


# --- a game is played (S-10, END-2, END-4) ----------------------------------------------------


class _PlayerRecordKept(TypedDict):
    person: str
    faction: str
    start: str | None
    outcome: str


class PlayerRecord(_PlayerRecordKept, total=False):
    """One player's row of a game's record (`GameRecorded.players`)."""

    eliminated_by: str
    not_recorded: tuple[str, ...]


@dataclass(frozen=True)
class GameRecorded(WorldEvent):
    """The rows this game writes on the faction cards' backs. `players` is a tuple of dicts
    with keys person, faction, start and outcome (won / held_on / eliminated). A start the
    log left not recorded is None; `not_recorded` (optional) lists the other gaps ("held",
    "reward") of that player."""

    kind: ClassVar[str] = "game_recorded"
    game: int
    played_on: str
    players: tuple[PlayerRecord, ...]

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if self.game != world.next_game_number:
            violations.append(
                Violation(
                    "game_number",
                    _("The next game is game %(next)s, not game %(game)s.")
                    % {"next": world.next_game_number, "game": self.game},
                    "S-1",
                )
            )
        limits = content().constants
        if not limits["players_min"] <= len(self.players) <= limits["players_max"]:
            violations.append(
                Violation(
                    "player_count",
                    _("A game has %(min)s to %(max)s players.")
                    % {"min": limits["players_min"], "max": limits["players_max"]},
                    "C-1",
                )
            )
        factions = [p["faction"] for p in self.players]
        persons = [p["person"] for p in self.players]
        in_box = box.factions(world)
        for faction in factions:
            if faction not in in_box:
                violations.append(_unknown_faction(faction))
        if len(set(factions)) != len(factions):
            violations.append(Violation("faction_twice", _("Each faction is played once."), "S-6"))
        if len(set(persons)) != len(persons):
            violations.append(Violation("person_twice", _("Each person plays one faction."), "S-6"))
        # A start the group did not record is None: nothing to check, never invented.
        starts = [p["start"] for p in self.players if p["start"] is not None]
        for start in starts:
            _territory(start, violations, world)
        if len(set(starts)) != len(starts):
            violations.append(
                Violation("start_twice", _("Two factions cannot start in one territory."), "S-7")
            )
        outcomes = [p["outcome"] for p in self.players]
        if any(o not in {"won", "held_on", "eliminated"} for o in outcomes):
            violations.append(
                Violation("bad_outcome", _("Outcomes are won, held on or eliminated."), "END-2")
            )
        if outcomes.count("won") != 1:
            violations.append(
                Violation("one_winner", _("Exactly one faction wins a game."), "END-2")
            )
        return violations

    def apply(self, world: World) -> World:
        playing = {p["faction"]: p for p in self.players}
        rows = []
        for faction in box.factions(world):
            entry = playing.get(faction)
            rows.append(
                FactionRecord(
                    game=self.game,
                    faction=faction,
                    player=entry["person"] if entry else None,
                    start=entry["start"] if entry else None,
                    outcome=entry["outcome"] if entry else None,
                )
            )
        eliminated = sum(1 for p in self.players if p["outcome"] == "eliminated")
        return world.evolve(
            games_played=max(world.games_played, self.game),
            faction_records=(*world.faction_records, *rows),
            eliminations=world.eliminations + eliminated,
        )

    def describe(self) -> str:
        return _("Game %(game)s played on %(date)s") % {"game": self.game, "date": self.played_on}


@dataclass(frozen=True)
class VictorSigned(WorldEvent):
    kind: ClassVar[str] = "victor_signed"
    bound_rule: ClassVar[str] = "END-4"
    person: str
    game: int
    date: str
    slogan: str = ""

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if self.game > content().constants["rewarded_games"]:
            return [Violation("no_more_signatures", _("Only games 1-15 are signed."), "END-9")]
        if any(s.game == self.game for s in world.signatures):
            return [
                Violation(
                    "already_signed",
                    _("Game %(game)s is already signed.") % {"game": self.game},
                    "END-4",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        signature = Signature(self.person, self.game, self.date, self.slogan)
        return world.evolve(signatures=(*world.signatures, signature))

    def describe(self) -> str:
        return _("%(person)s signed the victors' section for game %(game)s") % {
            "person": self.person,
            "game": self.game,
        }


# --- rewards and marks (END-5, END-6) ---------------------------------------------------------


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
        if not _continent(self.continent, violations):
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
                % {"territory": _name(territory), "coins": coins},
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
                % {"territory": _name(territory), "worth": worth, "coins": coins},
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
        if not _territory(self.territory, violations, world):
            return violations
        if not _not_fallout(world, self.territory, violations):
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
                    % {"territory": _name(self.territory), "city": existing.name},
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
            "territory": _name(self.territory),
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
            if not _territory(self.target, violations, world):
                return violations
            if not _not_fallout(world, self.target, violations):
                return violations
            if world.live_scar(self.target):
                violations.append(
                    Violation(
                        "scar_exists",
                        _("%(territory)s already carries a scar; a territory holds one.")
                        % {"territory": _name(self.target)},
                        "G-4",
                    )
                )
        elif self.on == "faction":
            faction = box.factions(world).get(self.target)
            if faction is None:
                return [_unknown_faction(self.target)]
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
            _name(self.target) if self.on == "territory" else content().factions[self.target].name
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
        if not _territory(self.territory, violations, world):
            return violations
        if world.live_scar(self.territory) is None:
            violations.append(
                Violation(
                    "no_scar",
                    _("%(territory)s has no scar to cancel.")
                    % {"territory": _name(self.territory)},
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
            "territory": _name(self.territory),
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
        if not _continent(self.continent, violations):
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


@dataclass(frozen=True)
class CityFortified(WorldEvent):
    kind: ClassVar[str] = "city_fortified"
    territory: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if not _territory(self.territory, violations, world):
            return violations
        if self.territory not in world.cities:
            violations.append(
                Violation(
                    "no_city",
                    _("%(territory)s has no city to fortify.")
                    % {"territory": _name(self.territory)},
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
            "territory": _name(self.territory),
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
        ) % {"count": self.boxes, "territory": _name(self.territory)}


@dataclass(frozen=True)
class CardDestroyed(WorldEvent):
    kind: ClassVar[str] = "card_destroyed"
    territory: str
    person: str | None
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if _territory(self.territory, violations, world) and not world.has_card(self.territory):
            violations.append(
                Violation(
                    "card_gone",
                    _("%(territory)s's card is already destroyed.")
                    % {"territory": _name(self.territory)},
                    "G-8",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(destroyed_cards=world.destroyed_cards | {self.territory})

    def describe(self) -> str:
        return _("%(territory)s's territory card destroyed") % {"territory": _name(self.territory)}


@dataclass(frozen=True)
class CardUpgraded(WorldEvent):
    kind: ClassVar[str] = "card_upgraded"
    territory: str
    person: str
    game: int

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if not _territory(self.territory, violations, world):
            return violations
        if not world.has_card(self.territory):
            violations.append(
                Violation(
                    "card_gone",
                    _("%(territory)s's card was destroyed.") % {"territory": _name(self.territory)},
                    "END-6",
                )
            )
        cap = content().constants["card_coins_max"]
        if world.card_coins[self.territory] >= cap:
            violations.append(
                Violation(
                    "card_full",
                    _("%(territory)s's card already has %(cap)s coins.")
                    % {"territory": _name(self.territory), "cap": cap},
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
            "territory": _name(self.territory),
        }


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


@dataclass(frozen=True)
class WorldNamed(WorldEvent):
    kind: ClassVar[str] = "world_named"
    bound_rule: ClassVar[str] = "END-8"
    name: str
    person: str

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = self.bounds()
        if world.world_name:
            violations.append(
                Violation("world_named", _("The world already has its name."), "END-8")
            )
        if world.games_played < content().constants["rewarded_games"]:
            violations.append(
                Violation("too_early", _("The world is named at the end of game 15."), "END-8")
            )
        if not self.name.strip():
            violations.append(Violation("name_required", _("Give the world a name."), "END-8"))
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(world_name=self.name.strip(), world_named_by=self.person)

    def describe(self) -> str:
        return _("%(person)s named the world '%(name)s'") % {
            "person": self.person,
            "name": self.name,
        }


@dataclass(frozen=True)
class EventsVoided(WorldEvent):
    """A correction: the listed earlier events (by log sequence number) no longer count.
    Replacement events, if any, follow it in the log. It changes nothing by itself; `replay`
    leaves the voided events out."""

    kind: ClassVar[str] = "events_voided"
    seqs: tuple[int, ...]
    reason: str

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not self.reason.strip():
            return [Violation("reason_required", _("Say why the entry is corrected."), "DESIGN")]
        return []

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return _("Corrected entries %(entries)s: %(reason)s") % {
            "entries": listed(map(str, self.seqs)),
            "reason": self.reason,
        }


# --- the reducer ------------------------------------------------------------------------------


def check_event(world: World, event: WorldEvent) -> list[Violation]:
    return event.check(world)


def apply_event(world: World, event: WorldEvent) -> World:
    return event.apply(world)


def replay(entries: Iterable[tuple[int, WorldEvent]], world: World | None = None) -> World:
    """Fold a numbered log into a world, leaving out events voided by later corrections."""
    entries = list(entries)
    voided = {seq for _, event in entries if isinstance(event, EventsVoided) for seq in event.seqs}
    world = world or World()
    for seq, event in entries:
        if seq not in voided:
            world = event.apply(world)
    return world


# Events that only sealed content brings register themselves on import.
from rules import (  # noqa: E402, F401
    bring_in_world_events,
    card_world_events,
    mission_world_events,
    pocket_world_events,
    red_slot_world_events,
)
