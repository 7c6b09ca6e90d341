"""Frozen for the migration `0011_words_as_data` (and the import of an export made before it):
a sentence the service stored before words were kept as data (why a pack opened, an event
card's outcome, a refusal an owner accepted, a line of a digital game's log) turned back into
the catalogue message and blanks it was made of (`rules.words.encode`'s JSON).

The sentence is recognised in English or Spanish (each form of a message of the project's
catalogue turned into a pattern whose blanks match anything). A blank that is a data name (a
territory, a faction, a card) becomes that name's kind and key, an ordinal ("2nd", "2.ª") an
ordinal, a nested sentence its own message, and anything else (what a person typed) stays as
typed. A text that is no message of the catalogue comes back as it was.

Not a runtime module: nothing but the migration and the import of an export made before it
(`campaign.services.export`, the same conversion) uses it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import polib
from django.conf import settings

PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")
CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.po"
# Feminine Spanish nouns an ordinal may stand before ("por 2.ª vez", "su 3.ª firma").
FEMININE = ("vez", "firma", "ciudad", "partida")
ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th|\.[ºª])")
# Event fields that held words before words were kept per language (older moves).
WORDED_FIELDS = ("text", "reason")


@dataclass(frozen=True)
class Message:
    msgid: str
    plural: str
    spanish: tuple[str, ...]  # the singular, or every plural form


@dataclass(frozen=True)
class Pattern:
    regexes: tuple[re.Pattern[str], ...]  # blanks as short as they can be, then as long
    literal: tuple[str, ...]  # the pieces between blanks, to skip a pattern quickly
    message: Message
    feminine: frozenset[str]  # blanks the Spanish form puts before a feminine noun


@cache
def _messages() -> tuple[Message, ...]:
    """The messages of the project's catalogue with their Spanish."""
    if not CATALOGUE.exists():
        return ()
    found: list[Message] = []
    for entry in polib.pofile(str(CATALOGUE)):
        if entry.msgctxt or entry.obsolete:
            continue
        if entry.msgid_plural:
            forms = tuple(form for _n, form in sorted(entry.msgstr_plural.items()) if form)
        else:
            forms = (entry.msgstr,) if entry.msgstr else ()
        if entry.msgid and forms:
            found.append(Message(entry.msgid, entry.msgid_plural, forms))
    return tuple(found)


def _feminine(message: Message) -> frozenset[str]:
    found = set()
    for form in message.spanish:
        for m in PLACEHOLDER.finditer(form):
            if form[m.end() :].lstrip().startswith(FEMININE):
                found.add(m[1])
    return frozenset(found)


def _pattern(form: str, message: Message) -> Pattern | None:
    pieces = PLACEHOLDER.split(form)
    if len(pieces) < 4:
        return None
    literal = tuple(p for p in pieces[::3] if p.strip())
    regexes = tuple(re.compile(_regex(pieces, lazy), re.DOTALL) for lazy in (True, False))
    return Pattern(regexes, literal, message, _feminine(message))


def _regex(pieces: list[str], lazy: bool) -> str:
    # split with two groups: text, name, type, text, name, type, ..., text
    regex = ""
    for i in range(0, len(pieces), 3):
        regex += re.escape(pieces[i])
        if i + 1 < len(pieces):
            name = pieces[i + 1]
            group = f"(?P<{name}>.+?)" if lazy else f"(?P<{name}>.+)"
            regex += f"(?P={name})" if f"(?P<{name}>" in regex else group
    return regex


@cache
def _patterns() -> tuple[Pattern, ...]:
    """Every message with blanks, in English and Spanish, the most specific first."""
    found: list[Pattern] = []
    for message in _messages():
        forms = {message.msgid, message.plural, *message.spanish} - {""}
        found += [p for form in forms if (p := _pattern(form, message))]
    return tuple(sorted(found, key=lambda p: -sum(len(x) for x in p.literal)))


@cache
def _whole() -> dict[str, Message]:
    """Messages without blanks, by their English and Spanish text."""
    found: dict[str, Message] = {}
    for message in _messages():
        if not PLACEHOLDER.search(message.msgid):
            for form in (message.msgid, *message.spanish):
                found.setdefault(form, message)
    return found


@cache
def _names() -> dict[str, dict[str, str]]:
    """Each data name (English and Spanish) as `rules.words.Name` JSON."""
    from django.utils import translation

    from rules.data import board, content
    from rules.words import Name

    found: dict[str, dict[str, str]] = {}
    for lang in ("en", "es"):
        with translation.override(lang):
            things: list[Any] = [
                *board().territories.values(),
                *board().pack_territories.values(),
                *board().continents.values(),
            ]
            data = content()
            things += [*data.factions.values(), *data.scar_types.values(), *data.packs.values()]
            things += [p for f in data.factions.values() for p in f.powers]
            things += [*data.event_cards.values(), *data.comeback_powers.values()]
            things += [o for c in data.event_cards.values() for o in c.options]
            things += [*data.missions.values(), *data.missile_powers.values()]
            things += [*data.evolutions.values()]
            for thing in things:
                for value in (getattr(thing, "name", None), getattr(thing, "text", None)):
                    if isinstance(value, Name):
                        found.setdefault(str(value), {"$name": value.kind, "key": value.key})
    return found


def _blank(value: str, feminine: bool, depth: int) -> Any:
    names = _names()
    if value in names:
        return names[value]
    if m := ORDINAL.fullmatch(value):
        return {"$name": "ordinal_f" if feminine else "ordinal", "key": m[1]}
    if value.isdigit():
        return int(value)
    return _kept(value, depth + 1)


def _kept(text: str, depth: int = 0, check: Check | None = None) -> Any:
    """`text` as data: the first reading of it that `check` accepts (one that words again as
    stored), else the first reading, else the text as it is."""
    if depth > 3 or not text.strip() or text.isdigit():
        return text
    whole = _whole().get(text)
    if whole is not None:
        return {"$msg": whole.msgid}
    first = None
    for pattern in _patterns():
        if not all(piece in text for piece in pattern.literal):
            continue
        for regex in pattern.regexes:
            if m := regex.fullmatch(text):
                found = _reading(pattern, m.groupdict(), depth)
                if check is None or check(found):
                    return found
                first = first or found
    return first or text


def _reading(pattern: Pattern, blanks: dict[str, str], depth: int) -> dict[str, Any]:
    params = {
        name: _blank(value, name in pattern.feminine, depth) for name, value in blanks.items()
    }
    found: dict[str, Any] = {"$msg": pattern.message.msgid}
    if pattern.message.plural:
        count = next((v for v in params.values() if isinstance(v, int)), 1)
        found.update(plural=pattern.message.plural, n=count)
    found["params"] = params
    return found


Check = Callable[[Any], bool]


def _words_again(stored: dict[str, Any]) -> Check:
    """Whether a reading words again as the sentences stored per language (`stored`)."""
    from django.utils import translation

    from rules.words import worded

    def check(found: Any) -> bool:
        for code, text in stored.items():
            with translation.override(code):
                if worded(found) != text:
                    return False
        return True

    return check


def kept(text: Any, stored: dict[str, Any] | None = None) -> Any:
    """A stored sentence as words kept as data; anything else (typed, or already data) as is.
    `stored`: the same words in each language, where they were kept, to pick the reading."""
    if isinstance(text, str):
        return _kept(text, check=_words_again(stored) if stored else None)
    if isinstance(text, list):
        others = stored or {}
        return [
            kept(t, {c: v[i] for c, v in others.items() if isinstance(v, list) and len(v) > i})
            for i, t in enumerate(text)
        ]
    return text


def event_kept(event: dict[str, Any]) -> dict[str, Any]:
    """A digital game's event as stored before: its words (the English kept per language, or
    the one sentence older moves held) as data, and no `words` beside them."""
    if not isinstance(event, dict) or isinstance(event.get("text"), dict):
        return event
    per_language = event.get("words") or {}
    english = per_language.get("en") or {}
    fields = set(english) | {f for f in WORDED_FIELDS if isinstance(event.get(f), str)}
    found = {k: v for k, v in event.items() if k != "words"}
    for name in fields:
        stored = {code: words[name] for code, words in per_language.items() if name in words}
        found[name] = kept(english.get(name, event.get(name)), stored)
    return found


# World events (and a game's decision waiting on a pack) whose fields held a sentence the
# rules wrote.
WORDED_EVENT_FIELDS = {
    "pack_opened": ("reason",),
    "event_resolved": ("detail",),
    "open_pack": ("reason",),
    "events_voided": ("reason",),
}


def json_kept(value: Any) -> Any:
    """Any stored JSON (a game's state, a world, a world event) with the sentences it held (why a
    pack opened, what an event card did) kept as data."""
    if isinstance(value, list):
        return [json_kept(v) for v in value]
    if not isinstance(value, dict):
        return value
    found = {k: json_kept(v) for k, v in value.items()}
    for name in WORDED_EVENT_FIELDS.get(found.get("kind"), ()):  # type: ignore[arg-type]
        if isinstance(found.get(name), str):
            found[name] = kept(found[name])
    if isinstance(found.get("packs_opened"), dict):
        found["packs_opened"] = {
            pack: {**opening, "reason": kept(opening.get("reason"))}
            if isinstance(opening, dict)
            else opening
            for pack, opening in found["packs_opened"].items()
        }
    return found


def payload_kept(kind: str, payload: Any) -> Any:
    """A world event record's payload (its kind kept beside it) with its sentences as data."""
    if not isinstance(payload, dict):
        return payload
    found = json_kept({**payload, "kind": kind})
    found.pop("kind")
    return found


HAND = "opened by the owner's hand"


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def refusals_kept(rows: Any) -> Any:
    """Refusals an owner accepted (or a pending log met), their messages as data."""
    if not isinstance(rows, list):
        return rows
    return [
        {**row, "message": kept(row.get("message"))} if isinstance(row, dict) else row
        for row in rows
    ]


def hand_reason_kept(text: str) -> str:
    """The reason the service wrote for a pack opened by hand, as data (in a text column); a
    reason a person typed stays as typed."""
    found = kept(text) if text else text
    if isinstance(found, dict) and found.get("$msg", "").startswith(HAND):
        return _as_text(found)
    return text


def unlock_reason_kept(text: str) -> str:
    """A pack claim's reason (a text column) as data."""
    return _as_text(kept(text)) if text and not text.startswith("{") else text


def export_kept(document: dict[str, Any]) -> dict[str, Any]:
    """A campaign export made before words were kept as data, in the new form (an export made
    after comes back unchanged)."""
    found = dict(document)
    found["events"] = [
        {
            **e,
            "payload": payload_kept(e.get("kind", ""), e.get("payload")),
            "override_reason": hand_reason_kept(e.get("override_reason", "")),
        }
        for e in document.get("events", [])
    ]
    found["game_logs"] = [
        {
            **row,
            "overridden": refusals_kept(row.get("overridden", [])),
            "override_reason": hand_reason_kept(row.get("override_reason", "")),
        }
        for row in document.get("game_logs", [])
    ]
    found["pack_unlocks"] = [
        {**u, "reason": unlock_reason_kept(u.get("reason", ""))}
        for u in document.get("pack_unlocks", [])
    ]
    if isinstance(document.get("digital_games"), list):
        found["digital_games"] = [_game_kept(g) for g in document["digital_games"]]
    return found


def _game_kept(game: Any) -> Any:
    """An exported digital game: its state and start, and its moves' events, as data."""
    if not isinstance(game, dict):
        return game
    found = {k: json_kept(v) if k in ("state", "initial_state") else v for k, v in game.items()}
    if isinstance(game.get("moves"), list):
        found["moves"] = [
            {**m, "events": [event_kept(e) for e in m["events"]]}
            if isinstance(m, dict) and isinstance(m.get("events"), list)
            else m
            for m in game["moves"]
        ]
    return found
