"""The heuristic bot with Pocket 2's Aliens: how much the Aliens' powers add to an expansion,
and its answers to the Alien event cards (Beam Down, Die Humans, Mysterious Island).

Every answer is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

from rules.board_links import ALIEN_ISLAND
from rules.board_links import neighbours as links
from rules.data import content
from rules.game import GameState, Move, ResolveEvent
from rules.game.aliens import FREE_LANDING, ISLAND_AND_RUINS, ISLAND_BONUS, RUIN_BONUS
from rules.game.effects import has_effect

ALIEN_CARDS = frozenset({"beam_down", "die_humans", "mysterious_island"})
HQ_WORTH = 10
"""How much an enemy HQ a ruin demolishes counts against a stack of troops (a Red Star)."""


def expansion_worth(state: GameState, seat: int, target: str) -> float:
    """What the Aliens' powers make an empty territory worth: a city costs them nothing to
    enter and its population counts at recruiting; the island and ruins add recruits."""
    worth = 0.0
    if has_effect(state, seat, FREE_LANDING):
        worth += state.world.population(target)
    if has_effect(state, seat, ISLAND_AND_RUINS):
        if target == ALIEN_ISLAND:
            worth += ISLAND_BONUS
        elif target in state.world.ruins:
            worth += RUIN_BONUS
    return worth


def _enemy_troops_near(state: GameState, seat: int, territory: str) -> int:
    return sum(
        army[1]
        for there in links(state.world, territory)
        if (army := state.armies.get(there)) is not None and army[0] != seat
    )


def _own_neighbours(state: GameState, seat: int, territory: str) -> int:
    return sum(state.owner(t) == seat for t in links(state.world, territory))


def _beam_score(state: GameState, seat: int, territory: str) -> tuple[float, str]:
    """A big city next to its own land, away from enemy stacks."""
    population = state.world.population(territory)
    threat = _enemy_troops_near(state, seat, territory)
    return (2 * population + _own_neighbours(state, seat, territory) - threat / 2, territory)


def _ruin_score(state: GameState, seat: int, territory: str) -> tuple[float, str]:
    """An enemy's HQ or big stack is worth ruining; an empty city next to its land is worth a
    little (a ruin it can take adds a recruit); its own city is never worth it."""
    holder = state.owner(territory)
    if holder == seat or state.hqs.get(territory) == seat:
        return (-1.0, territory)
    hq = HQ_WORTH if territory in state.hqs else 0
    if holder is None:
        return (hq + 0.5 * min(1, _own_neighbours(state, seat, territory)), territory)
    return (hq + state.troops(territory), territory)


def event_answer(state: GameState, seat: int, answers: list[ResolveEvent]) -> Move | None:
    """The bot's answer to an Alien event card on the table, or None for any other card.
    It beams down whenever a city is open, ruins only where it hurts an enemy or gains it
    land, and takes the richest face-up card."""
    card = content().event_cards.get((state.pending or {}).get("card", ""))
    if card is None or card.key not in ALIEN_CARDS:
        return None
    passing = next(m for m in answers if not m.territories)
    targets = [m for m in answers if m.territories]
    if not targets:
        return passing
    if card.key == "beam_down":
        return max(targets, key=lambda m: _beam_score(state, seat, m.territories[0]))
    if card.key == "die_humans":
        best = max(targets, key=lambda m: _ruin_score(state, seat, m.territories[0]))
        return best if _ruin_score(state, seat, best.territories[0])[0] > 0 else passing
    return max(targets, key=lambda m: (state.card_coins(m.territories[0]), m.territories[0]))
