"""/campaigns/<slug>/open-by-hand/ (owner): open a sealed pack by hand, in three steps that
carry their answers in the form itself (nothing is stored before the last one):

1. which pack and why (the page names sealed packs only by their names);
2. the confirmation: opening shows the pack's contents to the campaign, for good;
3. what the opening brought, for a pack whose opening asks anything; then it is recorded.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.forms.pack_by_hand import BroughtForm, PackChoiceForm
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.world import world_current
from campaign.services.pack_by_hand import ASKS, hand_packs, pack_by_hand_open
from rules.data import content


class PackByHandView(CampaignAccessMixin, TemplateView):
    campaign_action = Action.MANAGE
    template_name = "campaign/packs/by_hand.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("stage", "choose")
        context.setdefault("choice", PackChoiceForm(packs=self.packs))
        context["section"] = "packs"
        return context

    def get(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        self.packs = hand_packs(world_current(campaign=self.campaign))
        return super().get(request, *args, **kwargs)

    def post(self, request, *args: Any, **kwargs: Any) -> HttpResponse:
        world = world_current(campaign=self.campaign)
        self.packs = hand_packs(world)
        choice = PackChoiceForm(request.POST, packs=self.packs)
        stage = request.POST.get("stage", "")
        if not choice.is_valid() or stage not in ("confirm", "brought", "record"):
            return self.render_to_response(self.get_context_data(choice=choice), status=400)
        pack = choice.cleaned_data["pack"]
        common = {"choice": choice, "pack": content().packs[pack], "asks": ASKS.get(pack, "")}
        if stage == "confirm":
            return self.render_to_response(self.get_context_data(stage="confirm", **common))
        brought = BroughtForm(
            request.POST if stage == "record" else None,
            pack=pack,
            world=world,
            campaign=self.campaign,
        )
        if stage == "brought" or not brought.is_valid():
            status = 200 if stage == "brought" else 400
            context = self.get_context_data(stage="brought", brought=brought, **common)
            return self.render_to_response(context, status=status)
        try:
            pack_by_hand_open(
                campaign=self.campaign,
                user=request.user,
                pack=pack,
                why=choice.cleaned_data["why"],
                words=choice.cleaned_data["words"],
                brought=brought.brought(),
            )
        except ApplicationError as refusal:
            brought.add_error(None, refusal.message)
            context = self.get_context_data(stage="brought", brought=brought, **common)
            return self.render_to_response(context, status=refusal.status)
        messages.success(
            request, _("%(pack)s is open, by your hand.") % {"pack": content().packs[pack].name}
        )
        return redirect("campaign:pack", slug=self.campaign.slug, pack=pack)
