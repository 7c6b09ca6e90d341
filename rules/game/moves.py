"""Moves: one small dataclass per player action, with a lossless JSON form (`"type"` + fields)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar

from rules.bounds import NAME_MAX
from rules.errors import IllegalMove
from rules.shapes import WrongShape, from_json
from rules.words import gettext as _

MOVE_TYPES: dict[str, type[Move]] = {}
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True)
class Move:
    type: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.type:
            MOVE_TYPES[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        # Fields hold strings, numbers and tuples of them: no deep copy is needed (`asdict`
        # made one, and legal moves are listed by the hundred in every answer).
        data: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True)
class RollForOrder(Move):
    """S-6: roll one die for the order of faction choice."""

    type: ClassVar[str] = "roll_for_order"


@dataclass(frozen=True)
class ChooseFaction(Move):
    """S-6/S-7: take a faction and place its HQ and all 8 starting troops in one territory."""

    type: ClassVar[str] = "choose_faction"
    faction: str
    territory: str


@dataclass(frozen=True)
class DraftPick(Move):
    """Rules additions B and C (S-8): take either one faction card (`faction`) or one draft
    card (`card`, its print code) of a kind not held yet; exactly one of the two is given."""

    type: ClassVar[str] = "draft_pick"
    faction: str = ""
    card: str = ""


@dataclass(frozen=True)
class PlaceStart(Move):
    """Rules addition C (S-8): after the draft, put the HQ and the drafted troops in one legal
    starting territory (S-7), in the order of the placement cards."""

    type: ClassVar[str] = "place_start"
    territory: str


@dataclass(frozen=True)
class BuyRedStar(Move):
    """T-2: hand in exactly 4 resource cards for 1 Red Star token."""

    type: ClassVar[str] = "buy_red_star"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PlayScarCard(Move):
    """T-3: place the scar on the held scar card (on a territory or a faction card), in the
    window its card names: the start of a turn, or just before an attack roll."""

    type: ClassVar[str] = "play_scar_card"
    target: str


@dataclass(frozen=True)
class PassScarCard(Move):
    """T-3: keep the scar card for later when a scar window is offered."""

    type: ClassVar[str] = "pass_scar_card"


@dataclass(frozen=True)
class MoveHQ(Move):
    """The Mobile comeback power (the one exception to G-18): at the start of the turn, one
    HQ it controls moves into a neighbouring territory it controls that holds no HQ."""

    type: ClassVar[str] = "move_hq"
    origin: str
    target: str


@dataclass(frozen=True)
class PlaceStealthily(Move):
    """The Stealthy comeback power: while placing recruits (T-13), some or all of them go into
    one empty, unmarked territory, which the faction then controls."""

    type: ClassVar[str] = "place_stealthily"
    territory: str
    count: int


@dataclass(frozen=True)
class ChooseComebackPower(Move):
    """Pack 2 and rules addition E (X-15): a knocked-out or eliminated faction's player takes
    one of the comeback powers left on the sheet for its blue slot."""

    type: ClassVar[str] = "choose_comeback_power"
    power: str


@dataclass(frozen=True)
class JoinWar(Move):
    """T-5: a player controlling no territory comes back with half the starting troops."""

    type: ClassVar[str] = "join_war"
    territory: str


@dataclass(frozen=True)
class Recruit(Move):
    """T-7..T-11: take the recruit total, with an optional trade-in of cards worth 2-10 coins."""

    type: ClassVar[str] = "recruit"
    trade_in: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlaceTroops(Move):
    """T-13: place some of the recruited troops in a controlled territory."""

    type: ClassVar[str] = "place_troops"
    territory: str
    count: int


@dataclass(frozen=True)
class Expand(Move):
    """X-2..X-4: move troops into an adjacent unoccupied territory."""

    type: ClassVar[str] = "expand"
    origin: str
    target: str
    count: int


@dataclass(frozen=True)
class Attack(Move):
    """X-6: attack an adjacent enemy territory with 1-3 troops."""

    type: ClassVar[str] = "attack"
    origin: str
    target: str
    dice: int


@dataclass(frozen=True)
class DefendWith(Move):
    """X-6: the defender's choice of 1 or 2 defence dice."""

    type: ClassVar[str] = "defend_with"
    dice: int


@dataclass(frozen=True)
class FireMissile(Move):
    """X-10: turn one die of the roll ("attack" or "defence", by index) into an unmodifiable 6."""

    type: ClassVar[str] = "fire_missile"
    side: str
    die_index: int


@dataclass(frozen=True)
class PassMissiles(Move):
    """X-10: fire no (more) missiles on this roll."""

    type: ClassVar[str] = "pass_missiles"


@dataclass(frozen=True)
class MoveIn(Move):
    """X-12: how many troops in total move into the conquered territory."""

    type: ClassVar[str] = "move_in"
    count: int


@dataclass(frozen=True)
class Maneuver(Move):
    """M-3: move troops once between two connected controlled territories."""

    type: ClassVar[str] = "maneuver"
    origin: str
    target: str
    count: int


@dataclass(frozen=True)
class EndTurn(Move):
    """End expanding and attacking (skipping the maneuver), or take no card at end of turn."""

    type: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class TakeCard(Move):
    """E-3: take the face-up territory card in slot 1-4, or "coin" for a coin card."""

    type: ClassVar[str] = "take_card"
    slot: int | str


@dataclass(frozen=True)
class ClaimMission(Move):
    """E-8: claim the face-up mission instead of drawing a card. A mission that places
    something says where: the two ends of a new sea line (`territory`, `target`), or the
    territory of the World Capital and its `name`; any other mission takes none of them."""

    type: ClassVar[str] = "claim_mission"
    territory: str = ""
    target: str = ""
    name: str = ""


@dataclass(frozen=True)
class ClaimSlotMission(Move):
    """Rules addition E124s: claim the private mission in the red slot of one's faction card
    instead of drawing a card (once a game, never in the turn of a face-up mission claim)."""

    type: ClassVar[str] = "claim_slot_mission"


@dataclass(frozen=True)
class ChooseMission(Move):
    """Rules addition E125s: the lead faction's player lays out `mission`, from the mission
    deck, as the face-up mission; the deck is shuffled after."""

    type: ClassVar[str] = "choose_mission"
    mission: str


@dataclass(frozen=True)
class PlaceAlienIsland(Move):
    """U-7 (K181, K182s): the new Alien Collaborator's player joins Alien Island by its two sea
    lines to two different coastal territories, `territory` and `target` (either order)."""

    type: ClassVar[str] = "place_alien_island"
    territory: str
    target: str


@dataclass(frozen=True)
class AcknowledgePack(Move):
    """U-8: the pack that became due has been opened; play resumes."""

    type: ClassVar[str] = "acknowledge_pack"
    pack: str


@dataclass(frozen=True)
class ChooseNukeTarget(Move):
    """Pocket 1 (J162s): who fired the third missile on the roll names the territory the nuke
    hits, the attacking or the defending one."""

    type: ClassVar[str] = "choose_nuke_target"
    territory: str


@dataclass(frozen=True)
class ResolveEvent(Move):
    """E-7: the chooser of the event card on the table takes one of its options (by key),
    naming the city territories it goes to (a territory once per troop when troops are split),
    or the `mission` it lays out; a maneuver the card offers is a `Maneuver`."""

    type: ClassVar[str] = "resolve_event"
    option: str
    territories: tuple[str, ...] = ()
    mission: str = ""


@dataclass(frozen=True)
class ClaimTerritory(Move):
    """CL-3 / IN-4: put one army on an empty territory while the board is being claimed."""

    type: ClassVar[str] = "claim_territory"
    territory: str


@dataclass(frozen=True)
class PlaceNeutral(Move):
    """CL-22: in the two-player game, add one neutral army to a neutral territory."""

    type: ClassVar[str] = "place_neutral"
    territory: str


@dataclass(frozen=True)
class TradeCards(Move):
    """CL-10..CL-13: hand in a set of three cards for armies."""

    type: ClassVar[str] = "trade_cards"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ChooseHeadquarters(Move):
    """CL-30: pick one of one's own territories as the secret headquarters."""

    type: ClassVar[str] = "choose_headquarters"
    territory: str


def _bad(message: str) -> IllegalMove:
    return IllegalMove("bad_move", message, "DESIGN")


def move_from_json(data: Any) -> Move:
    """Build a move from its JSON form; raises IllegalMove("bad_move") on anything malformed."""
    if not isinstance(data, dict):
        raise _bad(_("A move is a JSON object with a 'type'."))
    kind = data.get("type")
    cls = MOVE_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _bad(_("Unknown move type %(type)s.") % {"type": repr(kind)})
    try:
        return cls(**from_json(cls, {k: v for k, v in data.items() if k != "type"}, cls.type))
    except WrongShape as wrong:
        raise _bad(wrong.message) from wrong


@dataclass(frozen=True)
class CardChoice:
    """A choice of cards from a hand for the move field `field`: exactly `count` cards, or any
    cards whose coins total `min_coins`..`max_coins`. `coins[i]` is the value of `hand[i]`."""

    field: str
    hand: tuple[str, ...]
    coins: tuple[int, ...]
    count: int | None = None
    min_coins: int | None = None
    max_coins: int | None = None

    def allows(self, cards: tuple[str, ...]) -> bool:
        left = list(self.hand)
        total = 0
        for card in cards:
            if card not in left:
                return False
            total += self.coins[self.hand.index(card)]
            left.remove(card)
        if self.count is not None and len(cards) != self.count:
            return False
        if self.min_coins is not None and total < self.min_coins:
            return False
        return not (self.max_coins is not None and total > self.max_coins)

    def groups(self) -> list[tuple[str, ...]]:
        """Every distinct allowed group, sorted (can be many for a big hand)."""
        value = dict(zip(self.hand, self.coins, strict=True))
        kinds = sorted(set(self.hand))
        stock = [self.hand.count(k) for k in kinds]
        found: list[tuple[str, ...]] = []

        def walk(index: int, chosen: list[str], total: int) -> None:
            if self.max_coins is not None and total > self.max_coins:
                return
            if self.count is not None and len(chosen) > self.count:
                return
            if index == len(kinds):
                if chosen and self.allows(tuple(chosen)):
                    found.append(tuple(chosen))
                return
            card = kinds[index]
            for n in range(stock[index] + 1):
                walk(index + 1, chosen + [card] * n, total + value[card] * n)

        walk(0, [], 0)
        return sorted(found)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["hand"] = list(self.hand)
        data["coins"] = list(self.coins)
        return data


@dataclass(frozen=True)
class MoveOption:
    """A legal move, or a family of legal moves: differing only in `count` (any value in
    min_count..max_count), in the cards of one field (any group `cards` allows), or in the
    words of the field `text` (any name of 1 to NAME_MAX characters; `move` holds one)."""

    move: Move
    min_count: int | None = None
    max_count: int | None = None
    cards: CardChoice | None = None
    text: str | None = None

    def moves(self) -> list[Move]:
        if self.cards is not None:
            field = self.cards.field
            return [replace(self.move, **{field: group}) for group in self.cards.groups()]
        if self.min_count is None or self.max_count is None:
            return [self.move]
        return [replace(self.move, count=c) for c in range(self.min_count, self.max_count + 1)]  # type: ignore[call-arg]

    def allows(self, move: Move) -> bool:
        if type(move) is not type(self.move):
            return False
        if self.text is not None:
            words = getattr(move, self.text)
            return (
                isinstance(words, str)
                and bool(words.strip())
                and len(words) <= NAME_MAX
                and replace(move, **{self.text: ""}) == replace(self.move, **{self.text: ""})
            )
        if self.cards is not None:
            field = self.cards.field
            return self.cards.allows(getattr(move, field)) and replace(
                move, **{field: ()}
            ) == replace(self.move, **{field: ()})
        if self.min_count is None or self.max_count is None:
            return move == self.move
        count = move.count  # type: ignore[attr-defined]
        return (
            self.min_count <= count <= self.max_count
            and replace(move, count=self.min_count) == self.move  # type: ignore[call-arg]
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"move": self.move.to_json()}
        if self.min_count is not None:
            data["min_count"] = self.min_count
            data["max_count"] = self.max_count
        if self.cards is not None:
            data["cards"] = self.cards.to_json()
        if self.text is not None:
            data["text"] = self.text
        return data
