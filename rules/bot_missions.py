"""The heuristic bot's missions (Packs 3 and 4, E-8), kept apart from `rules.bots`: which claim it
makes (where a new sea line goes, where the World Capital goes and its name, the private mission
in its red slot), which mission it lays out when Join the Cause or leading the game (E125s)
lets it, and the trade-in a trade-in mission asks for.

Every choice is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

from rules.data import content
from rules.game import (
    ChooseMission,
    ClaimMission,
    ClaimSlotMission,
    GameState,
    Move,
    MoveOption,
    ResolveEvent,
)
from rules.game.common import constant
from rules.game.missions import STANDING_CONDITIONS, face_up, met
from rules.game.private_missions import slot_mission

CAPITAL_NAMES = ("Concordia", "Meridian", "Aurora", "Unity", "Zenith", "Sovereign", "Atlas")


def claim_move(
    state: GameState, seat: int, options: list[MoveOption], rng: random.Random
) -> Move | None:
    """The best listed claim of the face-up mission, else the private mission in its red slot
    (E124s), or None when none is listed. A sea line runs from its strongest coast to the enemy
    it most wants to reach; the World Capital goes where it holds the most troops (its
    population 5 then counts for it) and gets a name."""
    claims = [o for o in options if isinstance(o.move, ClaimMission)]
    if not claims:
        return next((o.move for o in options if isinstance(o.move, ClaimSlotMission)), None)
    if claims[0].text is not None:
        best = max(claims, key=lambda o: _capital_score(state, seat, o.move.territory))  # type: ignore[attr-defined]
        return replace(best.move, **{best.text: rng.choice(CAPITAL_NAMES)})  # type: ignore[arg-type]
    if claims[0].move.territory:  # type: ignore[attr-defined]
        return max(
            (o.move for o in claims),
            key=lambda m: _sea_line_score(state, seat, m.territory, m.target),  # type: ignore[attr-defined]
        )
    return claims[0].move


def _capital_score(state: GameState, seat: int, territory: str) -> tuple[bool, int, str]:
    return state.owner(territory) == seat, state.troops(territory), territory


def _sea_line_score(state: GameState, seat: int, origin: str, target: str) -> tuple[int, str, str]:
    """From its own territory with the most troops towards an enemy HQ, else the weakest enemy
    territory, else empty land."""
    if state.owner(origin) != seat:
        return -100, origin, target
    score = state.troops(origin)
    owner = state.owner(target)
    if owner == seat:
        score -= 50
    elif owner is not None:
        score -= state.troops(target)
        if state.hqs.get(target) not in (None, seat):
            score += 8
    return score, origin, target


def event_mission(state: GameState, seat: int, answers: list[Move]) -> ResolveEvent | None:
    """Join the Cause: lay out a mission it meets already by what it holds (claimable at the end
    of its next turn if it still does), or None to take the troops instead."""
    for move in answers:
        if not isinstance(move, ResolveEvent) or not move.mission:
            continue
        mission = content().missions[move.mission]
        if mission.condition["kind"] in STANDING_CONDITIONS and met(state, seat, move.mission):
            return move
    return None


LEAD_TASTE = {
    "scarred_territories_held": 3,
    "knockout_with_cards": 2,
    "continent_bonus": 2,
    "continent_conquered": 2,
    "trade_in_coins": 2,
    "trade_in_rich_cards": 2,
    "cities_held": 1,
    "continents_at_turn_start": 1,
    "capital_and_majors": 1,
    "cities_conquered": 1,
    "conquests": 1,
}
"""How readily its play meets each kind of mission condition (higher first); others score 0."""


def lead_mission(state: GameState, seat: int, options: list[MoveOption]) -> Move:
    """E125s: as the lead faction, the mission it meets already by what it holds, else the
    kind of mission its play meets most readily, two stars before one."""
    choices = [o.move for o in options if isinstance(o.move, ChooseMission)]

    def score(move: ChooseMission) -> tuple[bool, int, int, str]:
        mission = content().missions[move.mission]
        kind = mission.condition["kind"]
        ready = kind in STANDING_CONDITIONS and met(state, seat, move.mission)
        return ready, LEAD_TASTE.get(kind, 0), mission.stars, move.mission

    return max(choices, key=score)


TRADE_IN_KINDS = frozenset({"trade_in_coins", "trade_in_rich_cards"})


def mission_trade_in(state: GameState, seat: int) -> tuple[str, ...] | None:
    """The richest trade-in from its hand that meets a trade-in mission it may claim at the
    end of this turn (the face-up one or the one in its red slot), or None."""
    wanted = [
        m
        for m in (face_up(state), slot_mission(state, seat))
        if m is not None and m.condition["kind"] in TRADE_IN_KINDS
    ]
    if not wanted:
        return None
    hand = sorted(state.seats[seat].cards)
    low, high = constant("trade_in_min_coins"), constant("trade_in_max_coins")
    best: tuple[int, tuple[str, ...]] | None = None
    for size in range(1, len(hand) + 1):
        for group in sorted(set(combinations(hand, size))):
            coins = sum(state.card_coins(c) for c in group)
            if not low <= coins <= high or (best is not None and coins <= best[0]):
                continue
            trial = state.clone()
            trial.turn = replace(trial.turn, trade_in=group)
            if any(met(trial, seat, m.code) for m in wanted):
                best = (coins, group)
    return best[1] if best else None
