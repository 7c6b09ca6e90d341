"""A digital game overtaken by a table game: while it was played, a game was logged by hand (or
something else changed the world), so it will be recorded as a later game (S-1) on a board that
changed. The game page says so, with what came in between, and offers to go on or restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.models import DigitalGame
from campaign.selectors.campaigns import person_names
from campaign.selectors.history.describe import describe
from campaign.selectors.world import world_current, world_log


@dataclass(frozen=True)
class Overtaken:
    started_as: int  # the game number it had when it started
    recorded_as: int  # the number it will be recorded as now
    changes: list[str]  # what the world recorded since it started, oldest first


def digital_overtaken(*, game: DigitalGame) -> Overtaken | None:
    """None while the game is still the world's next game, or once it is over."""
    if game.status not in (DigitalGame.Status.PLAYING, DigitalGame.Status.REWARDS):
        return None
    world = world_current(campaign=game.campaign)
    if world.next_game_number == game.game_number:
        return None
    names = person_names(campaign=game.campaign)
    changes = [
        describe(entry.event, names, world.cities)
        for entry in world_log(campaign=game.campaign)
        if entry.record.created_at > game.created_at and entry.voided_by is None
    ]
    return Overtaken(
        started_as=game.game_number, recorded_as=world.next_game_number, changes=changes
    )
