"""Per-seat actions on the game page that are no moves: "I am <name>, show my turn" on a
shared hot-seat screen, and a seat's missile-window preference (X-10)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views import View

from campaign.errors import ApplicationError
from campaign.numbers import whole_number
from campaign.selectors.digital import seats_held
from campaign.services.digital_preferences import missiles_only_in_fight_set
from campaign.views.digital import _error, _GameMixin, _panel_response, _session_key
from campaign.views.digital_aids import remember_shown_seat


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
