"""One game's state: seats, troops on the board, HQs, the sideboard, the turn and any pending
decision. It serializes to JSON without loss.

A `GameState` is treated as immutable once returned. The engine makes a shallow copy per move
and rebinds only the containers that change (copy-on-write), so moves stay cheap.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import MISSING, dataclass, field, fields
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, TypeVar

from rules import names
from rules.data import rules_content
from rules.rng import RngState
from rules.words import decode, encode
from rules.words import gettext as _
from rules.world import World
from rules.world_events import WorldEvent, event_from_json

GAME_OVER = "game_over"


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat. The seat index is the clockwise position, 0..n-1."""

    person: str
    name: str


def _fields_of(record) -> dict[str, Any]:
    """A flat record's fields by name: `asdict` without its deep copy, for records whose
    fields are plain values and tuples (the caller turns the tuples into lists)."""
    return {name: getattr(record, name) for name in _FIELD_NAMES[type(record)]}


@dataclass(frozen=True)
class Seat:
    person: str
    name: str
    faction: str | None = None
    start: str | None = None
    red_star_tokens: int = 0
    missiles: int = 0
    cards: tuple[str, ...] = ()
    """Resource cards: a territory key for a territory card, "coin" for a coin card."""
    scar_card: str | None = None
    eliminated: bool = False
    draft_cards: tuple[str, ...] = ()
    """Print codes of the draft cards this seat drafted (rules additions B-D), if any."""
    starting_troops: int = 8
    """Troops this seat started with: the printed 8, or its drafted troops card (T-5)."""
    knocked_out_by: int | None = None
    """The seat whose conquest last knocked this one out (X-13); None when nobody's did (an
    event or a scar emptied its last territory) or it was never knocked out."""

    def to_json(self) -> dict[str, Any]:
        data = _fields_of(self)
        data["cards"] = list(self.cards)
        data["draft_cards"] = list(self.draft_cards)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            **{
                **data,
                "cards": tuple(data["cards"]),
                "draft_cards": tuple(data.get("draft_cards", ())),
            }
        )


@dataclass(frozen=True)
class TurnFlags:
    """What the current turn has done so far; reset at the start of every turn."""

    conquered: bool = False
    expansions: int = 0
    traded_in: bool = False
    recruits_left: int = 0
    maneuvered: bool = False
    first_target: str | None = None
    first_strike_active: bool = False
    blocked: tuple[str, ...] = ()
    """Territories that cannot be attacked again this turn (a power said so)."""
    expanded_into_city: bool = False
    """An expansion went into a city territory (the Resourceful comeback power reads it)."""
    hq_moved: bool = False
    """An HQ moved this turn (the Mobile comeback power: once a turn)."""
    stealth_territory: str | None = None
    """The empty territory recruits were sent into (the Stealthy comeback power: one a turn)."""
    conquests: tuple[str, ...] = ()
    """Territories taken by attack this turn, in order (missions count them, E-8)."""
    sea_conquests: tuple[str, ...] = ()
    """Those of them taken by an attack across a sea line."""
    trade_in: tuple[str, ...] = ()
    """The resource cards handed in for troops when recruiting (private missions, E124s)."""
    continents_at_start: tuple[str, ...] = ()
    """Continents held whole as the turn began, once private missions are in the box: a
    condition read at the start of the turn is remembered until the claim (Wide Border)."""
    knockout_hands: tuple[int, ...] = ()
    """How many resource cards each player this turn's conquests knocked out held then."""
    placed_in: tuple[str, ...] = ()
    """Territories this turn's recruits went into (the Cautious weakness counts them)."""
    missile_power_users: tuple[int, ...] = ()
    """Seats that used their faction's missile power this turn (J167s: once a turn each)."""
    emp_territories: tuple[str, ...] = ()
    """Territories whose fights keep natural dice until the turn ends (the EMP power)."""
    bonuses_denied: tuple[str, ...] = ()
    """Continents whose bonus the player on turn goes without this turn (Bad Intel)."""
    cards_blocked: tuple[str, ...] = ()
    """Face-up slots ("1".."4", "coin") the drawer may not take this turn (Interference)."""
    conquered_from: tuple[int, ...] = ()
    """The seat each of this turn's conquests was taken from, in order (Mindshackle)."""

    def to_json(self) -> dict[str, Any]:
        data = _fields_of(self)
        for name in LIST_FLAGS:
            data[name] = list(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnFlags:
        lists = {name: tuple(data.get(name, ())) for name in LIST_FLAGS}
        return cls(**{**data, **lists})


LIST_FLAGS = (
    "blocked",
    "conquests",
    "sea_conquests",
    "trade_in",
    "continents_at_start",
    "knockout_hands",
    "placed_in",
    "missile_power_users",
    "emp_territories",
    "bonuses_denied",
    "cards_blocked",
    "conquered_from",
)

_FIELD_NAMES: dict[type, tuple[str, ...]] = {
    record: tuple(f.name for f in fields(record)) for record in (Seat, TurnFlags)
}


@dataclass(eq=True)
class GameState:
    world: World
    game_number: int
    seats: tuple[Seat, ...]
    armies: dict[str, tuple[int, int]]
    """territory -> (seat, troops); only territories with at least one troop appear."""
    hqs: dict[str, int]
    """territory -> seat whose faction's HQ stands there (G-18: HQs never move)."""
    phase: str
    current_seat: int
    first_seat: int | None
    turn_number: int
    turn: TurnFlags
    pending: dict[str, Any] | None
    """The decision the game waits for, JSON-ready; replaced, never mutated in place."""
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]
    slots: tuple[str | None, ...]
    coin_pile: int
    coin_award_done: bool
    event_deck: tuple[str, ...]
    mission: str | None
    mission_deck: tuple[str, ...]
    rng: RngState
    """The dice generator's position (`rules.rng`): never shown to a seat."""
    winner: int | None
    world_events: tuple[WorldEvent, ...]
    turn_order: tuple[int, ...] = ()
    """Seats in the order they take turns (a draft's turn-order cards); empty: clockwise."""
    extra_coin_cards: int = 0
    """Coin cards a draft dealt from outside the coin pile (a campaign setting): the game then
    holds the printed coin cards plus these."""
    comeback_due: tuple[int, ...] = ()
    """Seats owed a comeback pick (rules addition E) by the move being applied: the engine
    asks them once that move is done, so the pick never cuts a step of the rules in half."""
    sea_ban_until: int | None = None
    """The seat whose next turn lifts The Ancient One's ban on attacking or expanding across
    a sea line (DNO-1..DNO-5); None while no such ban stands."""
    hypnotized: str | None = None
    """The territory nobody may attack until the Mutants' next turn starts (Mass Hypnosis)."""
    rule_set: str = "legacy"
    """The rule set the game is played under (`rules.rule_sets`); stored games before rule
    sets existed are Risk Legacy."""
    options: dict[str, Any] = field(default_factory=dict)
    """The rule set's options chosen for this game, JSON-ready (defaults filled in)."""
    table: dict[str, Any] = field(default_factory=dict)
    """What a non-Legacy rule set keeps beyond the shared state (trade-ins so far, the
    neutral seat, headquarters, secret objectives), JSON-ready; replaced, never mutated."""

    # --- copy-on-write ------------------------------------------------------------------------

    def clone(self) -> GameState:
        """A shallow copy: the engine rebinds any container it changes, never mutates it."""
        new = object.__new__(GameState)
        new.__dict__ = self.__dict__.copy()  # a whole dict copied: twice as fast as update
        return new

    def set_seat(self, index: int, **changes: Any) -> None:
        seats = list(self.seats)
        seats[index] = changed(seats[index], **changes)
        self.seats = tuple(seats)

    def set_troops(self, territory: str, seat: int, troops: int) -> None:
        armies = self.armies
        if territory in armies:
            armies = dict(armies)
            if troops > 0:
                armies[territory] = (seat, troops)
            else:
                del armies[territory]
            self.armies = armies
        elif troops > 0:
            self.armies = _inserted(armies, territory, (seat, troops))

    def set_armies(self, changes: dict[str, tuple[int, int]]) -> None:
        """`set_troops` for several territories already holding troops, with one copy: a
        territory's troops at 0 or below take it off the board."""
        armies = dict(self.armies)
        for territory, army in changes.items():
            assert territory in armies
            if army[1] > 0:
                armies[territory] = army
            else:
                del armies[territory]
        self.armies = armies

    def set_hq(self, territory: str, seat: int | None) -> None:
        """Puts the seat's HQ in `territory`, or (None) takes away the HQ standing there."""
        hqs = {t: s for t, s in self.hqs.items() if t != territory}
        self.hqs = hqs if seat is None else _in_key_order({**hqs, territory: seat})

    def __post_init__(self) -> None:
        # Whatever order a stored state's keys come back in (jsonb reorders them), the board
        # is walked in key order, so every result is a function of the state's content alone.
        self.armies = _in_key_order(self.armies)
        self.hqs = _in_key_order(self.hqs)

    # --- questions ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def owner(self, territory: str) -> int | None:
        army = self.armies.get(territory)
        return army[0] if army else None

    def troops(self, territory: str) -> int:
        army = self.armies.get(territory)
        return army[1] if army else 0

    def occupied(self, territory: str) -> bool:
        """G-7: any troop or any HQ."""
        return territory in self.armies or territory in self.hqs

    def controlled(self, seat: int) -> list[str]:
        return [t for t, (owner, _) in self.armies.items() if owner == seat]

    def territory_count(self, seat: int) -> int:
        """How many territories the seat controls (counted in C: no list of their names)."""
        return list(map(_owner_of, self.armies.values())).count(seat)

    def holds_territory(self, seat: int) -> bool:
        """Whether the seat has troops anywhere (stops at the first: most turns ask it; a
        loop, not `any` over a generator, which costs a resumption an army)."""
        for army in self.armies.values():
            if army[0] == seat:
                break
        else:
            return False
        return True

    def troops_on_board(self, seat: int) -> int:
        return sum(n for owner, n in self.armies.values() if owner == seat)

    def population(self, seat: int) -> int:
        """G-11: the population of the cities in the territories this seat controls."""
        armies = self.armies
        total = 0
        for territory, city in self.world.cities.items():  # fewer cities than armies
            army = armies.get(territory)
            if army is not None and army[0] == seat:
                total += city.population
        return total

    def red_stars(self, seat: int) -> int:
        """W-2: HQs this seat controls plus its Red Star tokens."""
        armies = self.armies
        held = self.seats[seat].red_star_tokens
        for territory in self.hqs:
            army = armies.get(territory)
            if army is not None and army[0] == seat:
                held += 1
        return held

    def hq_of(self, seat: int) -> str | None:
        for territory, owner in self.hqs.items():
            if owner == seat:
                return territory
        return None

    def power_effect(self, seat: int) -> str | None:
        """The `effect` key of the starting power on this seat's faction card, if any."""
        faction = self.seats[seat].faction
        power = self.world.starting_powers.get(faction) if faction else None
        return _power_effects()[power] if power else None

    def card_coins(self, card: str) -> int:
        return 1 if card == "coin" else self.world.card_coins[card]

    def clockwise_from(self, seat: int) -> list[int]:
        n = len(self.seats)
        return [(seat + i) % n for i in range(n)]

    def in_turn_order_from(self, seat: int) -> list[int]:
        """Every seat in playing order, starting with `seat` (T-1; addition D after a draft)."""
        return list(_turn_order_from(seat, len(self.seats), self.turn_order))

    def fight_order(self, attacker: int, defender: int) -> tuple[int, ...]:
        """PRI-2: attacker, defender, then the others in turn order from the attacker
        (clockwise, unless a draft's turn-order cards set the order, DIFF-12)."""
        return _fight_order(attacker, defender, len(self.seats), self.turn_order)

    # --- serialization --------------------------------------------------------------------------

    def to_json(self, *, include_world: bool = True) -> dict[str, Any]:
        """The state as JSON. Without `include_world` the world is left out: a store that
        keeps each world once (they are immutable and large) passes it back to `from_json`."""
        data = {"world": self.world.to_json()} if include_world else {}
        return data | {
            "game_number": self.game_number,
            "seats": [s.to_json() for s in self.seats],
            "armies": {t: list(a) for t, a in self.armies.items()},
            "hqs": dict(self.hqs),
            "phase": self.phase,
            "current_seat": self.current_seat,
            "first_seat": self.first_seat,
            "turn_number": self.turn_number,
            "turn": self.turn.to_json(),
            "pending": encode(self.pending),  # a reason in it kept as data
            "draw_pile": list(self.draw_pile),
            "discard_pile": list(self.discard_pile),
            "slots": list(self.slots),
            "coin_pile": self.coin_pile,
            "coin_award_done": self.coin_award_done,
            "event_deck": list(self.event_deck),
            "mission": self.mission,
            "mission_deck": list(self.mission_deck),
            "rng": self.rng,
            "winner": self.winner,
            "world_events": [e.to_json() for e in self.world_events],
            "turn_order": list(self.turn_order),
            "extra_coin_cards": self.extra_coin_cards,
            "comeback_due": list(self.comeback_due),
            "sea_ban_until": self.sea_ban_until,
            "hypnotized": self.hypnotized,
            "rule_set": self.rule_set,
            "options": dict(self.options),
            "table": dict(self.table),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *, world: World | None = None) -> GameState:
        names = {f.name for f in fields(cls)}
        if world is not None:
            data = {**data, "world": None}
        # Games stored before a field with a default existed lack it; nothing else may differ.
        optional = {
            f.name
            for f in fields(cls)
            if f.default is not MISSING or f.default_factory is not MISSING
        }
        if not names - optional <= set(data) <= names:
            raise ValueError("Not a game state: fields differ.")
        return cls(
            world=world if world is not None else World.from_json(data["world"]),
            game_number=data["game_number"],
            seats=tuple(Seat.from_json(s) for s in data["seats"]),
            armies={t: (a[0], a[1]) for t, a in data["armies"].items()},
            hqs=dict(data["hqs"]),
            phase=data["phase"],
            current_seat=data["current_seat"],
            first_seat=data["first_seat"],
            turn_number=data["turn_number"],
            turn=TurnFlags.from_json(data["turn"]),
            pending=decode(data["pending"]),
            draw_pile=tuple(data["draw_pile"]),
            discard_pile=tuple(data["discard_pile"]),
            slots=tuple(data["slots"]),
            coin_pile=data["coin_pile"],
            coin_award_done=data["coin_award_done"],
            event_deck=tuple(data["event_deck"]),
            mission=data["mission"],
            mission_deck=tuple(data["mission_deck"]),
            rng=data["rng"],
            winner=data["winner"],
            world_events=tuple(event_from_json(e) for e in data["world_events"]),
            turn_order=tuple(data.get("turn_order", ())),
            extra_coin_cards=data.get("extra_coin_cards", 0),
            comeback_due=tuple(data.get("comeback_due", ())),
            sea_ban_until=data.get("sea_ban_until"),
            hypnotized=data.get("hypnotized"),
            rule_set=data.get("rule_set", "legacy"),
            options=dict(data.get("options", {})),
            table=dict(data.get("table", {})),
        )


_owner_of = itemgetter(0)
"""An army's seat."""

Record = TypeVar("Record")
_set = object.__setattr__


def changed(record: Record, **changes: Any) -> Record:
    """`dataclasses.replace` for the state's frozen records (`Seat`, `TurnFlags`), which have
    no `__post_init__` to run: a tenth of its cost, and every move makes several."""
    now = record.__dict__  # type: ignore[attr-defined]
    fields_now = {**now, **changes}
    if len(fields_now) != len(now):  # their fields are all their attributes: a name is not one
        unknown = changes.keys() - now.keys()
        raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(unknown))}")
    new = object.__new__(type(record))
    _set(new, "__dict__", fields_now)  # the records are frozen: past their `__setattr__`
    return new


@lru_cache(maxsize=256)
def _turn_order_from(seat: int, seat_count: int, turn_order: tuple[int, ...]) -> tuple[int, ...]:
    """`GameState.in_turn_order_from`, kept: several questions a move ask it, of a few seats."""
    if not turn_order:
        return tuple((seat + i) % seat_count for i in range(seat_count))
    start = turn_order.index(seat)
    return (*turn_order[start:], *turn_order[:start])


@lru_cache(maxsize=256)
def _fight_order(
    attacker: int, defender: int, seat_count: int, turn_order: tuple[int, ...]
) -> tuple[int, ...]:
    """`GameState.fight_order`, kept: every roll asks it, of a few seats."""
    if turn_order:
        start = turn_order.index(attacker)
        order = [*turn_order[start:], *turn_order[:start]]
    else:
        order = [(attacker + i) % seat_count for i in range(seat_count)]
    return (attacker, defender, *(s for s in order if s not in (attacker, defender)))


def _in_key_order(found: dict[str, Any]) -> dict[str, Any]:
    return dict(sorted(found.items()))


def _inserted(found: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """A copy of `found` (in key order) with `key`, not in it, added in its place: the rest
    is already in order, so nothing is sorted."""
    items = list(found.items())
    items.insert(bisect_left(list(found), key), (key, value))
    return dict(items)


@cache
def _power_effects() -> dict[str, str]:
    return {p.key: p.effect for f in rules_content().factions.values() for p in f.powers}


def territory_name(key: str) -> str:
    """A printed territory's name, or a pack's (Alien Island) for a world that placed it (kept
    by key, `rules.names`)."""
    return names.territory(key)


def faction_name(key: str | None) -> str:
    return names.faction(key) if key else _("nobody")
