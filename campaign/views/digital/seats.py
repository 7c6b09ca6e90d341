"""Per-seat actions on the game page that are no moves: "I am <name>, show my turn" on a
shared hot-seat screen, a seat's missile-window preference (X-10), vacation days that lengthen
a turn, and taking back a seat a bot stands in for."""

from __future__ import annotations

from abc import ABC, abstractmethod

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from campaign.errors import ApplicationError
from campaign.numbers import whole_number
from campaign.selectors.digital import seats_held
from campaign.services.digital.absence import seat_reclaim, seat_vacation_take
from campaign.services.digital.preferences import missiles_only_in_fight_set
from campaign.views.digital.access import _error, _GameMixin, _session_key
from campaign.views.digital.aids import remember_shown_seat
from campaign.views.digital.panel import _panel_response


class DigitalGameRevealView(_GameMixin, View):
    """The player handed the device says who they are; their turn shows on this browser."""

    def post(self, request, *args, **kwargs):
        game = self.get_game()
        seat = whole_number(request.POST.get("seat"))
        held = seats_held(game=game, user=request.user, session_key=_session_key(request))
        if seat is None or seat not in held:
            error = {"message": _("That seat is not played on this browser."), "rule": ""}
            return _panel_response(request, game, status=403, error=error)
        remember_shown_seat(request, game, seat)
        return _panel_response(request, game)


class DigitalGamePreferenceView(_GameMixin, View):
    """Turn "ask me about missiles only when I am in the fight" on or off for a held seat."""

    def post(self, request, *args, **kwargs):
        game = self.get_game()
        seat = whole_number(request.POST.get("seat"))
        if seat is None:
            error = {"message": _("Say which seat the preference is for."), "rule": ""}
            return _panel_response(request, game, status=400, error=error)
        try:
            missiles_only_in_fight_set(
                game=game,
                seat=seat,
                value=request.POST.get("missiles_only_in_fight") == "on",
                user=request.user,
                session_key=_session_key(request),
            )
        except ApplicationError as refusal:
            return _panel_response(request, game, status=refusal.status, error=_error(refusal))
        return _panel_response(request, self.get_game())


class _SeatActionView(ABC, _GameMixin, View):
    """A form posted from the panel: htmx gets the panel back (a refusal in it), a page
    without script is sent back to the game with the outcome as a message."""

    @abstractmethod
    def act(self, request, game, seat: int) -> str:
        """Do the seat's action; the words that tell the page without script it was done."""

    def post(self, request, *args, **kwargs):
        game = self.get_game()
        seat = whole_number(request.POST.get("seat"))
        try:
            if seat is None:
                raise ApplicationError(_("Say which seat this is for."), code="no_seat")
            done = self.act(request, game, seat)
        except ApplicationError as refusal:
            if request.htmx:
                return _panel_response(request, game, status=refusal.status, error=_error(refusal))
            messages.error(request, refusal.message)
            return redirect(game.get_absolute_url())
        if request.htmx:
            return _panel_response(request, self.get_game())
        messages.success(request, done)
        return redirect(game.get_absolute_url())


class DigitalGameVacationView(_SeatActionView):
    """Spend vacation days on one's own turn: its deadline moves that many days later."""

    def act(self, request, game, seat: int) -> str:
        days = whole_number(request.POST.get("days"))
        if days is None:
            raise ApplicationError(_("Choose how many days to take."), code="no_days")
        seat_vacation_take(
            game=game, seat=seat, days=days, user=request.user, session_key=_session_key(request)
        )
        return ngettext(
            "Your turn is %(days)s day longer.", "Your turn is %(days)s days longer.", days
        ) % {"days": days}


class DigitalGameSeatReclaimView(_SeatActionView):
    """Take back a seat a bot has stood in for since its turns ran out."""

    def act(self, request, game, seat: int) -> str:
        seat_reclaim(game=game, seat=seat, user=request.user, session_key=_session_key(request))
        return _("You play your seat again; the game waits for you at your next turn.")
