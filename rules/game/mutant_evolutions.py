"""The Mutants' evolved powers that wait on a decision (J178, J179): Mindshackle, a card swap
offered right after their end-of-turn draw, and Mass Hypnosis, a territory named after a
trade-in that nobody may attack until the Mutants' next turn starts. (Unnatural Strength and
Unstable Cloning act on a roll and live in `mutants`.)

Mindshackle opens a short window once the Mutants have taken their card and some player who
lost a territory to them this turn still holds a card. Using it, the drawn card goes to that
player and a card of theirs, picked at random, comes to the Mutants: the card says
"in exchange", read as a swap [inference]. The draw's event check (E-7) and the next turn
follow the window either way.

Mass Hypnosis is offered while the Mutants place the troops of a recruit that handed in
territory cards; the territory named stays in `GameState.hypnotized` until the Mutants' next
turn starts (or, the Mutants eliminated, the next turn of anyone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules import board_links
from rules.errors import Violation
from rules.game.common import fail, seat_label
from rules.game.draws import COIN
from rules.game.effects import EVOLVING_FACTION, has_effect
from rules.game.events import GameEvent
from rules.game.moves import Move, MoveOption
from rules.game.mutants import power_name
from rules.game.state import GameState, territory_name
from rules.names import territory_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy

MINDSHACKLE = "mindshackle"
MASS_HYPNOSIS = "mass_hypnosis"
MINDSHACKLE_WINDOW = "mindshackle_window"
"""Phase: the Mutants have drawn their card and may swap it by Mindshackle."""


@dataclass(frozen=True)
class Mindshackle(Move):
    """Mindshackle: give up the card just drawn for a card taken at random from `victim`, a
    player who lost a territory to the Mutants this turn."""

    type: ClassVar[str] = "mindshackle"
    victim: int


@dataclass(frozen=True)
class KeepCard(Move):
    """Mindshackle offered: keep the card just drawn."""

    type: ClassVar[str] = "keep_card"


@dataclass(frozen=True)
class Hypnotize(Move):
    """Mass Hypnosis: name a territory shown on the cards just handed in; nobody may attack it
    before the Mutants' next turn starts."""

    type: ClassVar[str] = "hypnotize"
    territory: str


# --- Mindshackle -----------------------------------------------------------------------------


def victims(state: GameState, seat: int) -> list[int]:
    """Players who lost a territory to `seat` by attack this turn and hold a card to take."""
    found: list[int] = []
    for victim in state.turn.conquered_from:
        if victim != seat and victim not in found and state.seats[victim].cards:
            found.append(victim)
    return found


def offer_mindshackle(
    state: GameState, seat: int, card: str, revealed: str | None, events: list[GameEvent]
) -> bool:
    """Open the window after the Mutants' draw when Mindshackle can act; True if it opened.
    `revealed` is the card the draw turned into slot 1, whose event check waits."""
    if not has_effect(state, seat, MINDSHACKLE) or card not in state.seats[seat].cards:
        return False
    if not victims(state, seat):
        return False
    state.phase = MINDSHACKLE_WINDOW
    state.pending = {"kind": MINDSHACKLE, "seat": seat, "card": card, "revealed": revealed}
    events.append(
        GameEvent(
            "power_window",
            gettext_lazy(
                "%(power)s: %(player)s may swap the card just drawn for a random card of a "
                "player they took a territory from."
            )
            % {"power": power_name(MINDSHACKLE), "player": seat_label(state, seat)},
            {"power": MINDSHACKLE, "seat": seat},
        )
    )
    return True


def close_window(state: GameState, seat: int, move: Move, events: list[GameEvent]) -> None:
    """Carry out the Mindshackle, or keep the card (the draw then goes on in `endturn`)."""
    pending = state.pending
    assert pending is not None
    if isinstance(move, Mindshackle):
        if move.victim not in victims(state, seat):
            fail(
                "mindshackle_victim",
                _(
                    "Mindshackle takes a card only from a player who lost a territory to you "
                    "this turn and holds a card."
                ),
                "G-3",
            )
        _swap(state, seat, move.victim, pending["card"], events)


def _swap(state: GameState, seat: int, victim: int, card: str, events: list[GameEvent]) -> None:
    rng = Rng.resume(state.rng)
    theirs = list(state.seats[victim].cards)
    taken = theirs.pop(rng.below(len(theirs)))
    state.rng = rng.state
    mine = list(state.seats[seat].cards)
    mine.reverse()
    mine.remove(card)  # the card just drawn: the last of its kind in the hand
    mine.reverse()
    state.set_seat(seat, cards=(*mine, taken))
    state.set_seat(victim, cards=(*theirs, card))
    words = (
        _(
            "%(power)s: %(player)s gives a coin card to %(victim)s and takes one of their cards "
            "at random."
        )
        if card == COIN
        else _(
            "%(power)s: %(player)s gives the %(territory)s card to %(victim)s and takes one of "
            "their cards at random."
        )
    )
    events.append(
        GameEvent(
            "power_used",
            words
            % {
                "power": power_name(MINDSHACKLE),
                "player": seat_label(state, seat),
                "territory": "" if card == COIN else territory_word(card),
                "victim": seat_label(state, victim),
            },
            {"power": MINDSHACKLE, "seat": seat, "victim": victim, "card": card},
        )
    )


def mindshackle_options(state: GameState, seat: int) -> list[MoveOption]:
    return [
        *(MoveOption(Mindshackle(victim)) for victim in victims(state, seat)),
        MoveOption(KeepCard()),
    ]


# --- Mass Hypnosis ---------------------------------------------------------------------------


def hypnosis_choices(state: GameState, seat: int) -> list[str]:
    """Territories Mass Hypnosis may name now: those on the territory cards this turn's
    recruit handed in, once a turn (the protection lasts until this seat's next turn)."""
    if state.hypnotized is not None or not has_effect(state, seat, MASS_HYPNOSIS):
        return []
    found: list[str] = []
    for card in state.turn.trade_in:
        if card != COIN and card not in found and board_links.on_board(state.world, card):
            found.append(card)
    return found


def hypnotize(state: GameState, seat: int, move: Hypnotize, events: list[GameEvent]) -> None:
    if not has_effect(state, seat, MASS_HYPNOSIS):
        fail(
            "no_mass_hypnosis", _("Only the Mutants, evolved to Mass Hypnosis, may do that."), "G-3"
        )
    if state.hypnotized is not None:
        fail("hypnosis_used", _("Mass Hypnosis names one territory per trade-in."), "G-3")
    if move.territory not in hypnosis_choices(state, seat):
        fail(
            "hypnosis_territory",
            _("Mass Hypnosis names a territory shown on the territory cards you just handed in."),
            "G-3",
        )
    state.hypnotized = move.territory
    events.append(
        GameEvent(
            "power_used",
            gettext_lazy(
                "%(power)s: nobody may attack %(territory)s before the next turn of %(player)s "
                "starts."
            )
            % {
                "power": power_name(MASS_HYPNOSIS),
                "territory": territory_word(move.territory),
                "player": seat_label(state, seat),
            },
            {"power": MASS_HYPNOSIS, "seat": seat, "territory": move.territory},
        )
    )


def hypnosis_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(Hypnotize(t)) for t in hypnosis_choices(state, seat)]


def attack_refusal(state: GameState, target: str) -> Violation | None:
    if target != state.hypnotized:
        return None
    return Violation(
        "attack_hypnotized",
        _("%(territory)s cannot be attacked before the Mutants' next turn starts (%(power)s).")
        % {"territory": territory_name(target), "power": power_name(MASS_HYPNOSIS)},
        "G-3",
    )


def end_hypnosis(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """At the start of `seat`'s turn: the protection ends if it is the Mutants' turn, or if
    the Mutants are out of the game and their turn will not come."""
    if state.hypnotized is None:
        return
    mutants = [
        i for i, s in enumerate(state.seats) if s.faction == EVOLVING_FACTION and not s.eliminated
    ]
    if mutants and seat not in mutants:
        return
    territory, state.hypnotized = state.hypnotized, None
    events.append(
        GameEvent(
            "power_ended",
            gettext_lazy("%(power)s wears off: %(territory)s may be attacked again.")
            % {"power": power_name(MASS_HYPNOSIS), "territory": territory_word(territory)},
            {"power": MASS_HYPNOSIS, "territory": territory},
        )
    )
