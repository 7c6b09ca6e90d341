"""A seat's preferences in digital play: "don't ask me about missiles unless I am in the
fight" (X-10). The engine keeps offering the window in the rules' order; the service passes for
a seat that asked to be left out of other players' rolls."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ForbiddenError
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.digital import seat_holds
from rules.game import GameState, Move, PassMissiles
from rules.game.attack_phases import MISSILE_WINDOW


def preference_move(state: GameState, seat: GameSeat) -> Move | None:
    """The move taken for `seat` without asking it, or None: a pass on a roll it neither
    attacks nor defends in, when the seat asked for that."""
    if not seat.missiles_only_in_fight or state.phase != MISSILE_WINDOW:
        return None
    pending = state.pending or {}
    if seat.index in (pending.get("attacker"), pending.get("defender")):
        return None
    return PassMissiles()


def missiles_only_in_fight_set(
    *, game: DigitalGame, seat: int, value: bool, user, session_key: str = ""
) -> GameSeat:
    """Turn the preference on or off for a seat this browser holds. A window already offered
    to the seat stays open (the seat answers it); later rolls follow the new choice."""
    with transaction.atomic():
        row = GameSeat.objects.select_for_update().filter(game=game, index=seat).first()
        if row is None:
            raise ApplicationError(
                _("This game has no seat %(seat)s.") % {"seat": seat + 1}, code="no_such_seat"
            )
        if not seat_holds(seat=row, user=user, session_key=session_key):
            raise ForbiddenError(
                _("Seat %(number)s (%(person)s) is not yours to set.")
                % {"number": seat + 1, "person": row.name},
                code="not_your_seat",
            )
        row.missiles_only_in_fight = value
        row.save(update_fields=["missiles_only_in_fight"])
    return row
