"""Loads the board and the game content from `fixtures/` into typed, immutable records
(`rules.board_records`, `rules.content_records`), in the reader's language."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from rules import words
from rules.board_records import Board, Continent, Territory
from rules.content_records import (
    ComebackPower,
    Content,
    DraftCard,
    EventCard,
    EventOption,
    Evolution,
    Faction,
    MissilePower,
    Mission,
    Pack,
    PackContent,
    PackSetting,
    Power,
    ReferenceSticker,
    RulesAddition,
    ScarType,
    StoryCard,
)

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


BASE_LANGUAGE = "en"
"""The language of the fixtures themselves; a translation only overlays words."""


def board() -> Board:
    """The board, its names in the reader's language."""
    return _board(words.language())


def english_name(territory: str) -> str:
    """A territory's English name: the order in which the rules go through territories "by
    name", the same whoever reads."""
    return _board("en").territory(territory).name


@cache  # one object, asked for several times a move: no frame for the call
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


@cache  # one object, asked for several times a move: no frame for the call
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
