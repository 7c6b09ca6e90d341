"""World events that only sealed content brings: a game's draft, an event card resolved, a
comeback power chosen, a setting chosen for an open point of a pack, a mission claimed, a sea
line drawn on the board, a city covered by a later mark, a private mission stuck in a red slot
or completed from it, and the lead faction's choice of mission.

Each refuses what the campaign's box does not hold with the same words as for something that
does not exist at all, so a refusal never tells a campaign what a sealed pack holds (U-8).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from rules import board_links, box
from rules.data import Mission, board, content
from rules.errors import Violation
from rules.world import World
from rules.world_events import WorldEvent


def _faction_name(key: str) -> str:
    faction = content().factions.get(key)
    return faction.name if faction else key


@dataclass(frozen=True)
class DraftRecorded(WorldEvent):
    """Rules additions B-D: what each faction's player drafted for one game. `picks` holds one
    dict per player: faction, person and `cards` (the print codes of their four draft cards)."""

    kind: ClassVar[str] = "draft_recorded"
    bound_rule: ClassVar[str] = "S-8"
    game: int
    picks: tuple[dict[str, Any], ...]

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.draft_active(world):
            return [Violation("no_draft", "This campaign's setup has no draft.", "S-6")]
        in_use = {c.code: c for c in box.draft_cards(world, len(self.picks))}
        violations: list[Violation] = []
        taken: Counter[str] = Counter()
        for pick in self.picks:
            who = _faction_name(pick.get("faction", ""))
            cards = list(pick.get("cards", ()))
            taken.update(cards)
            unknown = [c for c in cards if c not in in_use]
            if unknown:
                violations.append(
                    Violation(
                        "draft_card_not_in_use",
                        f"{who}: {', '.join(unknown)} is not a draft card in use with "
                        f"{len(self.picks)} players.",
                        "S-8",
                    )
                )
                continue
            kinds = sorted(in_use[c].kind for c in cards)
            if kinds != sorted(box.DRAFT_KINDS):
                violations.append(
                    Violation(
                        "draft_kinds",
                        f"{who} drafts one card of each kind: troops, coins, turn order and "
                        "placement.",
                        "S-8",
                    )
                )
        twice = sorted(code for code, n in taken.items() if n > 1)
        if twice:
            violations.append(
                Violation("draft_card_twice", f"{', '.join(twice)} was drafted twice.", "S-8")
            )
        left = sorted(set(in_use) - set(taken))
        if not violations and left:
            violations.append(
                Violation(
                    "draft_cards_left",
                    f"Every draft card in use is taken; {', '.join(left)} is left over.",
                    "S-8",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return f"Draft of game {self.game}"


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
                    f"There is no event card '{self.card}' in this campaign's event deck.",
                    "E-7",
                )
            ]
        if self.option and card.option(self.option) is None:
            choices = ", ".join(repr(o.key) for o in card.options)
            return [
                Violation("bad_event_option", f"{card.name} offers the choices {choices}.", "E-7")
            ]
        unknown = [t for t in self.territories if t not in board().territories]
        if unknown:
            return [Violation("unknown_territory", f"There is no territory '{unknown[0]}'.", "C-2")]
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
        return f"Event {name}" + (f": {self.detail}" if self.detail else "")


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
            return [Violation("unknown_power", f"There is no power '{self.power}'.", "G-3")]
        if self.faction not in content().factions:
            return [Violation("unknown_faction", f"There is no faction '{self.faction}'.", "C-3")]
        violations = []
        held = world.comeback_powers.get(self.faction)
        if held is not None:
            violations.append(
                Violation(
                    "comeback_held",
                    f"{_faction_name(self.faction)} already holds {powers[held].name}; a "
                    "faction never holds two comeback powers.",
                    "G-3",
                )
            )
        if self.power in world.comeback_powers.values():
            owner = next(f for f, p in world.comeback_powers.items() if p == self.power)
            violations.append(
                Violation(
                    "comeback_taken",
                    f"{powers[self.power].name} is already on {_faction_name(owner)}'s card.",
                    "G-15",
                )
            )
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(comeback_powers={**world.comeback_powers, self.faction: self.power})

    def describe(self) -> str:
        power = content().comeback_powers.get(self.power)
        return f"{_faction_name(self.faction)} took {power.name if power else self.power}"


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
            return [Violation("unknown_setting", f"There is no setting '{self.setting}'.", "U-8")]
        if self.value not in spec.choices:
            return [
                Violation(
                    "bad_setting",
                    f"'{self.value}' is not one of the choices for {spec.label.lower()}.",
                    "U-8",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(settings={**world.settings, self.setting: self.value})

    def describe(self) -> str:
        spec = content().settings.get(self.setting)
        if spec is None:
            return f"Setting {self.setting} set to {self.value}"
        return f"{spec.label}: {spec.choices.get(self.value, self.value)}"


def _mission_actions(world: World) -> set[str]:
    """What the missions of this campaign's box do besides their stars."""
    return {m.action for m in box.missions(world) if m.action}


@dataclass(frozen=True)
class MissionClaimed(WorldEvent):
    """E-8: `person` claimed the face-up mission `mission` (its print code) in game `game`. A
    mission whose card says so is destroyed; any other goes back to the box. What the claim
    placed (a sea line, the World Capital) is its own event."""

    kind: ClassVar[str] = "mission_claimed"
    bound_rule: ClassVar[str] = "E-8"
    game: int
    mission: str
    person: str | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not any(m.code == self.mission for m in box.mission_deck(world)):
            return [
                Violation(
                    "unknown_mission",
                    f"There is no mission card '{self.mission}' in this campaign's box.",
                    "E-8",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        mission = content().missions.get(self.mission)
        if mission is not None and mission.after == "destroy":
            return world.evolve(destroyed_box_cards=world.destroyed_box_cards | {self.mission})
        return world

    def describe(self) -> str:
        mission = content().missions.get(self.mission)
        name = f"{mission.name} ({self.mission})" if mission else self.mission
        return f"{self.person or 'Someone'} claimed the mission {name}"


@dataclass(frozen=True)
class SeaLineAdded(WorldEvent):
    """A new sea line joins `a` and `b` for good (Explore the World): two different
    territories with a coast that were not adjacent. It is a sea line, never a land border."""

    kind: ClassVar[str] = "sea_line_added"
    bound_rule: ClassVar[str] = "G-12"
    a: str
    b: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if "sea_line" not in _mission_actions(world):
            return [
                Violation("no_sea_lines", "Nothing in this campaign's box draws sea lines.", "G-12")
            ]
        territories = board().territories
        for key in (self.a, self.b):
            if key not in territories:
                return [Violation("unknown_territory", f"There is no territory '{key}'.", "C-2")]
        if self.a == self.b:
            return [Violation("same_territory", "A sea line joins two territories.", "G-12")]
        inland = [territories[k].name for k in (self.a, self.b) if not board_links.touches_ocean(k)]
        if inland:
            return [
                Violation(
                    "no_coast",
                    f"{' and '.join(inland)} has no coast: a sea line ends on a territory "
                    "that touches the sea.",
                    "G-12",
                )
            ]
        if board_links.adjacent(world, self.a, self.b):
            return [
                Violation(
                    "already_adjacent",
                    f"{territories[self.a].name} and {territories[self.b].name} are adjacent "
                    "already.",
                    "G-12",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        pair = (min(self.a, self.b), max(self.a, self.b))
        if pair in world.added_sea_lines:
            return world
        return world.evolve(added_sea_lines=(*world.added_sea_lines, pair))

    def describe(self) -> str:
        names = [
            board().territories[k].name if k in board().territories else k for k in (self.a, self.b)
        ]
        by = f" by {self.person}" if self.person else ""
        return f"A sea line now joins {names[0]} and {names[1]}{by}"


@dataclass(frozen=True)
class CityCovered(WorldEvent):
    """The World Capital goes over the city in `territory` (The World Is Ready): that city
    leaves the board, its sticker stays used, and the capital is founded there next."""

    kind: ClassVar[str] = "city_covered"
    bound_rule: ClassVar[str] = "G-2"
    territory: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if "world_capital" not in _mission_actions(world):
            return [Violation("no_cover", "Nothing in this campaign's box covers a city.", "G-2")]
        territory = board().territories.get(self.territory)
        if territory is None:
            return [
                Violation("unknown_territory", f"There is no territory '{self.territory}'.", "C-2")
            ]
        if self.territory not in world.cities:
            return [Violation("no_city", f"{territory.name} has no city to cover.", "G-2")]
        return []

    def apply(self, world: World) -> World:
        city = world.cities.get(self.territory)
        if city is None:
            return world
        left = {k: c for k, c in world.cities.items() if k != self.territory}
        return world.evolve(cities=left, covered_cities=(*world.covered_cities, city))

    def describe(self) -> str:
        territory = board().territories.get(self.territory)
        where = territory.name if territory else self.territory
        return f"The city in {where} is covered by the new mark"


def _mission_in_box(world: World, code: str) -> Mission | None:
    """The mission card `code` if this campaign's box holds it and it is not destroyed."""
    return next((m for m in box.mission_deck(world) if m.code == code), None)


def _no_mission(code: str) -> Violation:
    return Violation(
        "unknown_mission", f"There is no mission card '{code}' in this campaign's box.", "E-8"
    )


def _mission_name(code: str) -> str:
    mission = content().missions.get(code)
    return f"{mission.name} ({code})" if mission else code


@dataclass(frozen=True)
class PrivateMissionStuck(WorldEvent):
    """Rules addition E124s: `person`, playing `faction`, claimed the private mission
    `mission` with the faction's red slot empty, so the mission is stuck there for good and its
    card is destroyed. Recorded right after the claim's `MissionClaimed`."""

    kind: ClassVar[str] = "private_mission_stuck"
    bound_rule: ClassVar[str] = "E-8"
    faction: str
    mission: str
    person: str | None = None
    game: int | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        mission = _mission_in_box(world, self.mission)
        if mission is None or not mission.private or not box.private_missions_active(world):
            return [_no_mission(self.mission)]
        if self.faction not in content().factions:
            return [Violation("unknown_faction", f"There is no faction '{self.faction}'.", "C-3")]
        held = world.red_slots.get(self.faction)
        if held is not None:
            return [
                Violation(
                    "red_slot_full",
                    f"The red slot of {_faction_name(self.faction)} already holds "
                    f"{_mission_name(held)}: the card is discarded instead.",
                    "G-3",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(
            red_slots={**world.red_slots, self.faction: self.mission},
            destroyed_box_cards=world.destroyed_box_cards | {self.mission},
        )

    def describe(self) -> str:
        faction = _faction_name(self.faction)
        return f"{_mission_name(self.mission)} went into the red slot of {faction}"


def into_red_slot(
    world: World, faction: str, mission: str, person: str | None, game: int | None
) -> PrivateMissionStuck | None:
    """E124s: what becomes of a mission `faction` claimed, beyond `MissionClaimed`: a private
    mission goes into the faction's red slot when that slot is empty (None otherwise: the card
    goes back to the box, or is destroyed if it says so). A logged game derives it the same way
    as the engine."""
    card = content().missions.get(mission)
    if card is None or not card.private or faction in world.red_slots:
        return None
    return PrivateMissionStuck(faction, mission, person, game)


@dataclass(frozen=True)
class SlotMissionClaimed(WorldEvent):
    """Rules addition E124s: `person`, playing `faction`, completed the private mission in the
    faction's red slot in game `game` (once a game, 1 Red Star). The mission stays in the slot."""

    kind: ClassVar[str] = "slot_mission_claimed"
    bound_rule: ClassVar[str] = "E-8"
    game: int
    faction: str
    mission: str
    person: str | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if self.faction not in content().factions:
            return [Violation("unknown_faction", f"There is no faction '{self.faction}'.", "C-3")]
        if world.red_slots.get(self.faction) != self.mission:
            return [
                Violation(
                    "not_in_red_slot",
                    f"The red slot of {_faction_name(self.faction)} holds no mission "
                    f"'{self.mission}'.",
                    "E-8",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return (
            f"{self.person or 'Someone'} completed {_mission_name(self.mission)} from the red "
            f"slot of {_faction_name(self.faction)}"
        )


@dataclass(frozen=True)
class LeadMissionChosen(WorldEvent):
    """Rules addition E125s (and story card E123 when the pack opens mid-game): the lead
    faction `faction`, played by `person`, chose `mission` as the face-up mission of game
    `game` instead of turning one up; the mission deck was shuffled after."""

    kind: ClassVar[str] = "lead_mission_chosen"
    bound_rule: ClassVar[str] = "E-8"
    game: int
    faction: str
    mission: str
    person: str | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not box.lead_faction_active(world):
            return [
                Violation(
                    "no_mission_choice",
                    "Nothing in this campaign's box lets a faction choose the face-up mission.",
                    "E-8",
                )
            ]
        if _mission_in_box(world, self.mission) is None:
            return [_no_mission(self.mission)]
        if self.faction not in content().factions:
            return [Violation("unknown_faction", f"There is no faction '{self.faction}'.", "C-3")]
        return []

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return (
            f"{_faction_name(self.faction)} led and chose the face-up mission "
            f"{_mission_name(self.mission)}"
        )
