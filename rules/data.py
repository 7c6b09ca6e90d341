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
    coastal: bool = True
    """The territory touches the sea on the board, so a sea line drawn later may end there."""


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
    """A kind of scar card. `timing` says when its card is played: `before_attack_roll` (on the
    defending territory) or `turn_start` (at the start of anyone's turn). `pack` is None for
    the base box, else the pack whose opening adds the cards."""

    key: str
    code: str
    name: str
    target: str
    cards: int
    timing: str
    effect: str
    text: str
    pack: str | None = None


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
class StoryCard:
    code: str
    title: str
    text: str


@dataclass(frozen=True)
class RulesAddition:
    """A rules sticker for a rulebook slot (A-N). `replaces` names the printed rule it replaces,
    if any; engines key additions by `key`, the slot letter is for display."""

    code: str
    slot: str
    key: str
    title: str
    replaces: str | None
    text: str


@dataclass(frozen=True)
class ReferenceSticker:
    code: str | None
    key: str
    title: str
    text: str


@dataclass(frozen=True)
class DraftCard:
    """A draft card (rules addition B): its kind (troops, coins, turn_order, placement), the
    number it shows, and the fewest players with which it is in use."""

    code: str
    kind: str
    value: int
    min_players: int


@dataclass(frozen=True)
class EventOption:
    """One choice on an event card. `effect` is the kind of thing taking it does, which the
    engine carries out and a log records (`rules.event_targets`): `city_troops` (`troops` into
    each of 1..`cities` city territories the chooser controls), `fortification` (one of their
    `cities`) or `maneuver`; blank for a card without choices (the card's own effect acts)."""

    key: str
    text: str
    after: str  # "discard" or "destroy": what becomes of the card once this option is taken
    effect: str = ""
    troops: int = 0
    cities: int = 0


@dataclass(frozen=True)
class EventCard:
    """One printed event card (E-7). Cards with the same `key` have the same effect. `chooser`
    is who picks the option (`most_population`), or None when the card chooses nothing."""

    code: str
    key: str
    name: str
    chooser: str | None
    options: tuple[EventOption, ...]
    pack: str

    def option(self, key: str) -> EventOption | None:
        return next((o for o in self.options if o.key == key), None)


@dataclass(frozen=True)
class ComebackPower:
    """A blue-slot sticker (Pack 2): a faction gets one when knocked out or eliminated."""

    key: str
    name: str
    effect: str
    text: str


@dataclass(frozen=True)
class Mission:
    """A mission card (E-8). `condition` names a kind of condition (`rules.game.missions`)
    with its parameters; `stars` is the printed reward in Red Star tokens; `action` is what the
    claimer does besides (None, "sea_line" or "world_capital"); `after` is where the card goes
    once claimed: "box" (back to the box, in the deck of later games) or "destroy". A
    `private` mission (Pack 4) may instead go into its claimer's red slot (rules addition
    E124s)."""

    code: str
    key: str
    name: str
    stars: int
    condition: dict[str, Any]
    action: str | None
    after: str
    text: str
    pack: str
    private: bool = False


@dataclass(frozen=True)
class PackSetting:
    """A reading the printed cards leave open, chosen per campaign once its pack is open."""

    key: str
    pack: str
    label: str
    default: str
    choices: dict[str, str]


@dataclass(frozen=True)
class PackContent:
    """Everything one sealed pack adds to a campaign's box. Spoiler material: only
    `rules.box` decides who may see it."""

    pack: str
    story: tuple[StoryCard, ...]
    rules_additions: tuple[RulesAddition, ...]
    reference_stickers: tuple[ReferenceSticker, ...]
    scar_types: tuple[ScarType, ...]
    draft_cards: tuple[DraftCard, ...]
    event_cards: tuple[EventCard, ...]
    comeback_powers: tuple[ComebackPower, ...]
    settings: tuple[PackSetting, ...]
    spoiler_terms: tuple[str, ...]
    base_words: tuple[str, ...] = ()
    """Names of this pack's items that the base game uses for something else (the R5 reward
    "Fortify a city" beside the Fortify event card): no spoiler on their own."""
    missions: tuple[Mission, ...] = ()


@dataclass(frozen=True)
class Content:
    factions: dict[str, Faction]
    scar_types: dict[str, ScarType]
    trade_in_chart: dict[int, int]
    supplies: dict[str, int]
    city_population: dict[str, int]
    constants: dict[str, int]
    packs: dict[str, Pack]
    pack_contents: dict[str, PackContent]
    event_cards: dict[str, EventCard]
    draft_cards: dict[str, DraftCard]
    comeback_powers: dict[str, ComebackPower]
    settings: dict[str, PackSetting]
    missions: dict[str, Mission]

    def faction_name(self, key: str) -> str:
        """A faction's name, or the key itself when no faction has it (so a refusal can still
        name what it was given)."""
        faction = self.factions.get(key)
        return faction.name if faction else key

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
        t["key"]: Territory(t["key"], t["name"], t["continent"], t["coastal"])
        for t in raw["territories"]
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
    contents = {k: _pack_content(k) for k in packs if (PACK_CONTENTS / f"{k}.json").exists()}
    for pack in contents.values():
        scars.update({s.key: s for s in pack.scar_types})
    return Content(
        factions=factions,
        scar_types=scars,
        trade_in_chart={int(k): v for k, v in raw["trade_in_chart"].items()},
        supplies=raw["supplies"],
        city_population=raw["city_population"],
        constants=raw["constants"],
        packs=packs,
        pack_contents=contents,
        event_cards={c.code: c for p in contents.values() for c in p.event_cards},
        draft_cards={c.code: c for p in contents.values() for c in p.draft_cards},
        comeback_powers={c.key: c for p in contents.values() for c in p.comeback_powers},
        settings={s.key: s for p in contents.values() for s in p.settings},
        missions={m.code: m for p in contents.values() for m in p.missions},
    )


PACK_CONTENTS = FIXTURES / "pack_contents"


def _pack_content(key: str) -> PackContent:
    raw = _load(f"pack_contents/{key}.json")
    return PackContent(
        pack=key,
        story=tuple(StoryCard(**s) for s in raw.get("story", ())),
        rules_additions=tuple(RulesAddition(**a) for a in raw.get("rules_additions", ())),
        reference_stickers=tuple(ReferenceSticker(**r) for r in raw.get("reference_stickers", ())),
        scar_types=tuple(ScarType(**s, pack=key) for s in raw.get("scar_types", ())),
        draft_cards=tuple(DraftCard(**d) for d in raw.get("draft_cards", ())),
        event_cards=tuple(
            EventCard(
                code=e["code"],
                key=e["key"],
                name=e["name"],
                chooser=e["chooser"],
                options=tuple(EventOption(**o) for o in e["options"]),
                pack=key,
            )
            for e in raw.get("event_cards", ())
        ),
        comeback_powers=tuple(ComebackPower(**c) for c in raw.get("comeback_powers", ())),
        settings=tuple(PackSetting(**s, pack=key) for s in raw.get("settings", ())),
        spoiler_terms=tuple(raw.get("spoiler_terms", ())),
        base_words=tuple(raw.get("base_words", ())),
        missions=tuple(Mission(**m, pack=key) for m in raw.get("missions", ())),
    )
