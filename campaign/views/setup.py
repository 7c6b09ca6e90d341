"""Page: customizing the world before the first game (P-1..P-3)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.forms.setup import PregameCoinsForm, StartingPowersForm
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.world import world_current
from campaign.services.setup import setup_coins_place, setup_powers_choose, setup_randomize
from rules.data import content

FORMS = {"powers": StartingPowersForm, "coins": PregameCoinsForm}
DONE = {
    "powers": "Starting powers chosen; the other powers are destroyed for good.",
    "coins": "The 12 coins are on their territory cards.",
}


class SetupView(CampaignAccessMixin, TemplateView):
    """Owners choose the starting powers, place the 12 coins, or let chance do it (P-1).

    Each form posts with a `step` (powers / coins / random); a refusal re-shows the page with
    what was typed, the reasons and their rules, and changes nothing."""

    campaign_action = Action.MANAGE
    template_name = "campaign/setup.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        world = kwargs.get("world") or world_current(campaign=self.campaign)
        context.update(
            section="setup",
            world=world,
            powers_form=kwargs.get("powers_form") or StartingPowersForm(world=world),
            coins_form=kwargs.get("coins_form") or PregameCoinsForm(world=world),
            chosen=[
                (faction.name, content().power(world.starting_powers[key]))
                for key, faction in content().factions.items()
                if key in world.starting_powers
            ],
            coins_wanted=content().supplies["pregame_coin_stickers"],
            coins_cap=content().constants["card_coins_pregame_max"],
        )
        return context

    def post(self, request, *args, **kwargs):
        step = request.POST.get("step")
        if step == "random":
            return self._randomize(request)
        if step not in FORMS:
            messages.error(request, "Choose what to customize.")
            return redirect("campaign:setup", slug=self.campaign.slug)
        world = world_current(campaign=self.campaign)
        form = FORMS[step](request.POST, world=world)
        if form.is_valid():
            try:
                self._save(step, form)
            except ApplicationError as error:
                for violation in error.violations:
                    form.add_error(None, f"{violation.message} ({violation.rule})")
            else:
                messages.success(request, DONE[step])
                return redirect("campaign:setup", slug=self.campaign.slug)
        context = self.get_context_data(world=world, **{f"{step}_form": form})
        return self.render_to_response(context, status=400)

    def _save(self, step: str, form) -> None:
        if step == "powers":
            setup_powers_choose(
                campaign=self.campaign, user=self.request.user, choices=form.choices()
            )
        else:
            setup_coins_place(
                campaign=self.campaign, user=self.request.user, territories=form.territories()
            )

    def _randomize(self, request):
        try:
            setup_randomize(campaign=self.campaign, user=request.user)
        except ApplicationError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, "Chance customized the world (P-1).")
        return redirect("campaign:setup", slug=self.campaign.slug)
