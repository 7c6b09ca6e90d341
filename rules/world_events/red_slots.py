"""World events of Pack 4's factions: a private mission stuck in a faction's red slot or
completed from it, and the lead faction's choice of the face-up mission.

Each refuses what the campaign's box does not hold with the same words as for something that
does not exist at all, so a refusal never tells a campaign what a sealed pack holds (U-8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules import box
from rules.content_records import Mission
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import World
from rules.world_events.base import WorldEvent
from rules.world_events.checks import unknown_faction


def _mission_in_box(world: World, code: str) -> Mission | None:
    """The mission card `code` if this campaign's box holds it and it is not destroyed."""
    return next((m for m in box.mission_deck(world) if m.code == code), None)


def _no_mission(code: str) -> Violation:
    return Violation(
        "unknown_mission",
        _("There is no mission card '%(mission)s' in this campaign's box.") % {"mission": code},
        "E-8",
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
        if self.faction not in box.factions(world):
            return [unknown_faction(self.faction)]
        held = box.red_slot(world, self.faction)
        if held is not None:
            return [
                Violation(
                    "red_slot_full",
                    _(
                        "The red slot of %(faction)s already holds %(mission)s: the card is "
                        "discarded instead."
                    )
                    % {
                        "faction": content().faction_name(self.faction),
                        "mission": _mission_name(held),
                    },
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
        faction = content().faction_name(self.faction)
        return _("%(mission)s went into the red slot of %(faction)s") % {
            "mission": _mission_name(self.mission),
            "faction": faction,
        }


def into_red_slot(
    world: World, faction: str, mission: str, person: str | None, game: int | None
) -> PrivateMissionStuck | None:
    """E124s: what becomes of a mission `faction` claimed, beyond `MissionClaimed`: a private
    mission goes into the faction's red slot when that slot is empty (None otherwise: the card
    goes back to the box, or is destroyed if it says so). A logged game derives it here too
    (`campaign.services.game_log.red_slots`), so the two never disagree."""
    card = content().missions.get(mission)
    if card is None or not card.private or not box.private_missions_active(world):
        return None
    if box.red_slot(world, faction) is not None:
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
        if self.faction not in box.factions(world):
            return [unknown_faction(self.faction)]
        if box.red_slot(world, self.faction) != self.mission:
            return [
                Violation(
                    "not_in_red_slot",
                    _("The red slot of %(faction)s holds no mission '%(mission)s'.")
                    % {"faction": content().faction_name(self.faction), "mission": self.mission},
                    "E-8",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        words = {
            "person": self.person,
            "mission": _mission_name(self.mission),
            "faction": content().faction_name(self.faction),
        }
        if self.person:
            return _("%(person)s completed %(mission)s from the red slot of %(faction)s") % words
        return _("Someone completed %(mission)s from the red slot of %(faction)s") % words


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
                    _("Nothing in this campaign's box lets a faction choose the face-up mission."),
                    "E-8",
                )
            ]
        if _mission_in_box(world, self.mission) is None:
            return [_no_mission(self.mission)]
        if self.faction not in content().factions:
            return [unknown_faction(self.faction)]
        return []

    def apply(self, world: World) -> World:
        return world

    def describe(self) -> str:
        return _("%(faction)s led and chose the face-up mission %(mission)s") % {
            "faction": content().faction_name(self.faction),
            "mission": _mission_name(self.mission),
        }
