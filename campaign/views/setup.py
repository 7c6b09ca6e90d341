"""Page: customizing the world before the first game (P-1..P-3)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.generic import TemplateView

from campaign.board_map.render import render_board_svg
from campaign.errors import ApplicationError
from campaign.forms.setup import PregameCoinsForm, StartingPowersForm
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.world import world_current
from campaign.services.setup import (
    coins_placed,
    powers_chosen,
    setup_coins_place,
    setup_powers_choose,
    setup_randomize,
    setup_refusals,
)
from rules.data import content

FORMS = {"powers": StartingPowersForm, "coins": PregameCoinsForm}
# Setup steps cannot be undone (the world's history is append-only): each asks first.
ASK = {
    "powers": (
        gettext_lazy(
            "Keep these starting powers? Each faction's other power is destroyed for good (P-2)."
        ),
        gettext_lazy("Yes, keep these powers"),
    ),
    "coins": (
        gettext_lazy(
            "Place these coins? The stickers stay on their cards for the whole campaign (P-3)."
        ),
        gettext_lazy("Yes, place the coins"),
    ),
    "random": (
        gettext_lazy(
            "Let chance choose every starting power and coin not chosen yet? What it picks is "
            "final (P-1)."
        ),
        gettext_lazy("Yes, customize at random"),
    ),
}
DONE = {
    "powers": gettext_lazy("Starting powers chosen; the other powers are destroyed for good."),
    "coins": gettext_lazy("The 12 coins are on their territory cards."),
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
                for key, faction in content().base_factions.items()
                if key in world.starting_powers
            ],
            coins_wanted=content().supplies["pregame_coin_stickers"],
            coins_cap=content().constants["card_coins_pregame_max"],
        )
        if not world.pregame_coins_placed:
            context["pick_map"] = render_board_svg(world, interactive=True)
        return context

    def post(self, request, *args, **kwargs):
        step = request.POST.get("step")
        if step == "random":
            if "confirm" not in request.POST:
                return self._ask(step, [])
            return self._randomize(request)
        if step not in FORMS:
            messages.error(request, _("Choose what to customize."))
            return redirect("campaign:setup", slug=self.campaign.slug)
        world = world_current(campaign=self.campaign)
        form = FORMS[step](request.POST, world=world)
        if form.is_valid():
            try:
                if "confirm" not in request.POST:
                    self._check(step, form)
                    return self._ask(step, self._summary(step, form), world=world, form=form)
                self._save(step, form)
            except ApplicationError as error:
                for violation in error.violations:
                    form.add_error(None, f"{violation.message} ({violation.rule})")
            else:
                messages.success(request, str(DONE[step]))
                return redirect("campaign:setup", slug=self.campaign.slug)
        context = self.get_context_data(world=world, **{f"{step}_form": form})
        return self.render_to_response(context, status=400)

    def _ask(self, step: str, summary: list[str], **context) -> HttpResponse:
        """The page again with what the step will do and a button that posts it once more,
        confirmed; nothing is written yet."""
        question, button = ASK[step]
        form = context.pop("form", None)
        if form is not None:
            context[f"{step}_form"] = form
        asked = {
            "step": step,
            "question": question,
            "button": button,
            "summary": summary,
            "fields": [
                (key, value)
                for key, values in self.request.POST.lists()
                if key not in ("csrfmiddlewaretoken", "confirm")
                for value in values
            ],
        }
        return self.render_to_response(self.get_context_data(ask=asked, **context))

    @staticmethod
    def _summary(step: str, form) -> list[str]:
        """The choices in words, to read before confirming them."""
        factions = content().factions
        if step == "powers":
            return [
                f"{factions[key].name}: {content().power(power).name}"
                for key, power in form.choices().items()
            ]
        counts: dict[str, int] = {}
        for key in form.territories():
            counts[key] = counts.get(key, 0) + 1
        return [
            ngettext("%(territory)s: +%(count)s coin", "%(territory)s: +%(count)s coins", count)
            % {"territory": form.fields[key].label, "count": count}
            for key, count in sorted(counts.items(), key=lambda kv: form.fields[kv[0]].label)
        ]

    def _check(self, step: str, form) -> None:
        """Refuse now what saving would refuse, so the page never asks to confirm it."""
        if step == "powers":
            events = powers_chosen(form.choices())
        else:
            events = coins_placed(form.territories())
        if refused := setup_refusals(campaign=self.campaign, events=events):
            raise ApplicationError(refused[0].message, violations=refused)

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
            messages.success(request, _("Chance customized the world (P-1)."))
        return redirect("campaign:setup", slug=self.campaign.slug)
