"""The game's data in Spanish (issue 14): every word of `fixtures/` that a page shows has its
Spanish in `fixtures/locale/es/<same path>`, the overlay names nothing the English lacks (a typo
there would silently do nothing), and `board()`, `content()` and `glossary()` answer in the
reader's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from campaign.glossary import glossary
from rules import box
from rules.data import FIXTURES, IDENTITY, board, content

SPANISH = FIXTURES / "locale" / "es"

PACK_WORDS = frozenset({"title", "name", "text", "label"})
"""Shown on a pack's page, its cards and the forms of an opened pack: story cards, rules
additions, reference stickers, scar types, event cards and their options, comeback powers,
settings, missions, factions and their powers, territories, missile powers, evolutions."""

WORDS: dict[str, frozenset[str]] = {
    "board.json": frozenset({"name"}),
    "content.json": frozenset({"name", "text"}),
    "packs.json": frozenset({"name", "label", "progress"}),
    "glossary.json": frozenset({"term", "text"}),
    **{
        f"pack_contents/{pack}.json": PACK_WORDS
        for pack in ("pack_1", "pack_2", "pack_3", "pack_4", "pocket_1", "pocket_2", "do_not_open")
    },
}
"""Per data file, the fields whose strings people read. Everything else (keys, codes, effects,
conditions, colours, rule IDs, `classic_name` and `_about` notes) is for the machine or for
whoever edits the data, and stays English."""

WORD_DICTS = frozenset({"choices"})
"""Fields holding a mapping of machine keys to words (a setting's choices)."""

WORD_LISTS = frozenset({"spoiler_terms", "base_words"})
"""Lists of words matched against the shown text (`rules.box.spoiler_terms`): in Spanish they
must be the Spanish words, one for one."""


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def _identity(item: Any) -> str | None:
    if not isinstance(item, dict):
        return None
    return next((str(item[f]) for f in IDENTITY if f in item), None)


def _missing(english: Any, spanish: Any, words: frozenset[str], where: str) -> list[str]:
    """Places of `english` whose shown words `spanish` does not translate."""
    if not isinstance(english, dict):
        return []
    spanish = spanish if isinstance(spanish, dict) else {}
    found: list[str] = []
    for field, value in english.items():
        here = f"{where}.{field}"
        theirs = spanish.get(field)
        if field in words and isinstance(value, str):
            if not (isinstance(theirs, str) and theirs.strip()):
                found.append(here)
        elif field in WORD_DICTS and isinstance(value, dict):
            theirs = theirs if isinstance(theirs, dict) else {}
            found += [f"{here}.{k}" for k in value if not str(theirs.get(k) or "").strip()]
        elif field in WORD_LISTS and isinstance(value, list):
            if value and not (isinstance(theirs, list) and len(theirs) == len(value)):
                found.append(f"{here} (the same number of words)")
        elif isinstance(value, list):
            theirs = theirs if isinstance(theirs, dict) else {}
            for item in value:
                ident = _identity(item)
                if ident is not None:
                    found += _missing(item, theirs.get(ident), words, f"{here}[{ident}]")
        elif isinstance(value, dict):
            found += _missing(value, theirs, words, here)
    return found


def _unknown(english: Any, spanish: Any, words: frozenset[str], where: str) -> list[str]:
    """Places of the overlay that name nothing of `english`, or translate a machine field."""
    found: list[str] = []
    for field, value in spanish.items():
        here = f"{where}.{field}"
        if field not in english:
            found.append(f"{here} (no such field)")
            continue
        theirs = english[field]
        if isinstance(value, str):
            if field not in words or not isinstance(theirs, str):
                found.append(f"{here} (not a shown word)")
        elif isinstance(value, list):
            if field not in WORD_LISTS or not isinstance(theirs, list):
                found.append(f"{here} (not a list of words)")
        elif field in WORD_DICTS:
            found += [f"{here}.{k} (no such choice)" for k in value if k not in theirs]
        elif isinstance(theirs, list):
            for ident, words_of_item in value.items():
                # Items sharing a key (copies of an event card) take the same words: a field
                # is unknown only if none of them has it.
                same = [item for item in theirs if _identity(item) == ident]
                if not same:
                    found.append(f"{here}[{ident}] (no such item)")
                    continue
                each = [set(_unknown(i, words_of_item, words, f"{here}[{ident}]")) for i in same]
                found += sorted(set.intersection(*each))
        elif isinstance(theirs, dict):
            found += _unknown(theirs, value, words, here)
        else:
            found.append(f"{here} (not a shown word)")
    return found


@pytest.mark.parametrize("name", sorted(WORDS))
def test_every_shown_word_has_its_spanish(name):
    english = _read(FIXTURES / name)
    spanish = _read(SPANISH / name)
    missing = _missing(english, spanish, WORDS[name], name)
    assert not missing, "untranslated:\n" + "\n".join(missing)


@pytest.mark.parametrize("name", sorted(WORDS))
def test_the_overlay_names_only_what_the_english_has(name):
    english = _read(FIXTURES / name)
    spanish = _read(SPANISH / name)
    unknown = _unknown(english, spanish, WORDS[name], name)
    assert not unknown, "the overlay names:\n" + "\n".join(unknown)


def test_the_board_map_holds_no_words():
    """Its labels are positions: the names drawn on the map come from `board()`."""
    shown = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for field, value in node.items():
                if field != "_about":
                    walk(value, f"{where}.{field}")
        elif isinstance(node, list):
            for value in node:
                walk(value, f"{where}[]")
        elif isinstance(node, str) and not where.endswith((".colour", ".a", ".b")):
            shown.append(where)

    walk(_read(FIXTURES / "board_map.json"), "board_map.json")
    assert not shown


def test_the_data_answers_in_the_readers_language():
    with translation.override("es"):
        assert board().territory("quebec").name == "Canadá Oriental"
        assert board().territory("greenland").name == "Groenlandia"
        assert board().continents["north_america"].name == "América del Norte"
        assert board().territory("alien_island").name == "Isla Alienígena"
        assert content().factions["enclave_of_the_bear"].name == "Enclave del Oso"
        assert content().power("fortified_hq").name == "CG Fortificado"
        assert content().scar_types["ammo_shortage"].name == "Escasez de Municiones"
        assert content().packs["pocket_1"].name == "Bolsillo 1"
        assert content().packs["pack_1"].progress == "ciudades menores fundadas"
        assert content().event_cards["B73"].name == "Fortificar"
        assert content().event_cards["B73"].option("troops").text.startswith("Suma 2 tropas")
        assert content().settings["riots_rolls"].choices["per_city"].startswith("Una tirada")
        assert glossary()["hq"].term == "CG (cuartel general)"
    with translation.override("en"):
        assert board().territory("quebec").name == "Eastern Canada"
        assert board().continents["north_america"].name == "North America"
        assert content().factions["enclave_of_the_bear"].name == "Enclave of the Bear"
        assert content().packs["pocket_1"].name == "Pocket 1"
        assert content().event_cards["B73"].name == "Fortify"
        assert glossary()["hq"].term == "HQ (headquarters)"


def test_spoiler_terms_are_the_readers_words():
    """`rules.box.spoiler_terms` is matched against the shown text: in Spanish it holds the
    Spanish names, and a name the base game also uses stays out in either language."""
    with translation.override("es"):
        spanish = box.spoiler_terms("pack_1")
        assert "Riesgo Biológico" in spanish and "B73" in spanish
        assert "Fortificar" not in spanish and "Biohazard" not in spanish
        assert "Capital del Mundo" not in box.spoiler_terms("pack_4")
    with translation.override("en"):
        english = box.spoiler_terms("pack_1")
        assert "Biohazard" in english and "Fortify" not in english
        assert "World Capital" not in box.spoiler_terms("pack_4")
