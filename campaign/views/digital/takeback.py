"""Take-backs from the game page (PRI-4): the player on turn takes back their last quiet move
or asks for it; the players asked accept or decline. Both answer with the panel, like a
move, and a refusal shows on it in plain words with its rule."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views import View

from campaign.errors import ApplicationError
from campaign.numbers import whole_number
from campaign.services.digital.takeback import take_back_answer, take_back_submit
from campaign.views.digital.access import _error, _GameMixin
from campaign.views.digital.panel import _panel_response, _refused_response


class DigitalGameTakeBackView(_GameMixin, View):
    def post(self, request, *args, **kwargs):
        game = self.get_game()
        seat = whole_number(request.POST.get("seat"))
        version = whole_number(request.POST.get("version"))
        if seat is None or version is None:
            return _panel_response(
                request, game, status=400, error={"message": _("The form was incomplete.")}
            )
        try:
            take_back_submit(
                game=game,
                seat=seat,
                version=version,
                user=request.user,
                session_key=request.session.session_key or "",
            )
        except ApplicationError as refusal:
            return _refused_response(request, refusal, self.get_game)
        return _panel_response(request, self.get_game())


class DigitalGameTakeBackAnswerView(_GameMixin, View):
    def post(self, request, *args, **kwargs):
        game = self.get_game()
        seat = whole_number(request.POST.get("seat"))
        answer = request.POST.get("answer")
        if seat is None or answer not in ("accept", "decline"):
            return _panel_response(
                request, game, status=400, error={"message": _("The form was incomplete.")}
            )
        try:
            take_back_answer(
                game=game,
                request_id=kwargs["request_id"],
                seat=seat,
                accept=answer == "accept",
                user=request.user,
                session_key=request.session.session_key or "",
            )
        except ApplicationError as refusal:
            return _panel_response(
                request, self.get_game(), status=refusal.status, error=_error(refusal)
            )
        return _panel_response(request, self.get_game())
