"""The box bottom ("Do Not Open. Ever."): the owner's optional choice to open it, with a
confirmation page, then the names of the players present for its cards.

Before it is open, the names page answers like any sealed pack (404), and the confirmation page
says only what is printed on the outside and what is uncertain about it (U-8).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.forms.box_bottom import CardsNamedForm
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.world import world_current
from campaign.services.box_bottom import BOX_BOTTOM, box_bottom_cards_name, box_bottom_open
from rules import box
from rules.data import content
from rules.world import World


def _cards_to_name(world: World) -> int:
    """How many of the opened box bottom's cards wait for a name (0 once named)."""
    if world.named_cards:
        return 0
    return sum(
        1
        for pack in box.opened_contents(world)
        for card in pack.event_cards
        if card.chooser == "named_player"
    )


class BoxBottomOpenView(CampaignAccessMixin, TemplateView):
    """/campaigns/<slug>/box-bottom/open/ (owner): GET asks for confirmation, POST opens it."""

    campaign_action = Action.MANAGE
    template_name = "campaign/packs/box_bottom_open.html"

    def get(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        if box.is_open(world_current(campaign=self.campaign), BOX_BOTTOM):
            return redirect("campaign:pack", slug=self.campaign.slug, pack=BOX_BOTTOM)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(pack=content().packs[BOX_BOTTOM], section="packs")
        return context

    def post(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            box_bottom_open(campaign=self.campaign, user=request.user)
        except ApplicationError as refusal:
            context = self.get_context_data(error=refusal.message)
            return self.render_to_response(context, status=refusal.status)
        messages.success(
            request, _("%(pack)s is open.") % {"pack": content().packs[BOX_BOTTOM].name}
        )
        return redirect("campaign:box_bottom_names", slug=self.campaign.slug)


class BoxBottomNamesView(CampaignAccessMixin, TemplateView):
    """/campaigns/<slug>/box-bottom/names/ (players and the owner): the players present write
    their names on the opened box bottom's cards, once."""

    campaign_action = Action.PLAY
    template_name = "campaign/packs/box_bottom_names.html"
    form: CardsNamedForm | None = None

    def _world(self) -> World:
        world = world_current(campaign=self.campaign)
        if not box.is_open(world, BOX_BOTTOM):
            raise Http404(_("This campaign has no such opened pack."))
        return world

    def get(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        world = self._world()
        if not _cards_to_name(world):
            return redirect("campaign:pack", slug=self.campaign.slug, pack=BOX_BOTTOM)
        self.form = CardsNamedForm(campaign=self.campaign, cards=_cards_to_name(world))
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(pack=content().packs[BOX_BOTTOM], form=self.form, section="packs")
        return context

    def post(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        world = self._world()
        cards = _cards_to_name(world)
        if not cards:
            return redirect("campaign:pack", slug=self.campaign.slug, pack=BOX_BOTTOM)
        self.form = CardsNamedForm(request.POST, campaign=self.campaign, cards=cards)
        if self.form.is_valid():
            try:
                box_bottom_cards_name(
                    campaign=self.campaign,
                    user=request.user,
                    persons=self.form.cleaned_data["persons"],
                )
            except ApplicationError as refusal:
                self.form.add_error(None, refusal.message)
            else:
                messages.success(request, _("The names are on the cards."))
                return redirect("campaign:pack", slug=self.campaign.slug, pack=BOX_BOTTOM)
        return self.render_to_response(self.get_context_data(), status=400)
