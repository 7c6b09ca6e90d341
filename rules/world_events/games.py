"""World events of a game played (S-10, END-2, END-4): the rows it writes on the faction
cards' backs, the victor's signature, and the world's name once the rewarded games are over
(END-8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypedDict

from rules import box
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import (
    FactionRecord,
    Signature,
    World,
)
from rules.world_events.base import WorldEvent
from rules.world_events.checks import (
    known_territory,
    unknown_faction,
)


class _PlayerRecordKept(TypedDict):
    person: str
    faction: str
    start: str | None
    outcome: str


class PlayerRecord(_PlayerRecordKept, total=False):
    """One player's row of a game's record (`GameRecorded.players`)."""

    eliminated_by: str
    not_recorded: tuple[str, ...]


@dataclass(frozen=True)
class GameRecorded(WorldEvent):
    """The rows this game writes on the faction cards' backs. `players` is a tuple of dicts
    with keys person, faction, start and outcome (won / held_on / eliminated). A start the
    log left not recorded is None; `not_recorded` (optional) lists the other gaps ("held",
    "reward") of that player."""

    kind: ClassVar[str] = "game_recorded"
    game: int
    played_on: str
    players: tuple[PlayerRecord, ...]

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = []
        if self.game != world.next_game_number:
            violations.append(
                Violation(
                    "game_number",
                    _("The next game is game %(next)s, not game %(game)s.")
                    % {"next": world.next_game_number, "game": self.game},
                    "S-1",
                )
            )
        limits = content().constants
        if not limits["players_min"] <= len(self.players) <= limits["players_max"]:
            violations.append(
                Violation(
                    "player_count",
                    _("A game has %(min)s to %(max)s players.")
                    % {"min": limits["players_min"], "max": limits["players_max"]},
                    "C-1",
                )
            )
        factions = [p["faction"] for p in self.players]
        persons = [p["person"] for p in self.players]
        in_box = box.factions(world)
        for faction in factions:
            if faction not in in_box:
                violations.append(unknown_faction(faction))
        if len(set(factions)) != len(factions):
            violations.append(Violation("faction_twice", _("Each faction is played once."), "S-6"))
        if len(set(persons)) != len(persons):
            violations.append(Violation("person_twice", _("Each person plays one faction."), "S-6"))
        # A start the group did not record is None: nothing to check, never invented.
        starts = [p["start"] for p in self.players if p["start"] is not None]
        for start in starts:
            known_territory(start, violations, world)
        if len(set(starts)) != len(starts):
            violations.append(
                Violation("start_twice", _("Two factions cannot start in one territory."), "S-7")
            )
        outcomes = [p["outcome"] for p in self.players]
        if any(o not in {"won", "held_on", "eliminated"} for o in outcomes):
            violations.append(
                Violation("bad_outcome", _("Outcomes are won, held on or eliminated."), "END-2")
            )
        if outcomes.count("won") != 1:
            violations.append(
                Violation("one_winner", _("Exactly one faction wins a game."), "END-2")
            )
        return violations

    def apply(self, world: World) -> World:
        playing = {p["faction"]: p for p in self.players}
        rows = []
        for faction in box.factions(world):
            entry = playing.get(faction)
            rows.append(
                FactionRecord(
                    game=self.game,
                    faction=faction,
                    player=entry["person"] if entry else None,
                    start=entry["start"] if entry else None,
                    outcome=entry["outcome"] if entry else None,
                )
            )
        eliminated = sum(1 for p in self.players if p["outcome"] == "eliminated")
        return world.evolve(
            games_played=max(world.games_played, self.game),
            faction_records=(*world.faction_records, *rows),
            eliminations=world.eliminations + eliminated,
        )

    def describe(self) -> str:
        return _("Game %(game)s played on %(date)s") % {"game": self.game, "date": self.played_on}


@dataclass(frozen=True)
class VictorSigned(WorldEvent):
    kind: ClassVar[str] = "victor_signed"
    bound_rule: ClassVar[str] = "END-4"
    person: str
    game: int
    date: str
    slogan: str = ""

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if self.game > content().constants["rewarded_games"]:
            return [Violation("no_more_signatures", _("Only games 1-15 are signed."), "END-9")]
        if any(s.game == self.game for s in world.signatures):
            return [
                Violation(
                    "already_signed",
                    _("Game %(game)s is already signed.") % {"game": self.game},
                    "END-4",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        signature = Signature(self.person, self.game, self.date, self.slogan)
        return world.evolve(signatures=(*world.signatures, signature))

    def describe(self) -> str:
        return _("%(person)s signed the victors' section for game %(game)s") % {
            "person": self.person,
            "game": self.game,
        }


@dataclass(frozen=True)
class WorldNamed(WorldEvent):
    kind: ClassVar[str] = "world_named"
    bound_rule: ClassVar[str] = "END-8"
    name: str
    person: str

    def check(self, world: World) -> list[Violation]:
        violations: list[Violation] = self.bounds()
        if world.world_name:
            violations.append(
                Violation("world_named", _("The world already has its name."), "END-8")
            )
        if world.games_played < content().constants["rewarded_games"]:
            violations.append(
                Violation("too_early", _("The world is named at the end of game 15."), "END-8")
            )
        if not self.name.strip():
            violations.append(Violation("name_required", _("Give the world a name."), "END-8"))
        return violations

    def apply(self, world: World) -> World:
        return world.evolve(world_name=self.name.strip(), world_named_by=self.person)

    def describe(self) -> str:
        return _("%(person)s named the world '%(name)s'") % {
            "person": self.person,
            "name": self.name,
        }
