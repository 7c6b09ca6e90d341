"""The missile powers that act on the end-of-turn draw (J167s, E-3, E-4): Interference blocks
the card another player is about to take, Recon swaps the holder's coin card for a face-up
territory card.

Interference gets a window between a `TakeCard` and the take itself, offered only when some
other seat holds the power, has a missile and has not used it this turn. A Recon take is not
open to Interference [inference: it is itself a power answering the draw].
"""

from __future__ import annotations

from rules.game import endturn
from rules.game.common import fail, seat_label
from rules.game.draws import COIN, card_choices, entitled_to_card
from rules.game.events import GameEvent
from rules.game.missile_powers import (
    INTERFERENCE,
    RECON,
    PassMissilePower,
    UseMissilePower,
    check_use,
    holder_of,
    may_use,
    spend,
)
from rules.game.moves import MoveOption, TakeCard
from rules.game.state import GameState, changed, territory_name
from rules.words import gettext as _
from rules.words import gettext_lazy

INTERFERENCE_WINDOW = "interference_window"
"""Phase: a player is about to take a resource card; the holder of Interference may block it."""


def _shown(state: GameState, slot: int | str) -> str:
    if slot == COIN:
        return _("a coin card")
    card = state.slots[int(slot) - 1]
    return _("the %(territory)s card") % {"territory": territory_name(card)}  # type: ignore[arg-type]


# --- Interference --------------------------------------------------------------------------------


def take_card(state: GameState, seat: int, move: TakeCard, events: list[GameEvent]) -> None:
    """E-3 with Interference: a card the player may take waits while the holder of the power
    decides, or is drawn at once (checked here, not again); any other take goes to the
    end-of-turn rules, which refuse it."""
    if not (entitled_to_card(state, seat) and move.slot in card_choices(state, seat)):
        endturn.take_card(state, seat, move, events)
        return
    holder = holder_of(state, INTERFERENCE, besides=seat)
    if holder is None:
        endturn.draw_card(state, seat, move.slot, events)
        return
    state.phase = INTERFERENCE_WINDOW
    state.pending = {"kind": INTERFERENCE, "seat": holder, "drawer": seat, "slot": move.slot}
    events.append(
        GameEvent(
            "missile_power_window",
            gettext_lazy(
                "%(player)s is about to take %(card)s; %(holder)s may block it with Interference."
            )
            % {
                "player": seat_label(state, seat),
                "card": _shown(state, move.slot),
                "holder": seat_label(state, holder),
            },
            {"seat": holder, "power": INTERFERENCE, "drawer": seat, "slot": move.slot},
        )
    )


def use_interference(
    state: GameState, seat: int, move: UseMissilePower, events: list[GameEvent]
) -> None:
    """The card is blocked for this turn; the drawer chooses again among the cards still open
    to them (E-3 read without it: a coin card when no other face-up card is theirs)."""
    check_use(state, seat, move, INTERFERENCE)
    pending = state.pending
    assert pending is not None
    drawer, slot = pending["drawer"], pending["slot"]
    shown = _shown(state, slot)
    turn = state.turn
    state.turn = changed(turn, cards_blocked=(*turn.cards_blocked, str(slot)))
    state.phase, state.pending = endturn.END_OF_TURN, None
    spend(
        state,
        seat,
        INTERFERENCE,
        _("%(player)s may not take %(card)s this turn")
        % {"player": seat_label(state, drawer), "card": shown},
        events,
        drawer=drawer,
        slot=slot,
    )


def pass_interference(
    state: GameState, seat: int, move: PassMissilePower, events: list[GameEvent]
) -> None:
    pending = state.pending
    assert pending is not None
    state.phase, state.pending = endturn.END_OF_TURN, None
    endturn.take_card(state, pending["drawer"], TakeCard(pending["slot"]), events)


def interference_options(state: GameState, seat: int) -> list[MoveOption]:
    uses = [MoveOption(UseMissilePower(INTERFERENCE))] if may_use(state, seat, INTERFERENCE) else []
    return [*uses, MoveOption(PassMissilePower())]


# --- Recon ---------------------------------------------------------------------------------------


def recon_slots(state: GameState, seat: int) -> list[str]:
    """The face-up slots ("1"-"4") Recon may take from: the player would take a coin card
    (E-3 leaves it no territory card of its own), and the card is not blocked."""
    if not may_use(state, seat, RECON) or not entitled_to_card(state, seat):
        return []
    if COIN not in card_choices(state, seat):
        return []
    return [
        str(index + 1)
        for index, card in enumerate(state.slots)
        if card is not None and str(index + 1) not in state.turn.cards_blocked
    ]


def use_recon(state: GameState, seat: int, move: UseMissilePower, events: list[GameEvent]) -> None:
    """Recon: instead of the coin card, any face-up territory card (E-4 shifts the row as for
    any territory card taken)."""
    check_use(state, seat, move, RECON)
    if move.target not in recon_slots(state, seat):
        fail(
            "recon_slot",
            _(
                "Recon takes a face-up territory card, slot 1 to 4, when you would take a coin "
                "card."
            ),
            "G-3",
        )
    spend(
        state,
        seat,
        RECON,
        _("%(card)s instead of a coin card") % {"card": _shown(state, move.target)},
        events,
        slot=move.target,
    )
    endturn.draw_card(state, seat, int(move.target), events)


def recon_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(UseMissilePower(RECON, slot)) for slot in recon_slots(state, seat)]
