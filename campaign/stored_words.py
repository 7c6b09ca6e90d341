"""Sentences the service stored in the words of whoever was reading when they were written (why
a pack opened, a refusal an owner accepted, a line of a digital game's log), shown in the
words of whoever reads them now.

Such a sentence is one of the catalogue's messages with its blanks filled in. It is recognised
in either language (the English message or its Spanish translation, each turned into a pattern
whose placeholders match anything), its blanks are carried over (a data name such as a
territory is swapped for its name in the reader's language, a nested sentence is translated the
same way), and the message is filled in again in the reader's language. Text that is no
message of the catalogue (a reason a person typed) comes back as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import translation

from rules import words
from rules.data import FIXTURES, load
from rules.unlocks import ordinal

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
CATALOGUE = Path(settings.BASE_DIR) / "locale" / "{lang}" / "LC_MESSAGES" / "django.po"
DATA_FILES = ("board.json", "content.json", "packs.json", "glossary.json")
# Feminine Spanish nouns an ordinal may stand before ("por 2.ª vez", "su 3.ª firma").
FEMININE = ("vez", "firma", "ciudad", "partida")
ENGLISH_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)")
SPANISH_ORDINAL = re.compile(r"(\d+)\.[ºª]")


@dataclass(frozen=True)
class Message:
    msgid: str
    plural: str
    translations: tuple[str, ...]  # Spanish: the singular, or every plural form


@dataclass(frozen=True)
class Pattern:
    regex: re.Pattern[str]
    literal: tuple[str, ...]  # the pieces between placeholders, to skip a pattern quickly
    message: Message
    form: str  # the form of the message the pattern was made from


@cache
def _po_messages(lang: str) -> tuple[Message, ...]:
    """The translated messages of the project's catalogue for `lang` (a small .po reader: the
    catalogue is ours, written by makemessages)."""
    path = Path(str(CATALOGUE).format(lang=lang))
    if not path.exists():
        return []
    found: list[Message] = []
    entry: dict[str, list[str]] = {}
    current = ""

    def flush() -> None:
        msgid = "".join(entry.get("msgid", []))
        forms = tuple(
            "".join(v) for k, v in sorted(entry.items()) if k.startswith("msgstr") and "".join(v)
        )
        if msgid and forms and "msgctxt" not in entry:
            found.append(Message(msgid, "".join(entry.get("msgid_plural", [])), forms))

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if entry and not line:
                flush()
                entry, current = {}, ""
            continue
        if line.startswith('"'):
            entry.setdefault(current, []).append(_text(line))
            continue
        key, _space, rest = line.partition(" ")
        current = key
        entry.setdefault(current, []).append(_text(rest))
    if entry:
        flush()
    return tuple(found)


def _text(quoted: str) -> str:
    """A .po string's text (UTF-8 as written, with C escapes)."""
    body = quoted[1:-1]
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), body)


def _pattern(form: str, message: Message) -> Pattern | None:
    pieces = PLACEHOLDER.split(form)
    if len(pieces) < 3:
        return None  # no blank: such a stored sentence shows as the message itself
    regex, literal = "", []
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            regex += re.escape(piece)
            if piece.strip():
                literal.append(piece)
        else:
            group = f"(?P<{piece}>.+?)"
            regex += f"(?P={piece})" if f"(?P<{piece}>" in regex else group
    return Pattern(re.compile(regex, re.DOTALL), tuple(literal), message, form)


@cache
def _patterns() -> tuple[Pattern, ...]:
    """Every message with blanks, in English and Spanish, the most specific first."""
    found: list[Pattern] = []
    for message in _po_messages("es"):
        forms = {message.msgid, message.plural, *message.translations} - {""}
        found += [p for form in forms if (p := _pattern(form, message))]
    return tuple(sorted(found, key=lambda p: -sum(len(x) for x in p.literal)))


@cache
def _whole_sentences() -> dict[str, Message]:
    """Messages without blanks, by their English and Spanish text."""
    found: dict[str, Message] = {}
    for message in _po_messages("es"):
        if not PLACEHOLDER.search(message.msgid):
            for form in (message.msgid, *message.translations):
                found.setdefault(form, message)
    return found


def _pairs(english: Any, spanish: Any, found: dict[str, dict[str, str]]) -> None:
    if isinstance(english, str) and isinstance(spanish, str) and english != spanish:
        found["es"].setdefault(english, spanish)
        found["en"].setdefault(spanish, english)
    elif isinstance(english, dict) and isinstance(spanish, dict):
        for key in english.keys() & spanish.keys():
            _pairs(english[key], spanish[key], found)
    elif isinstance(english, list) and isinstance(spanish, list):
        for a, b in zip(english, spanish, strict=False):
            _pairs(a, b, found)


@cache
def _data_names() -> dict[str, dict[str, str]]:
    """The data's words (territories, factions, cards...) in the other language, both ways."""
    found: dict[str, dict[str, str]] = {"es": {}, "en": {}}
    packs = sorted(p.name for p in (FIXTURES / "pack_contents").glob("*.json"))
    files = [*DATA_FILES, *(f"pack_contents/{name}" for name in packs)]
    for name in files:
        _pairs(load(name, "en"), load(name, "es"), found)
    return found


def _ordinal(value: str, lang: str, after: str) -> str | None:
    """An ordinal of the other language ("2nd", "2.ª") as `rules.unlocks.ordinal` writes it in
    `lang`, the active language."""
    m = (ENGLISH_ORDINAL if lang == "es" else SPANISH_ORDINAL).fullmatch(value)
    if m is None:
        return None
    return ordinal(int(m[1]), feminine=after.lstrip().startswith(FEMININE))


def _blank(value: str, lang: str, after: str) -> str:
    """A filled-in blank in `lang`: a data name, an ordinal, a nested sentence, or as it is."""
    names = _data_names()[lang]
    if value in names:
        return names[value]
    if (ordinal := _ordinal(value, lang, after)) is not None:
        return ordinal
    return _translate(value, lang, depth=1)


def _count(params: dict[str, str]) -> int:
    return next((int(v) for v in params.values() if v.isdigit()), 1)


def _fill(pattern: Pattern, params: dict[str, str], lang: str) -> str:
    message = pattern.message
    if message.plural:
        template = translation.ngettext(message.msgid, message.plural, _count(params))
    else:
        template = translation.gettext(message.msgid)
    filled = {}
    for name, value in params.items():
        after = template.split(f"%({name})", 1)[-1][2:] if f"%({name})" in template else ""
        filled[name] = _blank(value, lang, after)
    return template % filled


@lru_cache(maxsize=8192)
def _translate(text: str, lang: str, depth: int = 0) -> str:
    if depth > 3 or not text.strip() or text.isdigit():
        return text
    whole = _whole_sentences().get(text)
    if whole is not None:
        return translation.gettext(whole.msgid)
    for pattern in _patterns():
        if not all(piece in text for piece in pattern.literal):
            continue
        if m := pattern.regex.fullmatch(text):
            return _fill(pattern, m.groupdict(), lang)
    return text


def in_source_words(text: str) -> str:
    """`text` in the language records are kept in (the messages as written, English): what a
    record stores is then the same whoever's browser wrote it, and `in_reader_words` shows it
    to each reader in theirs."""
    with translation.override(settings.LANGUAGE_CODE):
        return in_reader_words(text)


def in_reader_words(text: str) -> str:
    """`text`, a stored sentence of the service, in the reader's language; anything else as is."""
    if not text:
        return text
    lang = words.language()
    if lang not in {code for code, _name in settings.LANGUAGES}:
        return text
    return _translate(text, lang)
