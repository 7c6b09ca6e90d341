"""The board as typed, immutable records: territories, continents, adjacency and sea lines
(loaded by `rules.data.board`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.words import Name


@dataclass(frozen=True)
class Territory:
    key: str
    name: str
    continent: str
    coastal: bool = True
    """The territory touches the sea on the board, so a sea line drawn later may end there."""
    pack: str | None = None
    """None for a printed territory; else the pack that sticks it on the board (Alien Island),
    and only a world whose `rules.board_links` says it is placed has it."""
    coins: int = 1
    """Coins printed on its territory card."""
    code: str | None = None
    """The print code of its territory card, for a pack's territory (K186)."""

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("territory", self.key, self.name))


@dataclass(frozen=True)
class Continent:
    key: str
    name: str
    bonus: int
    territories: tuple[str, ...]

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("continent", self.key, self.name))


@dataclass(frozen=True)
class Board:
    territories: dict[str, Territory]
    """The 42 printed territories."""
    continents: dict[str, Continent]
    neighbours: dict[str, frozenset[str]]
    sea_lines: frozenset[frozenset[str]]
    pack_territories: dict[str, Territory] = field(default_factory=dict)
    """Territories a pack sticks on the board (spoiler: ask `rules.board_links` per world)."""

    def territory(self, key: str) -> Territory:
        """A printed or pack territory by key (for names and cards of a world that has it)."""
        found = self.territories.get(key) or self.pack_territories.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def knows(self, key: str) -> bool:
        return key in self.territories or key in self.pack_territories

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def is_sea_line(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.sea_lines

    def continent_of(self, territory: str) -> Continent:
        return self.continents[self.territories[territory].continent]
