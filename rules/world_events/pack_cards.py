"""World events of the cards Packs 1 and 2 bring: a game's draft (draft cards), an event card
resolved, a comeback power chosen, and a setting chosen for an open point of a pack.

Each refuses what the campaign's box does not hold with the same words as for something that
does not exist at all, so a refusal never tells a campaign what a sealed pack holds (U-8).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, TypedDict

from rules import box
from rules.data import board, content
from rules.errors import Violation
from rules.words import gettext as _
from rules.words import listed
from rules.world import World
from rules.world_events.base import WorldEvent


class DraftPickRecord(TypedDict):
    """What one player drafted (`DraftRecorded.picks`): their four draft cards' print codes."""

    faction: str
    person: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DraftRecorded(WorldEvent):
    """Rules additions B-D: what each faction's player drafted for one game. `picks` holds one
    dict per player: faction, person and `cards` (the print codes of their four draft cards)."""

    kind: ClassVar[str] = "draft_recorded"
    bound_rule: ClassVar[str] = "S-8"
    game: int
    picks: tuple[DraftPickRecord, ...]

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.draft_active(world):
            return [Violation("no_draft", _("This campaign's setup has no draft."), "S-6")]
        in_use = {c.code: c for c in box.draft_cards(world, len(self.picks))}
        violations: list[Violation] = []
        taken: Counter[str] = Counter()
        for pick in self.picks:
            who = content().faction_name(pick.get("faction", ""))
            cards = list(pick.get("cards", ()))
            taken.update(cards)
            unknown = [c for c in cards if c not in in_use]
            if unknown:
                violations.append(
                    Violation(
                        "draft_card_not_in_use",
                        _(
                            "%(faction)s: %(cards)s is not a draft card in use with "
                            "%(players)s players."
                        )
                        % {"faction": who, "cards": listed(unknown), "players": len(self.picks)},
                        "S-8",
                    )
                )
                continue
            kinds = sorted(in_use[c].kind for c in cards)
            if kinds != sorted(box.DRAFT_KINDS):
                violations.append(
                    Violation(
                        "draft_kinds",
                        _(
                            "%(faction)s drafts one card of each kind: troops, coins, turn order "
                            "and placement."
                        )
                        % {"faction": who},
                        "S-8",
                    )
                )
        twice = sorted(code for code, n in taken.items() if n > 1)
        if twice:
            violations.append(
                Violation(
                    "draft_card_twice",
                    _("%(cards)s was drafted twice.") % {"cards": listed(twice)},
                    "S-8",
                )
            )
        left = sorted(set(in_use) - set(taken))
        if not violations and left:
            violations.append(
                Violation(
                    "draft_cards_left",
                    _("Every draft card in use is taken; %(cards)s is left over.")
                    % {"cards": listed(left)},
                    "S-8",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return _("Draft of game %(game)s") % {"game": self.game}


@dataclass(frozen=True)
class EventResolved(WorldEvent):
    """E-7: an event card was drawn and resolved. `option` is the choice its chooser made
    (blank for a card without choices, or when nobody chose: a tie skips the event, or the
    group did not record the choice); `person` is who chose. `detail` says in words what it
    did, and `territories` where the chosen option went (`rules.event_targets`: the cities
    given troops or a fortification, or a maneuver's from and to; events logged before it
    existed have none). A card whose chosen option destroys it leaves the campaign's box for
    good; any mark it placed (a fortification) is its own event."""

    kind: ClassVar[str] = "event_resolved"
    bound_rule: ClassVar[str] = "E-7"
    game: int
    card: str
    option: str = ""
    person: str | None = None
    detail: str = ""
    territories: tuple[str, ...] = ()

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        card = next((c for c in box.event_deck(world) if c.code == self.card), None)
        if card is None:
            return [
                Violation(
                    "unknown_event_card",
                    _("There is no event card '%(card)s' in this campaign's event deck.")
                    % {"card": self.card},
                    "E-7",
                )
            ]
        if self.option and card.option(self.option) is None:
            choices = listed(repr(o.key) for o in card.options)
            return [
                Violation(
                    "bad_event_option",
                    _("%(card)s offers the choices %(choices)s.")
                    % {"card": card.name, "choices": choices},
                    "E-7",
                )
            ]
        unknown = [t for t in self.territories if t not in board().territories]
        if unknown:
            return [
                Violation(
                    "unknown_territory",
                    _("There is no territory '%(key)s'.") % {"key": unknown[0]},
                    "C-2",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        card = content().event_cards.get(self.card)
        option = card.option(self.option) if card else None
        if option is not None and option.after == "destroy":
            return world.evolve(destroyed_box_cards=world.destroyed_box_cards | {self.card})
        return world

    def describe(self) -> str:
        card = content().event_cards.get(self.card)
        name = card.name if card else self.card
        if self.detail:
            return _("Event %(card)s: %(detail)s") % {"card": name, "detail": self.detail}
        return _("Event %(card)s") % {"card": name}


@dataclass(frozen=True)
class ComebackPowerChosen(WorldEvent):
    """Pack 2 and rules addition E: a comeback power goes into a faction's blue slot."""

    kind: ClassVar[str] = "comeback_power_chosen"
    bound_rule: ClassVar[str] = "G-3"
    faction: str
    power: str
    person: str | None
    game: int | None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        powers = box.comeback_powers(world)
        if self.power not in powers:
            return [
                Violation(
                    "unknown_power", _("There is no power '%(key)s'.") % {"key": self.power}, "G-3"
                )
            ]
        faction = box.factions(world).get(self.faction)
        if faction is None:
            return [
                Violation(
                    "unknown_faction",
                    _("There is no faction '%(key)s'.") % {"key": self.faction},
                    "C-3",
                )
            ]
        if not faction.slot_open("blue"):
            return [
                Violation(
                    "slot_closed",
                    _("%(faction)s prints its own comeback power.") % {"faction": faction.name},
                    "G-3",
                )
            ]
        violations = []
        held = world.comeback_powers.get(self.faction)
        if held is not None:
            violations.append(
                Violation(
                    "comeback_held",
                    _(
                        "%(faction)s already holds %(power)s; a faction never holds two comeback "
                        "powers."
                    )
                    % {"faction": content().faction_name(self.faction), "power": powers[held].name},
                    "G-3",
                )
            )
        if self.power in world.comeback_powers.values():
            owner = next(f for f, p in world.comeback_powers.items() if p == self.power)
            violations.append(
                Violation(
                    "comeback_taken",
                    _("%(power)s is already on %(faction)s's card.")
                    % {"power": powers[self.power].name, "faction": content().faction_name(owner)},
                    "G-15",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(comeback_powers={**world.comeback_powers, self.faction: self.power})

    def describe(self) -> str:
        power = content().comeback_powers.get(self.power)
        return _("%(faction)s took %(power)s") % {
            "faction": content().faction_name(self.faction),
            "power": power.name if power else self.power,
        }


@dataclass(frozen=True)
class SettingChosen(WorldEvent):
    """The owner's reading of a point the printed cards leave open (a campaign setting)."""

    kind: ClassVar[str] = "setting_chosen"
    bound_rule: ClassVar[str] = "U-8"
    setting: str
    value: str
    person: str | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        spec = dict((s.key, s) for s, _ in box.settings(world)).get(self.setting)
        if spec is None:
            return [
                Violation(
                    "unknown_setting",
                    _("There is no setting '%(key)s'.") % {"key": self.setting},
                    "U-8",
                )
            ]
        if self.value not in spec.choices:
            return [
                Violation(
                    "bad_setting",
                    _("'%(value)s' is not one of the choices for %(setting)s.")
                    % {"value": self.value, "setting": spec.label.lower()},
                    "U-8",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(settings={**world.settings, self.setting: self.value})

    def describe(self) -> str:
        spec = content().settings.get(self.setting)
        if spec is None:
            return _("Setting %(setting)s set to %(value)s") % {
                "setting": self.setting,
                "value": self.value,
            }
        return f"{spec.label}: {spec.choices.get(self.value, self.value)}"
