"""Bringing in a campaign already under way: the games played before the record begins.

A group that finds the service at game N enters its board as it stands; the games before are
known only by their number and, where remembered, their victors' signatures and which faction
won. `GamesBroughtIn` moves the world on to game N without rows on the faction cards' backs;
`FactionWinBroughtIn` writes the won row of one of those games, where the group knows it, so the
lead faction (E125s) and the statistics count it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules import box
from rules.data import content
from rules.errors import Violation
from rules.words import gettext as _
from rules.words import ngettext
from rules.world import FactionRecord, World
from rules.world_events.base import WorldEvent
from rules.world_events.checks import unknown_faction


@dataclass(frozen=True)
class GamesBroughtIn(WorldEvent):
    """Games 1 to `count` were played before the record began; the next game is
    `before_game` (always `count + 1`, kept so the log reads on its own)."""

    kind: ClassVar[str] = "games_brought_in"
    bound_rule: ClassVar[str] = "S-1"
    count: int
    before_game: int

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if not isinstance(self.count, int) or self.count < 1:
            return [Violation("game_count", _("Say how many games were played: 1 or more."), "S-1")]
        if self.before_game != self.count + 1:
            return [
                Violation(
                    "game_number",
                    _("After %(count)s games the next game is game %(next)s.")
                    % {"count": self.count, "next": self.count + 1},
                    "S-1",
                )
            ]
        if world.games_played:
            return [
                Violation(
                    "record_started",
                    _(
                        "Game %(game)s is already recorded: earlier games are brought in only "
                        "before the first recorded game."
                    )
                    % {"game": world.games_played},
                    "S-1",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        return world.evolve(games_played=max(world.games_played, self.count))

    def describe(self) -> str:
        return ngettext(
            "Game 1 brought in: the record begins at game %(next)s",
            "Games 1-%(count)s brought in: the record begins at game %(next)s",
            self.count,
        ) % {"count": self.count, "next": self.before_game}


@dataclass(frozen=True)
class FactionWinBroughtIn(WorldEvent):
    """Game `game`, played before the record began, was won by `faction` (S-10): the won row on
    the back of its card. `person` is the winner where known; the row has no start, and the
    other factions' rows of that game stay unwritten (nobody noted them)."""

    kind: ClassVar[str] = "faction_win_brought_in"
    bound_rule: ClassVar[str] = "S-1"
    game: int
    faction: str
    person: str | None = None

    def check(self, world: World) -> list[Violation]:
        if bounds := self.bounds():
            return bounds
        if (
            not isinstance(self.game, int)
            or isinstance(self.game, bool)
            or not isinstance(self.faction, str)
            or not isinstance(self.person, str | None)
        ):
            return [
                Violation(
                    "bad_event",
                    _("Say the game by its number, the faction and the winner by their keys."),
                    "S-1",
                )
            ]
        if not 1 <= self.game <= world.games_played:
            return [
                Violation(
                    "game_number",
                    _("Only games 1-%(games)s are brought in.") % {"games": world.games_played},
                    "S-1",
                )
            ]
        if self.faction not in box.factions(world):
            return [unknown_faction(self.faction)]
        if any(r.game == self.game and r.outcome == "won" for r in world.faction_records):
            return [
                Violation(
                    "one_winner",
                    _("Game %(game)s already has its winning faction: one faction wins a game.")
                    % {"game": self.game},
                    "END-2",
                )
            ]
        return []

    def apply(self, world: World) -> World:
        row = FactionRecord(self.game, self.faction, self.person or None, None, "won")
        return world.evolve(faction_records=(*world.faction_records, row))

    def describe(self) -> str:
        return _("%(faction)s won game %(game)s") % {
            "faction": content().faction_name(self.faction),
            "game": self.game,
        }
