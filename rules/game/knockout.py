"""A player left with no troops on the board (X-13, X-15): who gets their cards, and what a
knock-out sets off (rules addition E hooks in here through `KNOCKOUT_HOOKS`)."""

from __future__ import annotations

from collections.abc import Callable

from rules import box
from rules.game import weaknesses
from rules.game.common import seat_label
from rules.game.events import GameEvent
from rules.game.state import GameState, changed
from rules.words import gettext as _

KnockoutHook = Callable[[GameState, int, list[GameEvent]], None]
KNOCKOUT_HOOKS: list[KnockoutHook] = []
"""Called with the seat just knocked out, after its cards are settled (pack rules add these)."""


def knocked_out(state: GameState, seat: int, events: list[GameEvent], *, by: int | None) -> None:
    """`seat` has no troops left on the board. A conqueror (`by`) takes its resource cards
    (X-13). With no conqueror (an event or a scar emptied its last territory), the campaign's
    reading decides: the player keeps them, or discards them. The seat remembers who knocked
    it out last (`Seat.knocked_out_by`): a game's result names who eliminated whom (END-2)."""
    taken = state.seats[seat].cards
    state.set_seat(seat, knocked_out_by=by)
    if by is not None:  # a conquest of this turn's player (Forced Occupation counts the hand)
        hands = (*state.turn.knockout_hands, len(taken))
        state.turn = changed(state.turn, knockout_hands=hands)
    if by is not None:
        state.set_seat(seat, cards=())
        state.set_seat(by, cards=(*state.seats[by].cards, *taken))
        weaknesses.trim_coins(state, by, events)
        text = _(
            "%(player)s has no troops left on the board; %(other)s takes their %(count)s "
            "resource card(s)."
        ) % {
            "player": seat_label(state, seat),
            "other": seat_label(state, by),
            "count": len(taken),
        }
    elif box.setting(state.world, "hazard_knockout_cards") == "discarded" and taken:
        state.set_seat(seat, cards=())
        territories = tuple(card for card in taken if card != "coin")
        state.discard_pile = (*state.discard_pile, *territories)
        state.coin_pile += len(taken) - len(territories)
        text = _(
            "%(player)s has no troops left on the board and discards their %(count)s "
            "resource card(s)."
        ) % {"player": seat_label(state, seat), "count": len(taken)}
    else:
        text = _("%(player)s has no troops left on the board.") % {
            "player": seat_label(state, seat)
        }
    events.append(GameEvent("knocked_out", text, {"seat": seat, "by": by, "cards": len(taken)}))
    for hook in KNOCKOUT_HOOKS:
        hook(state, seat, events)
