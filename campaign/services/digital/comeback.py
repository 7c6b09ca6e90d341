"""Comeback powers owed as a digital game ends (X-15, C100): a faction the game eliminated
(END-2) that still lacks one picks it with the game's result: when the game's last move knocked
it out (the engine asks nothing once a game is over) or when its elimination opens Pack 2.

Bots pick through the bot's own choice; a person picks in the reward form, never by default.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaign.models.digital import GameSeat
from rules import box
from rules.bot_powers import comeback_pick
from rules.content_records import ComebackPower
from rules.errors import Violation
from rules.game import GameResult, GameState
from rules.game.comeback import owed_at_game_end
from rules.rng import Seed, derived_number
from rules.world import World
from rules.world_events.pack_cards import ComebackPowerChosen


@dataclass(frozen=True)
class ComebackSeat:
    """A person's seat that picks a comeback power as the game is recorded, with the powers
    left for it."""

    seat: GameSeat
    faction: str
    options: list[ComebackPower]


@dataclass(frozen=True)
class ComebackPicks:
    """The people who pick (in table order) and what the bots picked, by seat index."""

    people: list[ComebackSeat]
    bots: dict[int, str]


def comeback_picks_at_end(
    *,
    seats: Mapping[int, GameSeat],
    state: GameState,
    result: GameResult,
    world: World,
    seed: Seed,
) -> ComebackPicks:
    """Who picks a comeback power now. `world` is the campaign's world with the game recorded
    (any pack it opened is open). Bots pick first, in table order, each from what the ones
    before left, so the form shows people exactly the powers left to them."""
    eliminated = [r.faction for r in result.seats if r.outcome == "eliminated" and r.faction]
    index_of = {r.faction: i for i, r in enumerate(result.seats)}
    owed = owed_at_game_end(world, eliminated)
    bots: dict[int, str] = {}
    for faction in owed:
        index = index_of[faction]
        if not seats[index].is_bot or not box.comeback_powers_left(world):
            continue
        picking = state.clone()
        picking.world = world
        rng = random.Random(derived_number(seed, f"comeback pick of seat {index} at the end"))
        power = comeback_pick(picking, index, rng).power  # type: ignore[attr-defined]
        bots[index] = power
        chosen = ComebackPowerChosen(faction, power, seats[index].person.key, state.game_number)
        world = chosen.apply(world)
    left = box.comeback_powers_left(world)
    people = [
        ComebackSeat(seats[index_of[f]], f, left) for f in owed if left and index_of[f] not in bots
    ]
    return ComebackPicks(people=people, bots=bots)


def comeback_pick_missing(seat: ComebackSeat) -> Violation:
    """A person owed a pick left it out: nothing is recorded until they choose."""
    return Violation(
        "comeback_pick_required",
        _(
            "%(person)s's faction was eliminated without a comeback power: pick one of those "
            "left for it now."
        )
        % {"person": seat.seat.person.display_name},
        "X-15",
    )
