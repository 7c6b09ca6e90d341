"""The lobby (`/play/`): one's standalone games, public games waiting for players or in play
to watch, and the form that sets a new table; the invitation page that gives a seat; and
beginning a waiting game at once, bots in its open seats."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from campaign.errors import ApplicationError, NotFoundError
from campaign.forms.lobby import LobbyGameForm
from campaign.models.digital import DigitalGame
from campaign.selectors.standalone import lobby_lists, rule_set_words
from campaign.services.standalone import (
    standalone_begin_now,
    standalone_game_create,
    standalone_seat_take,
)


class LobbyView(FormView):
    """Anyone sees the public lists; signing in lets one set a table."""

    template_name = "play/lobby.html"
    form_class = LobbyGameForm

    def get_initial(self) -> dict[str, Any]:
        return {"seat0_kind": "me", "seat1_kind": "bot", "seat2_kind": "bot"}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        lists = lobby_lists(user=self.request.user)
        for game in (*lists.mine, *lists.waiting, *lists.watch):
            game.words = rule_set_words(rule_set=game.rule_set, options=game.options)
        context["lists"] = lists
        return context

    def post(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        if not self.request.session.session_key:
            self.request.session.save()
        rule_set, options, seats = form.chosen()
        try:
            game = standalone_game_create(
                user=self.request.user,
                rule_set=rule_set,
                options=options,
                seats=seats,
                is_public=form.cleaned_data["is_public"],
                session_key=self.request.session.session_key or "",
                clock=form.game_clock(),
            )
        except ApplicationError as refusal:
            for violation in refusal.violations:
                rule = violation.rule
                cited = (
                    f" ({rule})"
                    if rule and rule != "DESIGN" and rule not in violation.message
                    else ""
                )
                form.add_error(None, f"{violation.message}{cited}")
            return self.form_invalid(form)
        return redirect(game.get_absolute_url())

    def form_invalid(self, form):
        # A refused table is bad input: 400 with the reasons on the form, nothing stored.
        return self.render_to_response(self.get_context_data(form=form), status=400)


class InviteView(TemplateView):
    """The invitation: what game it is and who sits there; signed in, one takes a seat."""

    template_name = "play/invite.html"

    def _game(self) -> DigitalGame:
        game = (
            DigitalGame.objects.filter(campaign=None, invite_token=self.kwargs["token"])
            .exclude(invite_token="")
            .first()
        )
        if game is None:
            raise Http404(_("This invitation leads to no game."))
        return game

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game = self._game()
        user = self.request.user
        context.update(
            game=game,
            seats=list(game.seats.order_by("index")),
            seated=user.is_authenticated and game.seats.filter(user=user).exists(),
            rule_set=rule_set_words(rule_set=game.rule_set, options=game.options),
        )
        return context

    def post(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            game = standalone_seat_take(token=kwargs["token"], user=request.user)
        except NotFoundError as missing:
            raise Http404(missing.message) from missing
        except ApplicationError as refusal:
            messages.error(request, refusal.message)
            return redirect("campaign:play_invite", token=kwargs["token"])
        return redirect(game.get_absolute_url())


class BeginNowView(LoginRequiredMixin, View):
    def post(self, request, *args, **kwargs):
        game = DigitalGame.objects.filter(campaign=None, pk=kwargs["game_id"]).first()
        if game is None:
            raise Http404(_("No such game."))
        try:
            standalone_begin_now(game=game, user=request.user)
        except ApplicationError as refusal:
            messages.error(request, refusal.message)
        return redirect(game.get_absolute_url())
