"""A game's end composed into its world events (END-4 to END-8, in the END-1 order): the
victor's signature, the rewards, the world's name; each checked against the world as the ones
before it changed it. The entry point for digital play; hand-logged games check the same
rewards (`rules.rewards`) and naming (`rules.world_naming`) step by step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import IllegalWorldEvent, Violation
from rules.rewards import (
    RewardChoice,
    reward_event,
    reward_violations,
    rewards_given,
    winner_reward_options,
)
from rules.words import gettext as _
from rules.world import World
from rules.world_events import (
    VictorSigned,
    WorldEvent,
    WorldNamed,
)
from rules.world_naming import world_namer_violations


@dataclass(frozen=True)
class EndOfGame:
    """What a game's end decides. `held_on_rewards` are in clockwise order from the winner
    (see `held_on_order`) as (person, choice or None, territories held when play stopped)."""

    game: int
    winner: str
    signed_on: str
    slogan: str = ""
    winner_reward: RewardChoice | None = None
    held_on_rewards: tuple[tuple[str, RewardChoice | None, frozenset[str]], ...] = ()
    world_name: str | None = None
    world_namer: str | None = None
    naming_rounds: tuple[Mapping[str, int], ...] = ()


def end_of_game_events(world: World, end: EndOfGame) -> list[WorldEvent]:
    """The events of END-4 to END-8 in order, each checked against the world as changed by
    the ones before it. Raises `IllegalWorldEvent` on the first refusal. `world` is the world
    after the game itself was recorded (`GameRecorded`)."""
    events: list[WorldEvent] = []

    def add(event: WorldEvent) -> None:
        nonlocal world
        for violation in event.check(world):
            raise IllegalWorldEvent.from_violation(violation)
        events.append(event)
        world = event.apply(world)

    def refuse(violations: list[Violation]) -> None:
        if violations:
            raise IllegalWorldEvent.from_violation(violations[0])

    if rewards_given(end.game):
        add(VictorSigned(person=end.winner, game=end.game, date=end.signed_on, slogan=end.slogan))
        if end.winner_reward is not None:
            refuse(reward_violations(world, end.winner_reward, winner=True))
            add(reward_event(end.winner_reward, person=end.winner, game=end.game))
        elif winner_reward_options(world):
            # DIFF-4: the winner must take one reward while any is legal.
            refuse([Violation("reward_required", _("The winner takes one reward."), "END-5")])
        for person, choice, held in end.held_on_rewards:
            if choice is None:
                continue
            refuse(reward_violations(world, choice, winner=False, held=held))
            add(reward_event(choice, person=person, game=end.game))
    elif end.winner_reward or any(c for _, c, _ in end.held_on_rewards):
        refuse([Violation("no_rewards", _("After game 15 nobody takes rewards."), "END-9")])
    if end.world_name is not None:
        refuse(world_namer_violations(world, end.world_namer, rounds=end.naming_rounds))
        add(WorldNamed(name=end.world_name, person=end.world_namer or ""))
    return events
