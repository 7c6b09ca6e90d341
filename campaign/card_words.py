"""A card in words, under any rule set: a Legacy card with its coins, a card of the classic
deck with its picture (CL-8), a wildcard."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.data import board
from rules.game import GameState
from rules.rule_sets import LEGACY
from rules.variants.cards import card_symbols, is_wild

PICTURES = {
    "infantry": gettext_lazy("infantry"),
    "cavalry": gettext_lazy("cavalry"),
    "artillery": gettext_lazy("artillery"),
}


def card_name(state: GameState, card: str) -> str:
    """The card's name: its territory, a coin card, or a wildcard."""
    if card == "coin":
        return _("Coin card")
    if is_wild(card):
        return _("Wildcard")
    return board().territory(card).name


def card_picture(state: GameState, card: str) -> str:
    """What a classic card shows beside its territory (none for Legacy cards or wildcards)."""
    if state.rule_set == LEGACY or is_wild(card):
        return ""
    return str(PICTURES[card_symbols()[card]])


def card_label(state: GameState, card: str) -> str:
    """A card as a form lists it: with its coins (Legacy) or its picture."""
    if state.rule_set == LEGACY:
        if card == "coin":
            return _("Coin card (1)")
        return f"{card_name(state, card)} ({state.card_coins(card)})"
    picture = card_picture(state, card)
    return f"{card_name(state, card)} ({picture})" if picture else card_name(state, card)
