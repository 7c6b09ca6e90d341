"""Loads the board and the game content from `fixtures/` into typed, immutable records."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from rules import words
from rules.words import Name

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


LOCALES = FIXTURES / "locale"
IDENTITY = ("key", "code", "id")
"""The field that names an item of a list, for matching a translation to its item."""


def load(name: str, lang: str = "en") -> dict[str, Any]:
    """A data file of `fixtures/`, its words in that language where `fixtures/locale/<lang>/`
    translates them (the same shape, holding only the words; list items matched by key, code
    or id). Missing words stay English."""
    with (FIXTURES / name).open(encoding="utf-8") as handle:
        raw = json.load(handle)
    translated = LOCALES / lang / name
    if lang != "en" and translated.exists():
        with translated.open(encoding="utf-8") as handle:
            overlay(raw, json.load(handle))
    return raw


def overlay(raw: Any, words: Any) -> None:
    """Puts the translated words into `raw` in place, walking both trees alike."""
    for field_name, value in words.items() if isinstance(words, dict) else ():
        if field_name not in raw:
            continue
        if isinstance(value, str):
            raw[field_name] = value
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            raw[field_name] = list(value)  # a list of plain words (spoiler terms): replaced whole
        elif isinstance(raw[field_name], list) and isinstance(value, dict):
            for item in raw[field_name]:
                ident = _identity(item)
                if ident is not None and ident in value:
                    overlay(item, value[ident])
        elif isinstance(raw[field_name], dict):
            overlay(raw[field_name], value)


def _identity(item: Any) -> str | None:
    if not isinstance(item, dict):
        return None
    return next((str(item[f]) for f in IDENTITY if f in item), None)


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


@dataclass(frozen=True)
class Power:
    key: str
    faction: str
    name: str
    effect: str
    text: str

    def __post_init__(self) -> None:
        # Its words are kept by key where they are written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("power", self.key, self.name))
        object.__setattr__(self, "text", Name("power_text", self.key, self.text))


@dataclass(frozen=True)
class Faction:
    """A faction card. The five of the base box choose one of their two printed powers (P-2);
    a pack faction (`pack` set) has both printed and active. `slots` says, for a pack faction,
    what its card prints in a slot: "printed" (the slot is filled), "never" (it can never take
    a sticker there), a mission key (red), or "open"."""

    key: str
    name: str
    colour: str
    powers: tuple[Power, ...]
    pack: str | None = None
    slots: dict[str, str] = field(default_factory=dict)

    def slot_open(self, slot: str) -> bool:
        return self.slots.get(slot, "open") == "open"

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("faction", self.key, self.name))


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

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("scar", self.key, self.name))
        object.__setattr__(self, "text", Name("scar_text", self.key, self.text))


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

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("pack", self.key, self.name))


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

    def __post_init__(self) -> None:
        # Its name and its options' words are kept by key where written into an event.
        object.__setattr__(self, "name", Name("event_card", self.code, self.name))
        options = tuple(
            replace(o, text=Name("event_option", f"{self.code}/{o.key}", o.text))
            for o in self.options
        )
        object.__setattr__(self, "options", options)


@dataclass(frozen=True)
class ComebackPower:
    """A blue-slot sticker (Pack 2): a faction gets one when knocked out or eliminated."""

    key: str
    name: str
    effect: str
    text: str

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("comeback_power", self.key, self.name))
        object.__setattr__(self, "text", Name("comeback_power_text", self.key, self.text))


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
    faction: str | None = None
    """The pack faction whose card prints this mission in its red slot, if any."""

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("mission", self.code, self.name))
        object.__setattr__(self, "text", Name("mission_text", self.code, self.text))


@dataclass(frozen=True)
class MissilePower:
    """A brown-slot sticker (Pocket 1): used for one missile, at most once a turn. `timing`
    says when its holder may use it."""

    key: str
    name: str
    timing: str
    text: str

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("missile_power", self.key, self.name))
        object.__setattr__(self, "text", Name("missile_power_text", self.key, self.text))


@dataclass(frozen=True)
class Evolution:
    """A Mutant power hidden on their card until both Evolve cards are scratched: the one
    whose two `options` were the ones scratched."""

    key: str
    name: str
    options: tuple[str, str]
    text: str

    def __post_init__(self) -> None:
        # Its name is kept by key where it is written into an event (`rules.names`).
        object.__setattr__(self, "name", Name("evolution", self.key, self.name))
        object.__setattr__(self, "text", Name("evolution_text", self.key, self.text))


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
    factions: tuple[Faction, ...] = ()
    territories: tuple[Territory, ...] = ()
    missile_powers: tuple[MissilePower, ...] = ()
    evolutions: tuple[Evolution, ...] = ()


@dataclass(frozen=True)
class Content:
    factions: dict[str, Faction]
    """Every faction card, the packs' too: look one up here, but list a world's with
    `rules.box.factions` (a sealed pack's faction is a spoiler)."""
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
    missile_powers: dict[str, MissilePower] = field(default_factory=dict)
    evolutions: dict[str, Evolution] = field(default_factory=dict)

    @property
    def base_factions(self) -> dict[str, Faction]:
        """The five factions of the base box (P-2 gives each a starting power)."""
        return {k: f for k, f in self.factions.items() if f.pack is None}

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


BASE_LANGUAGE = "en"
"""The language of the fixtures themselves; a translation only overlays words."""


def board() -> Board:
    """The board, its names in the reader's language."""
    return _board(words.language())


def english_name(territory: str) -> str:
    """A territory's English name: the order in which the rules go through territories "by
    name", the same whoever reads."""
    return _board("en").territory(territory).name


def rules_board() -> Board:
    """The board for lookups that need no words (keys, borders, bonuses): alike in every
    language, so the rules ask for it without asking whose language is read. Its names are
    the fixtures' own; anything shown to a reader comes from `board()`."""
    return _board(BASE_LANGUAGE)


@cache
def _board(lang: str) -> Board:
    raw = load("board.json", lang)
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
    extra = {
        t.key: t
        for p in load("packs.json", lang)["packs"]
        if (PACK_CONTENTS / f"{p['key']}.json").exists()
        for t in _pack_content(p["key"], lang).territories
    }
    return Board(
        territories=territories,
        continents=continents,
        neighbours={key: frozenset(value) for key, value in neighbours.items()},
        sea_lines=frozenset(sea),
        pack_territories=extra,
    )


def content() -> Content:
    """The game's content, its words in the reader's language."""
    return _content(words.language())


def rules_content() -> Content:
    """The content for lookups that need no words (keys, numbers, effects, print codes): alike
    in every language, so the rules ask for it without asking whose language is read. Its
    names are the fixtures' own; anything shown to a reader comes from `content()`."""
    return _content(BASE_LANGUAGE)


def content_in(lang: str) -> Content:
    """The game's content with its words in `lang` (a language `words.language` returns)."""
    return _content(lang)


@cache
def _content(lang: str) -> Content:
    raw = load("content.json", lang)
    factions = {f["key"]: _faction(f, None) for f in raw["factions"]}
    scars = {s["key"]: ScarType(**s) for s in raw["scar_types"]}
    packs = {p["key"]: Pack(**p) for p in load("packs.json", lang)["packs"]}
    contents = {k: _pack_content(k, lang) for k in packs if (PACK_CONTENTS / f"{k}.json").exists()}
    for pack in contents.values():
        scars.update({s.key: s for s in pack.scar_types})
        factions.update({f.key: f for f in pack.factions})
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
        missile_powers={m.key: m for p in contents.values() for m in p.missile_powers},
        evolutions={e.key: e for p in contents.values() for e in p.evolutions},
    )


PACK_CONTENTS = FIXTURES / "pack_contents"


def _pack_content(key: str, lang: str) -> PackContent:
    raw = load(f"pack_contents/{key}.json", lang)
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
        factions=tuple(_faction(f, key) for f in raw.get("factions", ())),
        territories=tuple(
            Territory(t["key"], t["name"], "", True, key, t["coins"], t.get("code"))
            for t in raw.get("territories", ())
        ),
        missile_powers=tuple(MissilePower(**m) for m in raw.get("missile_powers", ())),
        evolutions=tuple(
            Evolution(e["key"], e["name"], tuple(e["options"]), e["text"])  # type: ignore[arg-type]
            for e in raw.get("evolutions", ())
        ),
    )


def _faction(raw: dict[str, Any], pack: str | None) -> Faction:
    powers = tuple(
        Power(p["key"], raw["key"], p["name"], p["effect"], p["text"]) for p in raw["powers"]
    )
    return Faction(raw["key"], raw["name"], raw["colour"], powers, pack, raw.get("slots", {}))
