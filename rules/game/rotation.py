"""Passing the turn clockwise: the start of a turn (T-1 step 1) and elimination at Join the War."""

from __future__ import annotations

from rules import box
from rules.game import missile_powers, mutant_evolutions
from rules.game.comeback import owe_pick
from rules.game.common import (
    START_OF_TURN,
    check_last_standing,
    continents_held,
    has_legal_start,
    pack_due,
    seat_label,
)
from rules.game.effects import at_turn_start
from rules.game.events import GameEvent
from rules.game.state import GameState, TurnFlags, changed, faction_name
from rules.names import faction_word
from rules.words import gettext as _
from rules.words import gettext_lazy


def next_active_seat(state: GameState, seat: int) -> int:
    """The next seat still in the game, in turn order (clockwise unless a draft set it)."""
    for candidate in state.in_turn_order_from(seat)[1:]:
        if not state.seats[candidate].eliminated:
            return candidate
    return seat


def finish_turn(state: GameState, events: list[GameEvent]) -> None:
    """T-1: the player to the left takes the next turn."""
    begin_turn(state, next_active_seat(state, state.current_seat), events)


def _remember_turn_start(state: GameState, seat: int) -> None:
    """Private missions (E124s) read some conditions as the turn begins (Wide Border): what
    they read is remembered until the claim at the end of the turn."""
    if box.private_missions_active(state.world):
        held = tuple(continents_held(state, seat))
        state.turn = changed(state.turn, continents_at_start=held)


def _lift_sea_ban(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """The Ancient One's sea-line ban ends as its chooser's next turn begins, or once that
    player is out of the game and so has no next turn."""
    banned_by = state.sea_ban_until
    if banned_by is None or (banned_by != seat and not state.seats[banned_by].eliminated):
        return
    state.sea_ban_until = None
    events.append(
        GameEvent(
            "sea_ban_lifted",
            gettext_lazy("Attacks and expansions may cross sea lines again (The Ancient One)."),
            {"seat": banned_by, "rule": "E-7"},
        )
    )


FRESH_TURN = TurnFlags()
"""A turn's flags as it begins (frozen, so every turn shares the one record)."""


def begin_turn(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """Start `seat`'s turn. A player who must join the war with no legal start is eliminated at
    once (T-6, U-3) and the turn passes on; a lone survivor wins (W-1)."""
    eliminated_now: list[int] = []
    while True:
        state.current_seat = seat
        state.turn = FRESH_TURN
        state.turn_number += 1
        state.phase = START_OF_TURN
        state.pending = None
        events.append(
            GameEvent(
                "turn_started",
                gettext_lazy("Turn %(turn)s: %(player)s (%(faction)s) to play.")
                % {
                    "turn": state.turn_number,
                    "player": seat_label(state, seat),
                    "faction": faction_word(state.seats[seat].faction),
                },
                {"seat": seat, "turn": state.turn_number},
            )
        )
        if state.holds_territory(seat) or has_legal_start(state, seat, setup=False):
            break
        state.set_seat(seat, eliminated=True)
        eliminated_now.append(seat)
        events.append(
            GameEvent(
                "eliminated",
                gettext_lazy(
                    "%(player)s has no troops and no legal starting territory: %(faction)s is "
                    "eliminated for this game."
                )
                % {
                    "player": seat_label(state, seat),
                    "faction": faction_word(state.seats[seat].faction),
                },
                {"seat": seat, "rule": "T-6"},
            )
        )
        if check_last_standing(state, events):
            break
        seat = next_active_seat(state, seat)
    if not state.is_over:
        _lift_sea_ban(state, seat, events)
        mutant_evolutions.end_hypnosis(state, seat, events)
        _remember_turn_start(state, seat)
        at_turn_start(state, seat, events)
        missile_powers.open_turn_start(state, events)
    for gone in eliminated_now:
        faction = faction_name(state.seats[gone].faction)
        pack_due(
            state,
            "pack_2",
            _("%(faction)s was eliminated") % {"faction": faction},
            state.current_seat,
            events,
        )
        owe_pick(state, gone, events)
