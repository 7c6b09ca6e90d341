"""The game's data names as words kept by key (`rules.words.Name`): a territory, a faction, a
card... is stored as its kind and key and named in the reader's language when read."""

from __future__ import annotations

from collections.abc import Callable

from rules.data import board, content
from rules.words import NAME_KINDS, Name, NameKey, Said, gettext_lazy


def _event_option(key: str) -> str:
    """ "<card code>/<option key>": the option's text."""
    code, _slash, option = key.partition("/")
    card = content().event_cards[code]
    return next(o.text for o in card.options if o.key == option)


KINDS: dict[str, Callable[[str], str]] = {
    "territory": lambda key: board().territory(key).name,
    "continent": lambda key: board().continents[key].name,
    "faction": lambda key: content().factions[key].name,
    "pack": lambda key: content().packs[key].name,
    "scar": lambda key: content().scar_types[key].name,
    "scar_text": lambda key: content().scar_types[key].text,
    "power": lambda key: content().power(key).name,
    "power_text": lambda key: content().power(key).text,
    "event_card": lambda key: content().event_cards[key].name,
    "event_option": _event_option,
    "comeback_power": lambda key: content().comeback_powers[key].name,
    "comeback_power_text": lambda key: content().comeback_powers[key].text,
    "mission": lambda key: content().missions[key].name,
    "mission_text": lambda key: content().missions[key].text,
    "missile_power": lambda key: content().missile_powers[key].name,
    "missile_power_text": lambda key: content().missile_powers[key].text,
    "evolution": lambda key: content().evolutions[key].name,
    "evolution_text": lambda key: content().evolutions[key].text,
}
NAME_KINDS.update(KINDS)


def territory(key: str) -> Name:
    return Name("territory", key)


def faction(key: str) -> Name:
    return Name("faction", key)


def territory_word(key: str) -> NameKey:
    """A territory's name kept by key and looked up only when read (a game event's blank)."""
    return NameKey("territory", key)


def continent_word(key: str) -> NameKey:
    """A continent's name kept by key and looked up only when read (a game event's blank)."""
    return NameKey("continent", key)


def faction_word(key: str | None) -> NameKey | Said:
    """A faction's name, or "nobody", kept as data until read (a game event's blank)."""
    return NameKey("faction", key) if key else gettext_lazy("nobody")
