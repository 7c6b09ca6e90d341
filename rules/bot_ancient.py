"""The heuristic bot's answer to the box bottom's The Ancient One (DNO-1..DNO-5): six troops
where an enemy stack outweighs its own, else the leader's HQ demolished, else the sea lines
closed until its next turn.

Every answer is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

from rules.board_links import neighbours as links
from rules.data import content
from rules.game import GameState, Move, ResolveEvent
from rules.game.ancient_events import ANCIENT_ONE


def _threat(state: GameState, seat: int, territory: str) -> int:
    """The biggest enemy stack next to `territory`, less the troops already there."""
    enemies = [
        army[1]
        for there in links(state.world, territory)
        if (army := state.armies.get(there)) is not None and army[0] != seat
    ]
    return max(enemies, default=0) - state.troops(territory)


def _leader(state: GameState, seat: int) -> int | None:
    """The rival closest to winning: most Red Stars, then most troops on the board."""
    rivals = [i for i, s in enumerate(state.seats) if i != seat and not s.eliminated]
    return max(
        rivals, key=lambda i: (state.red_stars(i), state.troops_on_board(i), -i), default=None
    )


def event_answer(state: GameState, seat: int, answers: list[ResolveEvent]) -> Move | None:
    """The bot's answer to The Ancient One on the table, or None for any other card."""
    card = content().event_cards.get((state.pending or {}).get("card", ""))
    if card is None or card.key != ANCIENT_ONE:
        return None
    effects = {o.key: o.effect for o in card.options}
    troops = [m for m in answers if effects.get(m.option) == "place_troops"]
    threatened = [m for m in troops if _threat(state, seat, m.territories[0]) > 0]
    if threatened:
        return max(threatened, key=lambda m: (_threat(state, seat, m.territories[0]), m))
    leader = _leader(state, seat)
    hqs = [
        m
        for m in answers
        if effects.get(m.option) == "demolish_hq"
        and leader is not None
        and state.owner(m.territories[0]) == leader
    ]
    if hqs:
        return hqs[0]
    no_sea = next((m for m in answers if effects.get(m.option) == "no_sea_attacks"), None)
    return no_sea or (troops[0] if troops else answers[0])
