"""Ending a turn in one click (issue 21): a maneuver or the end of the attacks, then the card
the conquest earned (E-3), chosen with it. Each is logged as its own move, as if clicked apart,
so take-backs (PRI-4) and replays see nothing new."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.models.digital import DigitalGame, GameMove
from campaign.services.digital.moves import (
    MoveOutcome,
    _advance,
    locked_for_move,
    play_automatic,
    player_move,
)
from rules.game import seats_to_act
from rules.game.endturn import END_OF_TURN, ENDING_MOVES, card_only


def turn_end_submit(
    *,
    game: DigitalGame,
    seat: int,
    move: dict[str, Any],
    slot: int | str,
    version: int,
    user,
    session_key: str = "",
) -> MoveOutcome:
    """Apply `move` (a maneuver or ending the attacks) for `seat`, then take the card in
    `slot` once the turn's end offers nothing but a card. The card waits for the player when
    the end of turn asks more (a mission to claim instead, E-8) or someone else must act
    first; a refused move or card changes nothing at all."""
    if move.get("type") not in ENDING_MOVES:
        raise ApplicationError(
            _("A card is chosen ahead only with a maneuver or when ending the attacks."),
            code="card_ahead",
            rule="E-3",
        )
    with transaction.atomic():
        game = locked_for_move(
            game=game, seat=seat, version=version, user=user, session_key=session_key
        )
        applied: list[GameMove] = []
        state = player_move(game, game.game_state(), seat, move, user=user, applied=applied)
        seats = {s.index: s for s in game.seats.all()}
        state = play_automatic(game, state, applied=applied, seats=seats)
        if state.phase == END_OF_TURN and seats_to_act(state) == [seat] and card_only(state, seat):
            card = {"type": "take_card", "slot": slot}
            state = player_move(game, state, seat, card, user=user, applied=applied)
        game, state = _advance(game, state, applied=applied)
        return MoveOutcome(game=game, moves=applied, state=state)
