"""Pages of a campaign's box: its packs (a page per opened pack, where the group chooses to look
inside), Pack 2's opening choice, the readings of open points, and the rules its box adds.

A pack the campaign has not opened is answered exactly like a pack that does not exist (404),
so no page ever tells a campaign more than the printed condition on a sealed pack (U-8).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.errors import ApplicationError, NotFoundError
from campaign.forms.box import ComebackPowerForm, ReadingsForm
from campaign.forms.campaigns import CampaignForm
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.box import (
    comeback_pick_due,
    pack_contents,
    pack_opened,
    packs_opened_and_sealed,
    rules_help,
)
from campaign.selectors.campaigns import person_names
from campaign.selectors.world import world_current
from campaign.services.box import comeback_power_choose, settings_choose
from campaign.services.box_bottom import BOX_BOTTOM
from rules import box


class PackListView(CampaignAccessMixin, TemplateView):
    """/campaigns/<slug>/packs/: opened packs with links, sealed ones with their condition."""

    template_name = "campaign/packs/list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        world = world_current(campaign=self.campaign)
        opened, sealed = packs_opened_and_sealed(world=world)
        context.update(
            opened=opened, sealed=sealed, section="packs", has_missions=bool(box.missions(world))
        )
        return context


class PackDetailView(CampaignAccessMixin, TemplateView):
    """/campaigns/<slug>/packs/<pack>/: the opening (when, why), then, once a reader asks to
    look inside (`?look=1`), everything the pack added, and Pack 2's opening choice."""

    template_name = "campaign/packs/detail.html"
    comeback_form: ComebackPowerForm | None = None

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        world = world_current(campaign=self.campaign)
        pack = kwargs["pack"]
        try:
            opening = pack_opened(world=world, pack=pack)
        except NotFoundError as refusal:
            raise Http404(refusal.message) from refusal
        look = self.request.GET.get("look") == "1" or self.comeback_form is not None
        context.update(opening=opening, look=look, section="packs")
        if look:
            due = comeback_pick_due(world=world, pack=pack)
            form = self.comeback_form
            if form is None and due and Action.PLAY in self.allowed:
                form = ComebackPowerForm(world=world, pack=pack)
            context.update(
                contents=pack_contents(
                    world=world, pack=pack, names=person_names(campaign=self.campaign)
                ),
                cards_to_name=pack == BOX_BOTTOM
                and not world.named_cards
                and Action.PLAY in self.allowed,
                comeback_due=due,
                comeback_due_names=", ".join(str(d["name"]) for d in due or ()),
                comeback_form=form,
            )
        return context


class ComebackPowerChooseView(PackDetailView):
    """POST /campaigns/<slug>/packs/<pack>/comeback/ (players and the owner): record which
    comeback power the faction eliminated in the opening game takes (C100, G-3)."""

    campaign_action = Action.PLAY
    http_method_names = ["post"]

    def post(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        pack = kwargs["pack"]
        world = world_current(campaign=self.campaign)
        try:
            pack_opened(world=world, pack=pack)
        except NotFoundError as refusal:
            raise Http404(refusal.message) from refusal
        form = ComebackPowerForm(request.POST, world=world, pack=pack)
        if form.is_valid():
            try:
                comeback_power_choose(
                    campaign=self.campaign,
                    user=request.user,
                    pack=pack,
                    faction=form.cleaned_data["faction"],
                    power=form.cleaned_data["power"],
                )
            except ApplicationError as refusal:
                form.add_error(None, refusal.message)
            else:
                messages.success(request, _("The comeback power is on the faction card."))
                url = reverse("campaign:pack", kwargs={"slug": self.campaign.slug, "pack": pack})
                return redirect(f"{url}?look=1")
        self.comeback_form = form
        return self.render_to_response(self.get_context_data(**kwargs), status=400)


class RulesHelpView(CampaignAccessMixin, TemplateView):
    """/campaigns/<slug>/rules/: what this campaign's box adds to the printed rules."""

    template_name = "campaign/packs/rules.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            help=rules_help(world=world_current(campaign=self.campaign)), section="rules"
        )
        return context


class ReadingsView(CampaignAccessMixin, TemplateView):
    """POST /campaigns/<slug>/settings/readings/ (owner): change the readings of open points of
    the opened packs, as `SettingChosen` world events."""

    campaign_action = Action.MANAGE
    http_method_names = ["post"]
    template_name = "campaign/campaign_form.html"

    def post(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        world = world_current(campaign=self.campaign)
        form = ReadingsForm(request.POST, world=world)
        if not form.fields:
            raise Http404(_("This campaign has no readings to choose yet."))
        if form.is_valid():
            try:
                settings_choose(campaign=self.campaign, user=request.user, values=form.cleaned_data)
            except ApplicationError as refusal:
                form.add_error(None, refusal.message)
            else:
                messages.success(request, _("Readings saved."))
                return redirect("campaign:campaign_settings", slug=self.campaign.slug)
        context = self.get_context_data(
            form=CampaignForm(
                initial={"name": self.campaign.name, "is_public": self.campaign.is_public}
            ),
            readings_form=form,
            section="settings",
        )
        return self.render_to_response(context, status=400)
