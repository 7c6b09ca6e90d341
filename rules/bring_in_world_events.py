"""Bringing in a campaign already under way: the games played before the record begins.

A group that finds the service at game N enters its board as it stands; the games before are
known only by their number and, where remembered, their victors' signatures. `GamesBroughtIn`
moves the world on to game N without rows on the faction cards' backs (nobody noted them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.errors import Violation
from rules.words import gettext as _
from rules.words import ngettext
from rules.world import World
from rules.world_events import WorldEvent


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
