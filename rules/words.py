"""The engine's words, kept as data, in the reader's language, without importing Django.

The engine marks its refusals and its game-log lines with `gettext` (as `_`) so that
`makemessages` finds them. `gettext` gives a `Message`: a `str` worded in the active language
(a refusal shows at once, in the language of the request that caused it) that also keeps the
catalogue's message and its blanks. Data names (territories, factions, cards) are `Name`s kept
by kind and key, lists `Listed`. `encode` stores any of them as JSON holding no sentence, and
`decode`/`worded` word that JSON again in whatever language is active when it is read: a game
event, why a pack opened, a refusal an owner accepted are facts, worded at reading.

The web layer installs Django's translation functions at start-up (`campaign.apps`). Without
that installation (scripts, the engine's own tests) every word stays English.

A message kept in a module constant is marked with `gettext_noop` and translated where it is
used: a constant is built once, at import, in no one's language.

Data files (`fixtures/`) are translated by their own files under `fixtures/locale/<language>/`
(see `rules.data.load`), keyed by the language `language()` returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _no_language() -> str | None:
    return None


_gettext: Callable[[str], str] = str
_ngettext: Callable[[str, str, int], str] = _english_plural
_language: Callable[[], str | None] = _no_language


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    language: Callable[[], str | None],
) -> None:
    """Use these translation functions from now on (Django's, in the web layer)."""
    global _gettext, _ngettext, _language
    _gettext, _ngettext, _language = gettext, ngettext, language


def gettext(message: str) -> Message:
    """The message in the active language, kept as data (`Message`)."""
    return Message(message)


def ngettext(singular: str, plural: str, n: int) -> Message:
    return Message(singular, plural, n)


class _BlankSaids(dict[str, "Said"]):
    """msgid -> its `Said` with no blanks filled (the catalogue's messages: a bounded set),
    each made the first time it is asked for."""

    def __missing__(self, message: str) -> Said:
        found = self[message] = Said(message)
        return found


gettext_lazy: Callable[[str], Said] = _BlankSaids().__getitem__
"""The message kept as data only (`Said`), worded when read: what a game event says. A `Said`
never changes (`%` makes another), so each message's blank one is made once (the look-up is
the dict's own, with no Python call: events ask it several times a move)."""


def ngettext_lazy(singular: str, plural: str, n: int) -> Said:
    return Said(singular, plural, n)


def gettext_noop(message: str) -> str:
    """Marks a message for the catalogue without translating it (for constants)."""
    return message


def language() -> str:
    """The base language of the reader ("en", "es"): "en" outside a request."""
    code = _language() or "en"
    return code.split("-")[0].lower()


# --- words kept as data ---------------------------------------------------------------------
#
# `gettext` and `ngettext` give a `Message`: the text in the active language (it is a `str`,
# so a refusal shows at once as before) that also keeps what it was made of, the catalogue's
# message and its blanks. A data name (a territory, a faction, a card) is kept the same way, as
# a `Name` (its kind and key), and a list as a `Listed`. `encode` turns any of them into JSON
# that holds no sentence, `decode` words such JSON again in the active language: an event or a
# reason is stored as facts and worded when it is read.

NAME_KINDS: dict[str, Callable[[str], str]] = {}
"""How each kind of `Name` finds its words, in the active language (`rules.names` fills it)."""


def _names_ready() -> None:
    if "territory" not in NAME_KINDS:
        import rules.names  # noqa: F401  (registers the data's kinds of name)


class Message(str):
    """A catalogue message, its blanks filled in, worded in the active language."""

    msgid: str
    plural: str | None
    n: int | None
    params: Any
    capital: bool

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        n: int | None = None,
        params: Any = None,
        capital: bool = False,
    ) -> Message:
        template = _gettext(msgid) if plural is None else _ngettext(msgid, plural, n or 0)
        text = template if params is None else template % params
        if capital:
            text = text[:1].upper() + text[1:]
        made = super().__new__(cls, text)
        made.msgid, made.plural, made.n, made.params, made.capital = (
            msgid,
            plural,
            n,
            params,
            capital,
        )
        return made

    def __mod__(self, params: Any) -> Message:
        return Message(self.msgid, self.plural, self.n, params, self.capital)

    def capitalize(self) -> Message:
        """The message with its first letter upper-case (the rest as written)."""
        return Message(self.msgid, self.plural, self.n, self.params, True)

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return self.msgid, self.plural, self.n, self.params, self.capital

    def to_json(self) -> dict[str, Any]:
        return _message_json(self.msgid, self.plural, self.n, self.params, self.capital)


def _message_json(
    msgid: str, plural: str | None, n: int | None, params: Any, capital: bool
) -> dict[str, Any]:
    """A message as stored: its msgid, plural and count, parameters as data, capital."""
    found: dict[str, Any] = {"$msg": msgid}
    if plural is not None:
        found.update(plural=plural, n=n)
    if params is not None:
        found["params"] = encode(params)
    if capital:
        found["capital"] = True
    return found


class Name(str):
    """A name from the game's data (a territory, a faction, a card...), by kind and key."""

    kind: str
    key: str

    def __new__(cls, kind: str, key: str, text: str | None = None) -> Name:
        if text is None:
            _names_ready()
            text = NAME_KINDS[kind](key)
        made = super().__new__(cls, text)
        made.kind, made.key = kind, key
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return self.kind, self.key

    def to_json(self) -> dict[str, Any]:
        return {"$name": self.kind, "key": self.key}


class Listed(str):
    """Items written one after another with a separator (", ", " or ")."""

    items: tuple[Any, ...]
    separator: str

    def __new__(cls, items: Any, separator: str = ", ") -> Listed:
        items = tuple(items)
        made = super().__new__(cls, str(separator).join(map(str, items)))
        made.items, made.separator = items, separator
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return self.items, self.separator

    def to_json(self) -> dict[str, Any]:
        return {"$list": encode(list(self.items)), "sep": encode(self.separator)}


_new = object.__new__


class Said:
    """A catalogue message and its blanks, not yet worded: what the engine says in a game
    event. Making one looks nothing up; it is worded (`worded_now`) in the language active
    when it is read, and encodes to the same JSON as the `Message` it stands for."""

    __slots__ = ("form", "params")

    def __init__(
        self,
        msgid: str,
        plural: str | None = None,
        n: int | None = None,
        params: Any = None,
        capital: bool = False,
    ) -> None:
        # The message less its blanks, one tuple that every `%` hands on as it is.
        self.form = (msgid, plural, n, capital)
        self.params = params

    def __mod__(self, params: Any) -> Said:
        # Every event fills a message's blanks: made without `__init__`'s defaults.
        made = _new(Said)
        made.form = self.form
        made.params = params
        return made

    def capitalize(self) -> Said:
        msgid, plural, n, _ = self.form
        return Said(msgid, plural, n, self.params, True)

    def to_json(self) -> dict[str, Any]:
        msgid, plural, n, capital = self.form
        return _message_json(msgid, plural, n, self.params, capital)

    def worded_now(self) -> Message:
        """The message in the active language."""
        return decode(self.to_json())  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return str(self.worded_now())

    def __repr__(self) -> str:
        return f"Said({self.form[0]!r}, params={self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.form[0])


class NameKey:
    """A data name by kind and key, not yet looked up (a blank of a `Said`): encodes as the
    `Name` it stands for, which is looked up in the reader's language when read."""

    __slots__ = ("key", "kind")

    def __init__(self, kind: str, key: str) -> None:
        self.kind, self.key = kind, key

    def to_json(self) -> dict[str, Any]:
        return {"$name": self.kind, "key": self.key}

    def __str__(self) -> str:
        return str(Name(self.kind, self.key))

    def __repr__(self) -> str:
        return f"NameKey({self.kind!r}, {self.key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NameKey) and (self.kind, self.key) == (other.kind, other.key)

    def __hash__(self) -> int:
        return hash((self.kind, self.key))


class ListedKey:
    """Items written one after another, not yet worded (a blank of a `Said` whose items are
    `Said`s and `NameKey`s): encodes as the `Listed` it stands for, worded when read."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Any, separator: str = ", ") -> None:
        self.items = tuple(items)
        self.separator = separator

    def to_json(self) -> dict[str, Any]:
        return {"$list": encode(list(self.items)), "sep": encode(self.separator)}

    def __str__(self) -> str:
        return str(decode(self.to_json()))

    def __repr__(self) -> str:
        return f"ListedKey({self.items!r}, {self.separator!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ListedKey) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.separator)


def listed_lazy(items: Any, separator: str = ", ") -> ListedKey:
    """`listed` for a game event's blank: the items are worded only when the event is read."""
    return ListedKey(items, separator)


def listed(items: Any, separator: str = ", ") -> Listed:
    """`separator.join(items)` that keeps its items' words as data."""
    return Listed(items, separator)


def joined(*parts: Any) -> Listed:
    """Parts written together (a name and its print code), keeping each part's words as data."""
    return Listed(parts, "")


def ordinal(n: int, *, feminine: bool = False) -> Name:
    """`n` as an ordinal in the reader's language: "9th"; in Spanish "9.º", or "9.ª" for a
    feminine noun (`feminine`: ciudad, vez, firma), which English ignores."""
    return Name("ordinal_f" if feminine else "ordinal", str(n))


def _ordinal(key: str, feminine: bool) -> str:
    n = int(key)
    if language() == "es":
        return f"{n}.ª" if feminine else f"{n}.º"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


NAME_KINDS["ordinal"] = lambda key: _ordinal(key, False)
NAME_KINDS["ordinal_f"] = lambda key: _ordinal(key, True)


def encode(value: Any) -> Any:
    """`value` as JSON in which words are kept as data (messages, names, lists of them)."""
    if isinstance(value, (Message, Name, Listed, Said, NameKey, ListedKey)):
        return value.to_json()
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    return value


def decode(value: Any) -> Any:
    """JSON from `encode`, its words in the active language (a plain text stays as it is:
    what a person typed)."""
    if isinstance(value, dict):
        if "$msg" in value:
            params = value.get("params")
            return Message(
                value["$msg"],
                value.get("plural"),
                value.get("n"),
                None if params is None else _params(decode(params)),
                bool(value.get("capital")),
            )
        if "$name" in value:
            try:
                return Name(value["$name"], value["key"])
            except KeyError:
                return value["key"]  # data no longer known: its key, rather than nothing
        if "$list" in value:
            return Listed(decode(value["$list"]), decode(value.get("sep", ", ")))
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def _params(params: Any) -> Any:
    """Positional blanks were stored as a list; `%` needs a tuple."""
    return tuple(params) if isinstance(params, list) else params


def worded(value: Any) -> Any:
    """Words kept as data (JSON from `encode`, or a `Message` made in any language) as plain
    text in the active language, for a page, the API or an export: every message and name
    worded, everything else as it is."""
    return _plain(decode(encode(value)))


def worded_json(value: Any) -> Any:
    """`worded` for JSON from `encode` (as stored): nothing in it to encode first."""
    return _plain(decode(value))


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
