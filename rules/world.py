"""The persistent campaign world: what the board and the faction cards carry between games.

The world is immutable. It changes only by applying world events (see `rules.world_events`).
People are referred to by a `person` key (a string stable within a campaign), factions,
territories, continents and packs by their fixture keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, TypeVar

from rules.data import rules_board, rules_content
from rules.words import decode, encode

CityKind = Literal["minor", "major", "capital"]
Outcome = Literal["won", "held_on", "eliminated"]
Derived = TypeVar("Derived")


@dataclass(frozen=True)
class City:
    territory: str
    kind: CityKind
    name: str
    founder: str
    game: int

    @property
    def population(self) -> int:
        return rules_content().city_population[self.kind]


@dataclass(frozen=True)
class Scar:
    """A scar sticker on a territory (`on="territory"`) or on a faction card (`on="faction"`)."""

    target: str
    on: Literal["territory", "faction"]
    kind: str
    placed_by: str | None
    game: int
    cancelled: bool = False


@dataclass(frozen=True)
class Fortification:
    territory: str
    wear: int
    game: int

    @property
    def active(self) -> bool:
        return self.wear < rules_content().constants["fortification_wear_boxes"]

    @property
    def uses_left(self) -> int:
        return max(0, rules_content().constants["fortification_wear_boxes"] - self.wear)


@dataclass(frozen=True)
class ContinentName:
    continent: str
    name: str
    namer: str
    game: int


@dataclass(frozen=True)
class Signature:
    person: str
    game: int
    date: str
    slogan: str = ""


@dataclass(frozen=True)
class FactionRecord:
    """One row on the back of a faction card (S-10, END-2): `player` is None when it sat out,
    or, on a won row brought in from before the record, when nobody remembers who won."""

    game: int
    faction: str
    player: str | None
    start: str | None
    outcome: Outcome | None


@dataclass(frozen=True)
class PackOpening:
    pack: str
    game: int | None
    reason: str


POCKET_FIELDS = (
    "fallout",
    "bringer",
    "covered_scars",
    "missile_powers",
    "evolutions",
    "alien_island",
    "ruins",
    "named_cards",
)
"""World fields only the pockets and the box bottom fill."""


@dataclass(frozen=True)
class World:
    starting_powers: dict[str, str] = field(default_factory=dict)
    pregame_coins_placed: bool = False
    card_coins: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(rules_board().territories, 1)
    )
    coin_stickers_used: int = 0
    destroyed_cards: frozenset[str] = frozenset()
    cities: dict[str, City] = field(default_factory=dict)
    scars: dict[str, Scar] = field(default_factory=dict)
    faction_scars: dict[str, Scar] = field(default_factory=dict)
    fortifications: dict[str, Fortification] = field(default_factory=dict)
    fortifications_used: int = 0
    continent_names: dict[str, ContinentName] = field(default_factory=dict)
    continent_marks: dict[str, int] = field(default_factory=dict)
    signatures: tuple[Signature, ...] = ()
    faction_records: tuple[FactionRecord, ...] = ()
    eliminations: int = 0
    packs_opened: dict[str, PackOpening] = field(default_factory=dict)
    games_played: int = 0
    world_name: str | None = None
    world_named_by: str | None = None
    comeback_powers: dict[str, str] = field(default_factory=dict)
    """faction -> the comeback power in its blue slot (Pack 2)."""
    destroyed_box_cards: frozenset[str] = frozenset()
    """Print codes of pack cards destroyed for good (an event card whose option destroys it)."""
    settings: dict[str, str] = field(default_factory=dict)
    """The campaign's readings of points the printed cards leave open (see `rules.box`)."""
    added_sea_lines: tuple[tuple[str, str], ...] = ()
    """Sea lines drawn on the board for good (Explore the World), each pair in key order;
    `rules.board_links` adds them to the printed borders."""
    covered_cities: tuple[City, ...] = ()
    """Cities a later mark was stuck over (the World Capital): gone from the board, but their
    stickers stay used."""
    red_slots: dict[str, str] = field(default_factory=dict)
    """faction -> the private mission stuck in the red slot of its card (Pack 4, E124s)."""
    fallout: str | None = None
    """The territory under the Fallout Zone mark (Pocket 1, J162s): its card is destroyed."""
    bringer: str | None = None
    """The faction that fired the third missile: Bringer of Nuclear Fire (J164s)."""
    covered_scars: tuple[Scar, ...] = ()
    """Scars a later mark was stuck over (the Fallout Zone): their cards stay used."""
    missile_powers: dict[str, str] = field(default_factory=dict)
    """faction -> the missile power in the brown slot of its card (Pocket 1, J167s)."""
    evolutions: dict[str, str] = field(default_factory=dict)
    """Evolve card print code -> the option the Mutants scratched off it (J178, J179)."""
    alien_island: tuple[str, str] | None = None
    """The two territories Alien Island's sea lines join (Pocket 2, K181), once stuck on."""
    ruins: dict[str, City] = field(default_factory=dict)
    """territory -> the city the Aliens ruined there (K185s): gone, the ruin is still a mark."""
    named_cards: dict[str, str] = field(default_factory=dict)
    """Print code -> the person whose name is written on that card (the box bottom)."""

    # --- what is derived from the world alone ----------------------------------------------

    def derived(self, build: Callable[[World], Derived]) -> Derived:
        """What `build` makes of this world, built on first use and kept with it: the world
        never changes, so a game reads its box (`rules.box`) or its borders in constant time.
        Kept outside the fields, so equality, `to_json` and `evolve` never see it."""
        try:
            return self.__dict__["_derived"][build]  # type: ignore[no-any-return]
        except KeyError:
            memo: dict[Callable[[World], Any], Any] = self.__dict__.setdefault("_derived", {})
            found = memo[build] = build(self)
            return found

    # --- questions the rules ask of the world -------------------------------------------

    @property
    def customized(self) -> bool:
        """P-2 and P-3 are done: every faction has its power and the 12 coins are placed."""
        return self.pregame_coins_placed and len(self.starting_powers) == len(
            rules_content().base_factions
        )

    @property
    def next_game_number(self) -> int:
        return self.games_played + 1

    def live_scar(self, territory: str) -> Scar | None:
        scar = self.scars.get(territory)
        return scar if scar and not scar.cancelled else None

    def is_marked(self, territory: str, *, cancelled_scar_is_mark: bool = True) -> bool:
        """G-1 with DIFF-17: a cancelled scar is still a sticker, so still a mark by default.
        The Fallout Zone mark and a ruin are stickers too."""
        if territory in self.cities or territory in self.ruins or territory == self.fallout:
            return True
        scar = self.scars.get(territory)
        if scar is None:
            return False
        return cancelled_scar_is_mark or not scar.cancelled

    def population(self, territory: str) -> int:
        city = self.cities.get(territory)
        return city.population if city else 0

    def is_fortified(self, territory: str) -> bool:
        fort = self.fortifications.get(territory)
        return bool(fort and fort.active)

    def continent_bonus(self, continent: str, person: str | None = None) -> int:
        """T-10: printed bonus, plus the +1/-1 mark, plus 1 for the person who named it."""
        bonus = rules_board().continents[continent].bonus + self.continent_marks.get(continent, 0)
        named = self.continent_names.get(continent)
        if person is not None and named is not None and named.namer == person:
            bonus += 1
        return bonus

    def has_card(self, territory: str) -> bool:
        return territory not in self.destroyed_cards

    def signature_count(self, person: str) -> int:
        return sum(1 for s in self.signatures if s.person == person)

    def signature_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for signature in self.signatures:
            counts[signature.person] = counts.get(signature.person, 0) + 1
        return counts

    def supplies_left(self) -> dict[str, int]:
        """What the sticker sheet still holds (C-10)."""
        total = rules_content().supplies
        placed = [*self.cities.values(), *self.covered_cities, *self.ruins.values()]
        minor = sum(1 for c in placed if c.kind == "minor")
        major = sum(1 for c in placed if c.kind == "major")
        capital = sum(1 for c in placed if c.kind == "capital")
        cancels = sum(1 for s in (*self.scars.values(), *self.covered_scars) if s.cancelled)
        marks = list(self.continent_marks.values())
        return {
            "minor_city": total["minor_city"] - minor,
            "major_city": total["major_city"] - major,
            "world_capital": total["world_capital"] - capital,
            "scar_cancel": total["scar_cancel"] - cancels,
            "continent_mark_plus": total["continent_mark_plus"] - marks.count(1),
            "continent_mark_minus": total["continent_mark_minus"] - marks.count(-1),
            "fortification": total["fortification"] - self.fortifications_used,
        }

    def faction_history(self, faction: str) -> tuple[FactionRecord, ...]:
        return tuple(r for r in self.faction_records if r.faction == faction)

    def wins(self, faction: str) -> int:
        """Won rows on the back of the faction card (S-10)."""
        return sum(1 for r in self.faction_records if r.faction == faction and r.outcome == "won")

    @property
    def capital(self) -> str | None:
        """The territory of the World Capital, once it is placed."""
        return next((t for t, c in self.cities.items() if c.kind == "capital"), None)

    # --- serialization -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["destroyed_cards"] = sorted(self.destroyed_cards)
        data["destroyed_box_cards"] = sorted(self.destroyed_box_cards)
        data["signatures"] = [asdict(s) for s in self.signatures]
        data["faction_records"] = [asdict(r) for r in self.faction_records]
        data["added_sea_lines"] = [list(pair) for pair in self.added_sea_lines]
        data["covered_cities"] = [asdict(c) for c in self.covered_cities]
        data["covered_scars"] = [asdict(c) for c in self.covered_scars]
        data["alien_island"] = list(self.alien_island) if self.alien_island else None
        data["packs_opened"] = encode(data["packs_opened"])  # a reason kept as data
        # Left out while empty: their very names would tell of a sealed pack (U-8).
        for name in POCKET_FIELDS:
            if not data[name]:
                del data[name]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> World:
        return cls(
            starting_powers=dict(data["starting_powers"]),
            pregame_coins_placed=data["pregame_coins_placed"],
            card_coins=dict(data["card_coins"]),
            coin_stickers_used=data["coin_stickers_used"],
            destroyed_cards=frozenset(data["destroyed_cards"]),
            cities={k: City(**v) for k, v in data["cities"].items()},
            scars={k: Scar(**v) for k, v in data["scars"].items()},
            faction_scars={k: Scar(**v) for k, v in data["faction_scars"].items()},
            fortifications={k: Fortification(**v) for k, v in data["fortifications"].items()},
            fortifications_used=data["fortifications_used"],
            continent_names={k: ContinentName(**v) for k, v in data["continent_names"].items()},
            continent_marks=dict(data["continent_marks"]),
            signatures=tuple(Signature(**s) for s in data["signatures"]),
            faction_records=tuple(FactionRecord(**r) for r in data["faction_records"]),
            eliminations=data["eliminations"],
            packs_opened={k: PackOpening(**decode(v)) for k, v in data["packs_opened"].items()},
            games_played=data["games_played"],
            world_name=data["world_name"],
            world_named_by=data["world_named_by"],
            # Snapshots stored before packs had content lack these.
            comeback_powers=dict(data.get("comeback_powers", {})),
            destroyed_box_cards=frozenset(data.get("destroyed_box_cards", ())),
            settings=dict(data.get("settings", {})),
            added_sea_lines=tuple((a, b) for a, b in data.get("added_sea_lines", ())),
            covered_cities=tuple(City(**c) for c in data.get("covered_cities", ())),
            red_slots=dict(data.get("red_slots", {})),
            fallout=data.get("fallout"),
            bringer=data.get("bringer"),
            covered_scars=tuple(Scar(**c) for c in data.get("covered_scars", ())),
            missile_powers=dict(data.get("missile_powers", {})),
            evolutions=dict(data.get("evolutions", {})),
            alien_island=tuple(data["alien_island"]) if data.get("alien_island") else None,  # type: ignore[arg-type]
            ruins={k: City(**v) for k, v in data.get("ruins", {}).items()},
            named_cards=dict(data.get("named_cards", {})),
        )

    def evolve(self, **changes: Any) -> World:
        """This world with `changes` made (a world event's `apply`). What was derived from it
        and reads none of the changed fields stays with the new world (`kept_across`)."""
        fields_now = {**self.__dict__, **changes}
        memo = fields_now.pop("_derived", None)
        if len(fields_now) != len(self.__dict__) - (memo is not None):
            unknown = changes.keys() - {f.name for f in fields(World)}
            raise TypeError(f"World has no field {', '.join(sorted(unknown))}")
        new = object.__new__(World)
        object.__setattr__(new, "__dict__", fields_now)  # frozen: past its `__setattr__`
        if memo:
            kept = _kept(memo, new, frozenset(changes))
            if kept:
                fields_now["_derived"] = kept
        return new


Carry = Callable[[Any, World, frozenset[str]], Any]
"""What a world's derived value becomes for the next world, given the fields that changed
(`_GONE`: build it again)."""

_CARRIERS: dict[Callable[[World], Any], Carry] = {}
_GONE = object()


def kept_across(*reads: str) -> Callable[[Callable[[World], Derived]], Callable[[World], Derived]]:
    """Marks a `World.derived` builder that reads only the world fields `reads`: its value
    stays with a world evolved without changing any of them. A builder not marked is built
    again for every new world."""
    read = frozenset(reads)

    def mark(build: Callable[[World], Derived]) -> Callable[[World], Derived]:
        _CARRIERS[build] = lambda value, world, changed: _GONE if changed & read else value
        return build

    return mark


def carried_by(carry: Carry) -> Callable[[Callable[[World], Derived]], Callable[[World], Derived]]:
    """Marks a `World.derived` builder whose value `carry` makes over for the next world
    (part of it kept, say), or `_GONE`."""

    def mark(build: Callable[[World], Derived]) -> Callable[[World], Derived]:
        _CARRIERS[build] = carry
        return build

    return mark


def _kept(
    memo: dict[Callable[[World], Any], Any], world: World, changed: frozenset[str]
) -> dict[Callable[[World], Any], Any]:
    kept = {}
    for build, value in memo.items():
        carry = _CARRIERS.get(build)
        if carry is not None:
            found = carry(value, world, changed)
            if found is not _GONE:
                kept[build] = found
    return kept
