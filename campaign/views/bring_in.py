"""Page: bringing in a campaign already under way, step by step, confirmed in one go.

What each step typed is kept in the session until the confirm step records everything with
one `world_event_append`; each step is checked by the rules (against the world with the other
steps' entries) before going on, and a refusal shows under the field it concerns."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.errors import ApplicationError
from campaign.forms.bring_in.base import StepForm
from campaign.forms.bring_in.games import GamesForm
from campaign.forms.bring_in.steps import STEPS
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.world import world_current
from campaign.services.bring_in import (
    Context,
    Entry,
    People,
    bring_in_events,
    bring_in_record,
    bring_in_refusals,
)
from rules.data import content
from rules.world import World

CONFIRM = "confirm"
STEP_KEYS = [form.step for form in STEPS]
HIDDEN = {"csrfmiddlewaretoken", "next", "back", "confirm"}


class BringInView(CampaignAccessMixin, TemplateView):
    """Owners enter the board as it stands after the games played before the record began."""

    campaign_action = Action.MANAGE
    template_name = "campaign/bring_in.html"

    def dispatch(self, request, *args, **kwargs):
        self.step = kwargs.get("step") or STEP_KEYS[0]
        if self.step not in (*STEP_KEYS, CONFIRM):
            raise Http404(_("No such step."))
        return super().dispatch(request, *args, **kwargs)

    # --- the draft kept between steps --------------------------------------------------------

    @property
    def _session_key(self) -> str:
        return f"bring_in:{self.campaign.pk}"

    def _stored(self) -> dict[str, dict[str, list[str]]]:
        return self.request.session.get(self._session_key, {})

    def _store(self, step: str, data) -> None:
        stored = self._stored()
        stored[step] = {k: v for k, v in data.lists() if k not in HIDDEN}
        self.request.session[self._session_key] = stored

    def _form(self, form_class: type[StepForm], world: World, data=None) -> StepForm:
        raw = self._stored().get("packs", {}).get("packs", [])
        packs = [p for p in raw if p in content().packs]
        if data is None and form_class.step in self._stored():
            data = MultiValueDict(self._stored()[form_class.step])
        return form_class(data, world=world, packs=packs)

    def _entries(self, forms: list[StepForm]) -> tuple[list[Entry], int | None]:
        """Entries of every valid bound step, and the first recorded game (None until the
        games step is done)."""
        entries: list[Entry] = []
        before_game = None
        for form in forms:
            if form.is_bound and form.is_valid():
                entries += form.entries()
                if isinstance(form, GamesForm):
                    before_game = form.before_game()
        return entries, before_game

    def _all_forms(self, world: World, current: StepForm | None = None) -> list[StepForm]:
        return [
            current if current and current.step == f.step else self._form(f, world) for f in STEPS
        ]

    # --- pages -------------------------------------------------------------------------------

    def get(self, request, *args, **kwargs):
        world = world_current(campaign=self.campaign)
        if world.games_played:
            return self.render_to_response(self.get_context_data(world=world, closed=True))
        if self.step == CONFIRM:
            return self._confirm_page(world)
        form = self._form(self._step_class(), world)
        return self.render_to_response(self.get_context_data(world=world, form=form))

    def post(self, request, *args, **kwargs):
        world = world_current(campaign=self.campaign)
        if world.games_played:
            return self.render_to_response(
                self.get_context_data(world=world, closed=True), status=400
            )
        if self.step == CONFIRM:
            return self._record(world)
        form = self._form(self._step_class(), world, data=request.POST)
        if "back" in request.POST:
            self._store(self.step, request.POST)
            return redirect(self._url(STEP_KEYS[max(0, STEP_KEYS.index(self.step) - 1)]))
        if form.is_valid():
            forms = self._all_forms(world, current=form)
            entries, before_game = self._entries(forms)
            if before_game is not None:
                refused = bring_in_refusals(
                    campaign=self.campaign,
                    entries=entries,
                    context=Context(before_game, People.of(self.campaign)),
                )
                for (step, field), violations in refused.items():
                    if step == self.step:
                        for violation in violations:
                            form.add_error(field if field in form.fields else None, str(violation))
            if not form.errors:
                self._store(self.step, request.POST)
                index = STEP_KEYS.index(self.step) + 1
                return redirect(self._url(STEP_KEYS[index] if index < len(STEP_KEYS) else CONFIRM))
        return self.render_to_response(self.get_context_data(world=world, form=form), status=400)

    def _confirm_page(self, world: World, *, error: str = "", status: int = 200):
        forms = self._all_forms(world)
        missing = [f for f in forms if not f.is_bound or not f.is_valid()]
        entries, before_game = self._entries(forms)
        summary: list[str] = []
        refusals: list[tuple[StepForm, str]] = []
        if before_game is not None:
            context = Context(before_game, People.of(self.campaign))
            summary = [event.describe() for _, event in bring_in_events(entries, context)]
            refused = bring_in_refusals(campaign=self.campaign, entries=entries, context=context)
            by_step = {f.step: f for f in forms}
            refusals = [
                (by_step[step], str(v)) for (step, _), found in refused.items() for v in found
            ]
        return self.render_to_response(
            self.get_context_data(
                world=world,
                summary=summary,
                missing=missing,
                refusals=refusals,
                before_game=before_game,
                error=error,
            ),
            status=status,
        )

    def _record(self, world: World):
        forms = self._all_forms(world)
        entries, before_game = self._entries(forms)
        if before_game is None or any(not f.is_bound or not f.is_valid() for f in forms):
            return self._confirm_page(
                world, error=_("Fill in every step before confirming."), status=400
            )
        try:
            bring_in_record(
                campaign=self.campaign,
                user=self.request.user,
                entries=entries,
                before_game=before_game,
            )
        except ApplicationError as error:
            return self._confirm_page(world, error=error.message, status=400)
        self.request.session.pop(self._session_key, None)
        messages.success(
            self.request,
            _("The campaign is brought in: the record begins at game %(number)s.")
            % {"number": before_game},
        )
        return redirect(self.campaign)

    # --- helpers -----------------------------------------------------------------------------

    def _step_class(self) -> type[StepForm]:
        return STEPS[STEP_KEYS.index(self.step)]

    def _url(self, step: str) -> str:
        return reverse("campaign:bring_in_step", kwargs={"slug": self.campaign.slug, "step": step})

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        stored = self._stored()
        context.update(
            section="setup",
            step=self.step,
            steps=[
                {
                    "key": f.step,
                    "title": f.title,
                    "url": self._url(f.step),
                    "current": f.step == self.step,
                    "done": f.step in stored,
                }
                for f in STEPS
            ],
            confirm_url=self._url(CONFIRM),
        )
        return context
