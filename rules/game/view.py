"""The one door for secrets: what a seat (or a spectator) may see of a game."""

from __future__ import annotations

from typing import Any

from rules import box
from rules.game import weaknesses
from rules.game.draft import draft_view
from rules.game.effects import has_effect
from rules.game.engine import seats_to_act
from rules.game.lead_faction import lead_faction
from rules.game.state import GameState


def view_for(state: GameState, seat: int | None) -> dict[str, Any]:
    """JSON-ready state for `seat` (None = spectator). Hides other seats' resource cards and
    scar cards, the order of the decks and the dice generator. A draft is shown to all, and
    so is the lead faction once Pack 4 has brought it (None when no faction leads)."""
    data = state.to_json()
    for key in ("rng", "draw_pile", "event_deck", "mission_deck"):
        data.pop(key)
    data["draw_pile_count"] = len(state.draw_pile)
    data["event_deck_count"] = len(state.event_deck)
    data["discard_pile_count"] = len(state.discard_pile)
    seats = []
    for index, player in enumerate(state.seats):
        shown = player.to_json()
        shown["red_stars"] = state.red_stars(index)
        shown["territories"] = len(state.controlled(index))
        shown["troops_on_board"] = state.troops_on_board(index)
        shown["card_count"] = len(player.cards)
        shown["has_scar_card"] = player.scar_card is not None
        if has_effect(state, index, weaknesses.PURIST):  # K195s: its coin cards lie face up
            shown["face_up_coin_cards"] = weaknesses.coin_cards(state, index)
        if index != seat:
            shown["cards"] = None
            shown["scar_card"] = None
        seats.append(shown)
    data["seats"] = seats
    data["you"] = seat
    data["seats_to_act"] = seats_to_act(state)
    data["is_over"] = state.is_over
    draft = draft_view(state)
    if draft is not None:
        data["draft"] = draft  # played face up: everyone sees it
    if box.lead_faction_active(state.world):
        data["lead_faction"] = lead_faction(state)  # Pack 4 (E125s): from the card backs
    return data
