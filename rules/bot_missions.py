"""The heuristic bot's missions (Packs 3 and 4, E-8), kept apart from `rules.bots`: which claim it
makes (where a new sea line goes, where the World Capital goes and its name, the private mission
in its red slot), which mission it lays out when Join the Cause or leading the game (E125s)
lets it, and the trade-in a trade-in mission asks for.

Every choice is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations
from typing import Any

from rules import board_links
from rules.content_records import Mission
from rules.data import content, rules_board
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


TURN_EFFORT = {
    "conquests": 4,
    "continent_conquered": 4,
    "knockout_with_cards": 5,
    "trade_in_coins": 4,
    "trade_in_rich_cards": 4,
    "capital_card": 3,
}
"""Roughly how many territories' worth of work a mission met by one turn's play takes; the
held ones count what is still missing (`_lead_distance`)."""

LEAD_VARIETY = 2.0
"""How far apart (in territories still to take) two missions may be for the bot's generator
to pick either: a lead does not always choose the same card."""


def lead_mission(
    state: GameState, seat: int, options: list[MoveOption], rng: random.Random
) -> Move:
    """E125s: as the lead faction, a mission it can meet soon: the fewest territories still to
    take (or a turn's play it can manage), a two-star mission a little sooner, and a private
    one too while its red slot is empty (E124s: it would keep paying there); never one the
    board leaves out of reach while another is within it; near ties are broken by `rng`."""
    choices = [o.move for o in options if isinstance(o.move, ChooseMission)]
    slot_empty = state.seats[seat].faction not in state.world.red_slots

    def score(move: ChooseMission) -> tuple[bool, float, str]:
        mission = content().missions[move.mission]
        distance = _lead_distance(state, seat, mission)
        if distance is None:
            return True, 0.0, move.mission
        worth = mission.stars - 1 + (mission.private and slot_empty)
        return False, distance - worth + rng.random() * LEAD_VARIETY, move.mission

    return min(choices, key=score)


def _lead_distance(state: GameState, seat: int, mission: Mission) -> float | None:
    """How many territories `seat` still has to take to meet `mission` (0 when it meets it by
    what it holds), or None when this game's board cannot give it."""
    params = mission.condition
    kind = params["kind"]
    world = state.world
    held = set(state.controlled(seat))
    cities = world.cities
    if kind == "cities_held":
        return _missing(params["count"], len(cities), len(held & cities.keys()))
    if kind == "islands_held":
        islands = board_links.islands(world)
        return _missing(params["count"], len(islands), len(held.intersection(islands)))
    if kind == "cities_conquered":
        others = [t for t in cities if t not in held]
        return None if len(others) < params["count"] else float(params["count"])
    if kind == "sea_conquests":
        return float(params["count"] + 1)
    if kind == "scarred_territories_held":
        kinds = set(params["scars"])
        scarred = [t for t, s in world.scars.items() if s.kind in kinds and not s.cancelled]
        if not scarred:
            return 0.0 if met(state, seat, mission.code) else None
        return float(sum(t not in held for t in scarred))
    if kind == "capital_and_majors":
        capital = [t for t, c in cities.items() if c.kind == "capital"]
        majors = [t for t, c in cities.items() if c.kind == "major"]
        if not capital or len(majors) < params["majors"]:
            return None
        missing = sorted(t not in held for t in majors)[: params["majors"]]
        return float(sum(missing) + (capital[0] not in held))
    if kind in ("continent_bonus", "continents_at_turn_start"):
        return float(_continents_missing(state, seat, held, params))
    if kind == "trade_in_rich_cards":
        rich = [c for c in rules_board().territories if state.card_coins(c) >= params["coins"]]
        return None if len(rich) < params["cards"] else float(TURN_EFFORT[kind])
    if kind == "capital_card" and world.supplies_left()["world_capital"] <= 0:
        return None
    return float(TURN_EFFORT.get(kind, 6))


def _missing(needed: int, on_board: int, held: int) -> float | None:
    return None if on_board < needed else float(max(0, needed - held))


def _continents_missing(
    state: GameState, seat: int, held: set[str], params: Mapping[str, Any]
) -> int:
    """Territories missing from the continents nearest to whole, taken until their printed
    bonuses reach `total` (Imperial Might) or their number reaches `count` (Wide Border)."""
    continents = sorted(
        rules_board().continents.values(),
        key=lambda c: (len(set(c.territories) - held) / max(c.bonus, 1), c.key),
    )
    missing = got = 0
    goal = params.get("total", params.get("count", 1))
    for continent in continents:
        if got >= goal:
            break
        missing += len(set(continent.territories) - held)
        got += continent.bonus if "total" in params else 1
    return missing


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
