"""Pages: the dashboard, creating a campaign, its world page and its settings."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView

from campaign.errors import ApplicationError
from campaign.forms.box import ReadingsForm
from campaign.forms.campaigns import CampaignForm, NewCampaignForm
from campaign.models import Membership
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.campaigns import (
    Progress,
    campaign_list_public,
    campaign_progress,
    person_names,
)
from campaign.selectors.chat import ChatRoom, chat_rights
from campaign.selectors.history.games import history_games
from campaign.selectors.record_gaps import gaps_context
from campaign.selectors.world import world_as_of, world_current, world_games_recorded
from campaign.services.campaigns import campaign_create, campaign_update
from campaign.views.chat import chat_context
from campaign.views.world_context import world_context
from rules import box
from rules.data import board
from rules.world import World

GAME_NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() must not fail


class HomeView(TemplateView):
    """Your campaigns (with your role) and the public ones."""

    template_name = "campaign/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        user = self.request.user
        memberships = []
        if user.is_authenticated:
            memberships = list(
                Membership.objects.filter(user=user)
                .select_related("campaign", "campaign__owner")
                .order_by("campaign__name")
            )
        public = list(campaign_list_public().select_related("owner"))
        progress = campaign_progress(campaigns=[*(m.campaign for m in memberships), *public])
        roles = {m.campaign_id: m.get_role_display() for m in memberships}
        context["memberships"] = [(m, progress.get(m.campaign_id, Progress())) for m in memberships]
        context["public_campaigns"] = [
            (c, progress.get(c.pk, Progress()), roles.get(c.pk)) for c in public
        ]
        return context


class CampaignCreateView(LoginRequiredMixin, FormView):
    template_name = "campaign/campaign_form.html"
    form_class = NewCampaignForm

    def form_valid(self, form):
        already_played = form.cleaned_data.pop("already_played")
        try:
            campaign = campaign_create(owner=self.request.user, **form.cleaned_data)
        except ApplicationError as error:
            form.add_error(None, error.message)
            return self.render_to_response(self.get_context_data(form=form), status=400)
        if already_played:
            messages.success(
                self.request,
                _("%(campaign)s is ready. Bring in your board.") % {"campaign": campaign.name},
            )
            return redirect("campaign:bring_in", slug=campaign.slug)
        messages.success(
            self.request,
            _("%(campaign)s is ready. Customize it before game 1.") % {"campaign": campaign.name},
        )
        return redirect(campaign)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


def as_of_links(recorded: list[int], as_of: int | None) -> list[int | None]:
    """The games the world page links to "as of": all of them in a short campaign; in a long
    one the first, the last few and those around the game shown, None standing for the games
    left out between (any game is still one `?game=N` away)."""
    if len(recorded) <= AS_OF_LINKS:
        return recorded
    index = recorded.index(as_of) if as_of in recorded else len(recorded)
    keep = {0, *range(index - 2, index + 3), *range(len(recorded) - 5, len(recorded))}
    links: list[int | None] = []
    for i, number in enumerate(recorded):
        if i in keep:
            links.append(number)
        elif links[-1] is not None:
            links.append(None)
    return links


AS_OF_LINKS = 16


class CampaignDetailView(CampaignAccessMixin, TemplateView):
    """The world page, the one view of the world: the board with every mark, faction cards,
    victors, packs, supplies. `?game=N` shows the world as it stood after game N, with what
    that game changed (`/history/?game=N` leads here)."""

    template_name = "campaign/world.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        raw_game = self.request.GET.get("game")
        as_of = None
        if raw_game not in (None, ""):
            if not GAME_NUMBER.fullmatch(raw_game):
                raise Http404(_("No such game."))
            as_of = int(raw_game)
            try:
                world = world_as_of(campaign=self.campaign, game_number=as_of)
            except ApplicationError as error:
                raise Http404(error.message) from error
        else:
            world = world_current(campaign=self.campaign)
        names = person_names(campaign=self.campaign)
        context.update(
            world_context(world, names=names),
            **gaps_context(campaign=self.campaign, names=names, upto_game=as_of),
            as_of=as_of,
            changed=self._changed(as_of, names, world),
            territory_groups=[
                (c.name, [(t, board().territory(t).name) for t in c.territories])
                for c in board().continents.values()
            ],
            games_recorded=as_of_links(world_games_recorded(campaign=self.campaign), as_of),
            section="world",
            person_names=names,  # the packs' notice words its reasons with them
        )
        if as_of is None:  # the chat sits on the world as it is today
            room = ChatRoom.of_campaign(self.campaign)
            rights = chat_rights(room=room, allowed=self.allowed)
            context.update(chat_context(room=room, rights=rights, request=self.request))
        return context

    def _changed(self, game: int | None, names: dict[str, str], world: World):
        """The history of game `game` (what it changed), if one is picked and was logged."""
        if not game:
            return None
        games = history_games(
            campaign=self.campaign,
            numbers={game},
            show_accounts=Action.MEMBER in self.allowed,
            names=names,
            world=world,
        )
        return next((g for g in games if g.number == game), None)


class CampaignSettingsView(CampaignAccessMixin, FormView):
    campaign_action = Action.MANAGE
    template_name = "campaign/campaign_form.html"
    form_class = CampaignForm

    def get_initial(self):
        return {"name": self.campaign.name, "is_public": self.campaign.is_public}

    def get_context_data(self, **kwargs):
        # Readings of open points exist only for opened packs: a new campaign shows none.
        world = world_current(campaign=self.campaign)
        readings = ReadingsForm(world=world) if box.settings(world) else None
        kwargs.setdefault("readings_form", readings)
        return super().get_context_data(**kwargs, section="settings")

    def form_valid(self, form):
        try:
            campaign_update(campaign=self.campaign, **form.cleaned_data)
        except ApplicationError as error:
            form.add_error(None, error.message)
            return self.form_invalid(form)
        messages.success(self.request, _("Campaign settings saved."))
        return redirect(self.campaign)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)
