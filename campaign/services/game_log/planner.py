"""The machinery that turns a game log entry into world events: `GamePlanner` checks each event
against the world the ones before it left, folds it in, names the entry field each refusal
belongs to, and opens a pack mid-game the moment an event meets its condition (U-1).

`GameLogPlan` is what it produces: the events in order, the refusals, the world after them and
the packs that opened during the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from campaign.services.game_log.refusals import HARD_CODES, Refusal
from rules.data import content
from rules.errors import Violation
from rules.unlocks import PackDue, packs_due
from rules.words import gettext as _
from rules.world import World
from rules.world_events import PackOpened, WorldEvent


@dataclass
class GameLogPlan:
    """The events a game writes, in order, and every refusal found on the way. `openings`
    are the packs that opened during the game (their `PackOpened` is among the events); each
    one's `seq` is the index in `events` of the event that set it off."""

    game: int
    events: list[WorldEvent] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    world: World = field(default_factory=World)
    openings: list[PackDue] = field(default_factory=list)


# Packs whose condition can be met during a game open then (U-1): what they bring is in play
# for the rest of that game. The others open once the game is over, through the unlock task.
MID_GAME_TIMINGS = frozenset({"mid_game", "mid_or_end_of_game"})


class GamePlanner:
    """Builds one game's `GameLogPlan`; `names` maps person keys to display names (the unlock
    conditions' reasons name people)."""

    def __init__(self, world: World, game: int, names: Mapping[str, str]) -> None:
        self.plan = GameLogPlan(game=game, world=world)
        self.names = names
        self._on_opening: list[Callable[[], bool]] = []

    @property
    def world(self) -> World:
        return self.plan.world

    def on_opening(self, then: Callable[[], bool]) -> None:
        """Call `then` right after each pack that opens mid-game from now on, until it returns
        True: what a pack brings that is done as it opens is planned in its place."""
        self._on_opening.append(then)

    def withdraw(self, then: Callable[[], bool]) -> bool:
        """Stop `then` waiting for a pack to open; whether it was still waiting (no pack that
        opened brought what it needed)."""
        if then not in self._on_opening:
            return False
        self._on_opening.remove(then)
        return True

    def refuse(self, where: str, violation: Violation, *, hard: bool = False) -> None:
        hard = hard or violation.code in HARD_CODES
        self.plan.refusals.append(Refusal(where, violation, hard))

    def box_card_once(
        self, where: str, code: str, seen: set[str], *, twice: Violation, destroyed: Violation
    ) -> bool:
        """Whether a pack card (an event, a mission) may be played in this entry: once a game
        (`seen` keeps the codes so far), and never after it was destroyed (G-8). Refuses
        otherwise, for good: no override brings a card back."""
        if code in seen:
            self.refuse(where, twice, hard=True)
            return False
        seen.add(code)
        if code in self.world.destroyed_box_cards:
            self.refuse(where, destroyed, hard=True)
            return False
        return True

    def add(self, where: str, event: WorldEvent, violations: list[Violation] | None = None) -> None:
        """Check `event` against the world so far, then fold it in. An event the world could
        not fold (say, wearing a fortification that is not there) is refused for good."""
        found = event.check(self.world) if violations is None else violations
        try:
            world = event.apply(self.world)
        except (KeyError, ValueError, TypeError):
            found = found or [Violation("cannot_apply", _("This cannot be recorded."), "DESIGN")]
            for violation in found:
                self.refuse(where, violation, hard=True)
            return
        for violation in found:
            self.refuse(where, violation)
        before = self.world
        self.plan.world = world
        self.plan.events.append(event)
        self._open_due(before, event)

    def _open_due(self, before: World, event: WorldEvent) -> None:
        """Open, right after `event`, each mid-game pack whose condition it meets, so what the
        pack brings is checked against a box that holds it (the faction eliminated by this
        game picks its comeback power at once, C100)."""
        trigger = len(self.plan.events) - 1
        for due in packs_due([(trigger, event)], world=before, names=self.names):
            if content().packs[due.pack].timing not in MID_GAME_TIMINGS:
                continue
            opened = PackOpened(pack=due.pack, game=self.plan.game, reason=due.reason)
            self.plan.world = opened.apply(self.plan.world)
            self.plan.events.append(opened)
            self.plan.openings.append(due)
            waiting, self._on_opening = self._on_opening, []
            self._on_opening = [then for then in waiting if not then()] + self._on_opening
