"""Seating a new digital game."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from campaign.errors import ApplicationError
from campaign.forms.digital.start import GameStartForm
from campaign.models import Person
from campaign.models.digital import GameSeat
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.digital import digital_game_unfinished, digital_games_of
from campaign.services.digital.start import UNFINISHED_WORDS, SeatRequest, digital_game_start
from campaign.views.digital.access import _session_key


class DigitalGameNewView(CampaignAccessMixin, FormView):
    """The campaign's digital games, to resume or watch (readers), and the form that seats a
    new one (members on their own browsers, hot-seat, bots) and starts it (players)."""

    campaign_action = Action.MEMBER
    template_name = "campaign/game/new.html"
    form_class = GameStartForm
    games_per_page = 15

    def post(self, request, *args, **kwargs):
        if Action.PLAY not in self.allowed:
            raise PermissionDenied(_("Your role in this campaign does not let you start games."))
        return super().post(request, *args, **kwargs)

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["persons"] = list(Person.objects.filter(campaign=self.campaign))
        kwargs["may_choose_seed"] = Action.MANAGE in self.allowed
        return kwargs

    def get_initial(self) -> dict[str, Any]:
        mine = Person.objects.filter(campaign=self.campaign, user=self.request.user).first()
        initial: dict[str, Any] = {"seat1_kind": "bot", "seat2_kind": "bot"}
        if mine is not None:
            initial.update(seat0_kind=GameSeat.Kind.HUMAN, seat0_person=str(mine.pk))
        else:
            initial.update(seat0_kind="bot")
        return initial

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # A page of games at a time: a long campaign's list costs what a short one's does.
        paginator = Paginator(digital_games_of(campaign=self.campaign), self.games_per_page)
        context["games"] = paginator.get_page(self.request.GET.get("page"))
        # One world, one table: while a game is unfinished, the page leads to it, no new one.
        context["in_play"] = digital_game_unfinished(campaign=self.campaign)
        context["in_play_words"] = _(UNFINISHED_WORDS)
        return context

    def form_valid(self, form):
        if not self.request.session.session_key:
            self.request.session.save()
        try:
            game = digital_game_start(
                campaign=self.campaign,
                user=self.request.user,
                seats=[
                    SeatRequest(person=p, kind=k, level=level)
                    for p, k, level in form.cleaned_data["seats"]
                ],
                seed=form.cleaned_data.get("seed"),
                session_key=_session_key(self.request),
                clock=form.cleaned_data["game_clock"],
            )
        except ApplicationError as refusal:
            form.add_error(None, refusal.message)
            return self.form_invalid(form)
        return redirect(game.get_absolute_url())

    def form_invalid(self, form):
        # A refused table is bad input: 400 with the reasons on the form, nothing started.
        return self.render_to_response(self.get_context_data(form=form), status=400)
