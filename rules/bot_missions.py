"""The heuristic bot's missions (Pack 3, E-8), kept apart from `rules.bots`: which claim it makes
(where a new sea line goes, where the World Capital goes and its name) and which mission it lays
out when Join the Cause lets it.

Every choice is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules.data import content
from rules.game import ClaimMission, GameState, Move, MoveOption, ResolveEvent
from rules.game.missions import STANDING_CONDITIONS, met

CAPITAL_NAMES = ("Concordia", "Meridian", "Aurora", "Unity", "Zenith", "Sovereign", "Atlas")


def claim_move(
    state: GameState, seat: int, options: list[MoveOption], rng: random.Random
) -> Move | None:
    """The best listed claim of the face-up mission, or None when none is listed. A sea line
    runs from its strongest coast to the enemy it most wants to reach; the World Capital goes
    where it holds the most troops (its population 5 then counts for it) and gets a name."""
    claims = [o for o in options if isinstance(o.move, ClaimMission)]
    if not claims:
        return None
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
