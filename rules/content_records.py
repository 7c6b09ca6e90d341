"""The game content as typed, immutable records: factions and their powers, scars, packs and
what they hold (cards, missions, powers, settings), and the constants of the box (loaded by
`rules.data.content`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules.board_records import Territory
from rules.words import Name


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
