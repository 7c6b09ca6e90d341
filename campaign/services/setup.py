"""Before-the-first-game customization (P-1..P-3), always through `world_event_append`."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models import Campaign, EventSource, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from rules.data import board, content
from rules.errors import Violation
from rules.world_events import PregameCoinsPlaced, StartingPowerChosen, WorldEvent


def powers_chosen(choices: dict[str, str]) -> list[WorldEvent]:
    """P-2: the events for each listed faction keeping `choices[faction]`."""
    if not choices:
        raise ApplicationError(
            _("Choose a starting power for at least one faction."),
            code="nothing_chosen",
            rule="P-2",
        )
    return [StartingPowerChosen(faction, power) for faction, power in choices.items()]


def coins_placed(territories: list[str]) -> list[WorldEvent]:
    """P-3: the event for the 12 pre-game coin stickers (a territory once per sticker)."""
    return [PregameCoinsPlaced(tuple(territories))]


def setup_refusals(*, campaign: Campaign, events: list[WorldEvent]) -> list[Violation]:
    """What the rules would refuse in `events` against the world now, writing nothing: the
    setup page asks to confirm only what can be applied."""
    world = world_current(campaign=campaign)
    found: list[Violation] = []
    for event in events:
        refused = [*event.bounds(), *event.check(world)]
        found.extend(refused)
        if not refused:
            world = event.apply(world)
    return found


def setup_powers_choose(
    *, campaign: Campaign, user, choices: dict[str, str]
) -> list[WorldEventRecord]:
    """P-2: each listed faction keeps `choices[faction]`; its other power is destroyed."""
    return world_event_append(
        campaign=campaign, events=powers_chosen(choices), user=user, source=EventSource.SETUP
    )


def setup_coins_place(
    *, campaign: Campaign, user, territories: list[str]
) -> list[WorldEventRecord]:
    """P-3: the 12 pre-game coin stickers; a territory is listed once per sticker."""
    return world_event_append(
        campaign=campaign, events=coins_placed(territories), user=user, source=EventSource.SETUP
    )


def setup_randomize(
    *, campaign: Campaign, user, rng: random.Random | None = None
) -> list[WorldEventRecord]:
    """P-1's random customization for whatever is not done yet: a coin flip per faction for
    its power, and one coin sticker on each of the first 12 cards of a shuffled deck."""
    rng = rng or random.SystemRandom()
    world = world_current(campaign=campaign)
    events: list = [
        StartingPowerChosen(key, rng.choice(faction.powers).key)
        for key, faction in content().base_factions.items()
        if key not in world.starting_powers
    ]
    if not world.pregame_coins_placed:
        deck = sorted(board().territories)
        rng.shuffle(deck)
        events.append(
            PregameCoinsPlaced(tuple(deck[: content().supplies["pregame_coin_stickers"]]))
        )
    if not events:
        raise ApplicationError(
            _("The world is already customized."), code="already_customized", rule="P-1"
        )
    return world_event_append(campaign=campaign, events=events, user=user, source=EventSource.SETUP)
