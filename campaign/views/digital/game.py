"""The game page, its log page, the panel fetch (the page fetches when its socket says the
version moved, campaign.consumers), moves, rewards and abandoning."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.forms.digital.moves import card_ahead_from_post, move_from_post
from campaign.forms.digital.rewards import reward_from_post
from campaign.models.digital import DigitalGame
from campaign.numbers import whole_number
from campaign.selectors.chat import ChatRoom, chat_rights, chat_rights_of
from campaign.selectors.digital import digital_game_log, digital_game_version, seats_held
from campaign.selectors.digital_overtaken import digital_overtaken
from campaign.services.digital.absence import digital_game_clocks_check
from campaign.services.digital.finish import (
    RewardsChosen,
    digital_game_abandon,
    digital_game_finish,
)
from campaign.services.digital.moves import move_submit
from campaign.services.digital.repeat import attack_repeat_submit
from campaign.services.digital.turn_end import turn_end_submit
from campaign.services.game_log.refusals import GameLogRefused
from campaign.views.chat import chat_context
from campaign.views.digital.access import _error, _GameMixin, _session_key
from campaign.views.digital.aids import (
    card_confirmation,
    remember_shown_seat,
    repeat_plan_from_post,
)
from campaign.views.digital.panel import (
    _panel_response,
    _refused_response,
    _seat_shown,
    panel_context,
)
from campaign.views.lobby_waiting import waiting_context
from notices.services import game_over_seen
from rules.game import legal_move_options


class DigitalGameView(_GameMixin, TemplateView):
    """The game page: board, sidebar and move forms; its socket tells it of new versions."""

    template_name = "campaign/game/page.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game = self.get_game()
        if any(
            deadline is not None and deadline <= timezone.now()
            for deadline in (game.decision_deadline, game.turn_deadline)
        ):
            digital_game_clocks_check(game_id=game.pk, version=game.version)
            game = self.get_game()
        if not self.request.session.session_key:
            self.request.session.save()
        if game.status == DigitalGame.Status.WAITING:
            context.update(waiting_context(self.request, game))
            return context
        if not game.is_playing and self.request.user.is_authenticated:
            game_over_seen(game=game, user=self.request.user)
        context.update(panel_context(self.request, game))
        context["overtaken"] = digital_overtaken(game=game) if game.campaign_id else None
        room = ChatRoom.of_game(game)
        rights = (
            chat_rights(room=room, allowed=self.allowed)
            if game.campaign_id is not None
            else chat_rights_of(room=room, user=self.request.user)
        )
        context.update(chat_context(room=room, rights=rights, request=self.request))
        return context


class DigitalGameLogView(_GameMixin, TemplateView):
    """The whole game log, every move with its die values (the game page shows the latest)."""

    template_name = "campaign/game/log.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game = self.get_game()
        context.update(game=game, log=digital_game_log(game=game), log_cut=False)
        return context


class DigitalGamePanelView(_GameMixin, View):
    """The panel fetch (after the socket told of a new version, or slowly while it is down):
    204 while the game is still at the version the page shows (one small query), else the
    re-rendered panel. Also takes overdue defaults (the defender's dice) and plays overdue
    turns, which the embedded default (no Celery beat) relies on."""

    def get(self, request, *args, **kwargs):
        row = digital_game_version(campaign=self.campaign, game_id=kwargs["game_id"])
        seen = whole_number(request.GET.get("v"))
        if request.GET.get("v") and seen is None:
            raise BadRequest(_("The version polled is the number the page shows (0, 1, 2...)."))
        _seat_shown(request)
        if row is not None:
            version, deadline = row
            if deadline is not None and deadline <= timezone.now():
                digital_game_clocks_check(game_id=kwargs["game_id"], version=version)
                row = digital_game_version(campaign=self.campaign, game_id=kwargs["game_id"])
            if row is not None and seen == row[0]:
                return HttpResponse(status=204)
        game = self.get_game()
        return _panel_response(request, game)


class DigitalGameMoveView(_GameMixin, View):
    """A move from a form on the page; answers with the panel (and the refusal, if any)."""

    def post(self, request, *args, **kwargs):
        game = self.get_game()
        seat = whole_number(request.POST.get("seat"))
        version = whole_number(request.POST.get("version"))
        if seat is None or version is None:
            return _panel_response(
                request, game, status=400, error={"message": _("The form was incomplete.")}
            )
        state = game.game_state()
        options = legal_move_options(state, seat)
        held = seats_held(game=game, user=request.user, session_key=_session_key(request))
        try:
            plan = repeat_plan_from_post(request.POST)
            if plan is not None:
                attack_repeat_submit(
                    game=game,
                    seat=seat,
                    plan=plan,
                    version=version,
                    user=request.user,
                    session_key=_session_key(request),
                )
                remember_shown_seat(request, game, seat)
                return _panel_response(request, self.get_game())
            move = move_from_post(request.POST, options)
            confirm = card_confirmation(state, seat, move, request.POST) if seat in held else None
            if confirm is not None:  # giving up cards: asked first, nothing changes yet
                return _panel_response(request, game, confirm=confirm)
            slot = card_ahead_from_post(request.POST)
            common = {"game": game, "seat": seat, "move": move, "version": version}
            if slot is None:
                move_submit(**common, user=request.user, session_key=_session_key(request))
            else:  # the move that ends the turn, and the card chosen with it (E-3)
                turn_end_submit(
                    **common, slot=slot, user=request.user, session_key=_session_key(request)
                )
            remember_shown_seat(request, game, seat)
        except ApplicationError as refusal:
            return _refused_response(request, refusal, self.get_game)
        return _panel_response(request, self.get_game())


class DigitalGameRewardsView(_GameMixin, View):
    """The end-of-game reward form: the world changes as for a logged game."""

    def post(self, request, *args, **kwargs):
        game = self.get_game()
        held_on = {}
        try:
            for key in request.POST:
                if key.startswith("held") and key.endswith("_choice"):
                    index = whole_number(key[len("held") : -len("_choice")])
                    if index is not None:
                        held_on[index] = reward_from_post(request.POST, key[: -len("_choice")])
            comeback = {
                index: request.POST[key]
                for key in request.POST
                if key.startswith("cb") and key.endswith("_power")
                if (index := whole_number(key[len("cb") : -len("_power")])) is not None
            }
            rewards = RewardsChosen(
                comeback=comeback,
                winner_reward=reward_from_post(request.POST, "winner"),
                held_on=held_on,
                slogan=request.POST.get("slogan", ""),
                world_name=request.POST.get("world_name", ""),
            )
        except ApplicationError as malformed:
            errors = [{"message": malformed.message, "rule": ""}]
            return _panel_response(request, game, status=400, reward_errors=errors)
        try:
            digital_game_finish(
                game=game, user=request.user, session_key=_session_key(request), rewards=rewards
            )
        except GameLogRefused as refused:
            errors = [
                {"message": r.violation.message, "rule": r.violation.rule} for r in refused.refusals
            ]
            return _panel_response(request, game, status=400, reward_errors=errors)
        except ApplicationError as refusal:
            return _panel_response(
                request, self.get_game(), status=refusal.status, error=_error(refusal)
            )
        messages.success(
            request,
            _("Game %(number)s is recorded; the world has changed.") % {"number": game.game_number},
        )
        response = HttpResponse(status=204)
        response["HX-Redirect"] = game.get_absolute_url()
        return response


class DigitalGameAbandonView(_GameMixin, View):
    def post(self, request, *args, **kwargs):
        game = self.get_game()
        try:
            digital_game_abandon(game=game, user=request.user)
        except ApplicationError as refusal:
            messages.error(request, refusal.message)
            return redirect(game.get_absolute_url())
        if self.campaign is None:
            messages.info(request, _("The game was abandoned."))
            return redirect(reverse("campaign:lobby"))
        messages.info(request, _("The game was abandoned; the world did not change."))
        return redirect(reverse("campaign:digital_game_new", kwargs={"slug": self.campaign.slug}))
