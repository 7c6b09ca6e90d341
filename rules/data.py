"""Loads the board and the game content from `fixtures/` into typed, immutable records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _load(name: str) -> dict[str, Any]:
    with (FIXTURES / name).open(encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True)
class Territory:
    key: str
    name: str
    continent: str


@dataclass(frozen=True)
class Continent:
    key: str
    name: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    territories: dict[str, Territory]
    continents: dict[str, Continent]
    neighbours: dict[str, frozenset[str]]
    sea_lines: frozenset[frozenset[str]]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def is_sea_line(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.sea_lines

    def continent_of(self, territory: str) -> Continent:
        return self.continents[self.territories[territory].continent]


@dataclass(frozen=True)
class Power:
    key: str
    faction: str
    name: str
    effect: str
    text: str


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    colour: str
    powers: tuple[Power, Power]


@dataclass(frozen=True)
class ScarType:
    key: str
    name: str
    target: str
    cards: int
    available_from_start: bool
    effect: str
    text: str


@dataclass(frozen=True)
class Pack:
    key: str
    name: str
    order: int
    rule: str
    timing: str
    condition: dict[str, Any]
    label: str
    progress: str | None


@dataclass(frozen=True)
class Content:
    factions: dict[str, Faction]
    scar_types: dict[str, ScarType]
    trade_in_chart: dict[int, int]
    supplies: dict[str, int]
    city_population: dict[str, int]
    constants: dict[str, int]
    packs: dict[str, Pack]

    def power(self, key: str) -> Power:
        for faction in self.factions.values():
            for power in faction.powers:
                if power.key == key:
                    return power
        raise KeyError(key)


@cache
def board() -> Board:
    raw = _load("board.json")
    territories = {
        t["key"]: Territory(t["key"], t["name"], t["continent"]) for t in raw["territories"]
    }
    continents = {
        c["key"]: Continent(c["key"], c["name"], c["bonus"], tuple(c["territories"]))
        for c in raw["continents"]
    }
    neighbours: dict[str, set[str]] = {key: set() for key in territories}
    sea: set[frozenset[str]] = set()
    for border in raw["borders"]:
        neighbours[border["a"]].add(border["b"])
        neighbours[border["b"]].add(border["a"])
        if border["sea"]:
            sea.add(frozenset((border["a"], border["b"])))
    return Board(
        territories=territories,
        continents=continents,
        neighbours={key: frozenset(value) for key, value in neighbours.items()},
        sea_lines=frozenset(sea),
    )


@cache
def content() -> Content:
    raw = _load("content.json")
    factions = {}
    for f in raw["factions"]:
        powers = tuple(
            Power(p["key"], f["key"], p["name"], p["effect"], p["text"]) for p in f["powers"]
        )
        factions[f["key"]] = Faction(f["key"], f["name"], f["colour"], powers)  # type: ignore[arg-type]
    scars = {s["key"]: ScarType(**s) for s in raw["scar_types"]}
    packs = {p["key"]: Pack(**p) for p in _load("packs.json")["packs"]}
    return Content(
        factions=factions,
        scar_types=scars,
        trade_in_chart={int(k): v for k, v in raw["trade_in_chart"].items()},
        supplies=raw["supplies"],
        city_population=raw["city_population"],
        constants=raw["constants"],
        packs=packs,
    )
