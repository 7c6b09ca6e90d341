"""The end-of-turn draw (E-2, E-3): whether a player earned a card, and which cards they may
take, with the homeland draw of rules addition F once Pack 3 is in the box."""

from __future__ import annotations

from rules import box
from rules.data import rules_board
from rules.game import weaknesses
from rules.game.effects import earns_card_by_effect
from rules.game.homelands import homeland
from rules.game.state import GameState

COIN = "coin"


def entitled_to_card(state: GameState, seat: int) -> bool:
    """E-2: a conquest by attack this turn; some powers add other ways."""
    if state.turn.conquered:
        return True
    return earns_card_by_effect(state, seat)


def held_slots(state: GameState, seat: int) -> list[int]:
    """E-3: the slots (1-4) of face-up cards showing a territory the player controls."""
    armies = state.armies  # `state.owner` of each card, without a call a card
    return [
        index + 1
        for index, card in enumerate(state.slots)
        if card is not None and (army := armies.get(card)) is not None and army[0] == seat
    ]


def homeland_slots(state: GameState, seat: int) -> list[int]:
    """Rules addition F: the slots of face-up cards whose territory lies in the faction's
    homeland, whoever holds it (none without the addition or without a homeland)."""
    if not box.homeland_draw_active(state.world):
        return []
    home = homeland(state, seat)
    if home is None:
        return []
    return [
        index + 1
        for index, card in enumerate(state.slots)
        if card is not None and rules_board().territory(card).continent == home
    ]


def only_from_homeland(state: GameState, seat: int, slot: int | str) -> bool:
    """Rules addition F: whether the card in `slot` may be taken only because it is of the
    faction's homeland (it shows no territory the player controls)."""
    index = 0 if slot == COIN else int(slot)
    if not 1 <= index <= len(state.slots):
        return False
    card = state.slots[index - 1]
    return card is not None and state.owner(card) != seat and index in homeland_slots(state, seat)


def card_choices(state: GameState, seat: int) -> list[int | str]:
    """E-3: a face-up card of a territory the player controls, else a coin card, else nothing;
    with addition F, a face-up card of the homeland may be taken instead in either case. A
    Purist faction holding 2 coin cards may take no third, unless the campaign reads it as
    taken and one returned. A card blocked by Interference this turn is not open (J167s)."""
    blocked = state.turn.cards_blocked
    held = [s for s in held_slots(state, seat) if str(s) not in blocked]
    homeland = [s for s in homeland_slots(state, seat) if str(s) not in blocked]
    slots: list[int | str] = sorted({*held, *homeland})
    coin_closed = COIN in blocked or not weaknesses.may_take_coin(state, seat)
    if held or state.coin_pile <= 0 or coin_closed:
        return slots
    return [*slots, COIN]
