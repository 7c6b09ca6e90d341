"""Pages of the guided game-log form (and of correcting a logged game).

The draft lives in the session under one key per campaign (and per corrected game): the raw
data typed at each step and the furthest step reached. Nothing is written to the campaign
before the confirmation step calls the service.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from campaign.board_map.render import render_board_svg
from campaign.errors import ApplicationError, ConflictError, NotFoundError
from campaign.forms.game_log.entry import (
    eliminated_factions,
    entry_from_steps,
    field_step,
    refusals_by_field,
    seated_factions,
    steps_from_entry,
)
from campaign.forms.game_log.packs import PacksStep, packs_step_shown
from campaign.forms.game_log.prefill import (
    held_prefill,
    last_game_entry,
    mark_starts,
    rewards_prefill,
    same_rewards_prefill,
    seated_persons,
    seats_prefill,
)
from campaign.forms.game_log.rewards import RewardsStep
from campaign.forms.game_log.steps import (
    STEP_TITLES,
    STEPS,
    ConfirmStep,
    DuringStep,
    OutcomeStep,
    PlayersStep,
    StepForm,
)
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.campaigns import person_names
from campaign.selectors.game_log_follows import what_follows
from campaign.selectors.history.describe import describe
from campaign.selectors.history.packs import packs_status
from campaign.selectors.world import world_current
from campaign.services.game_log.correct import game_log_correct, game_log_correction_scope
from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.record import game_log, game_log_latest
from campaign.services.game_log.refusals import GameLogRefused, Refusal
from campaign.services.log_drafts import log_draft_drop, log_draft_touch, others_drafting
from campaign.views.game_log_pending import send_for_approval
from rules import board_links
from rules.data import board
from rules.errors import RuleError
from rules.rewards import (
    held_on_order,
    held_on_reward_options,
    winner_reward_options,
    world_naming_candidates,
    world_naming_due,
)
from rules.world import World


def _querydict(raw: dict[str, Any]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in raw.items():
        data.setlist(key, [str(v) for v in value] if isinstance(value, list) else [str(value)])
    return data


class GameLogWizard(CampaignAccessMixin, TemplateView):
    """/c/<slug>/log/<step>/ : one step of logging the next game."""

    campaign_action = Action.PLAY
    template_name = "campaign/log/step.html"
    correcting: int | None = None

    # --- the draft -----------------------------------------------------------------------------

    @property
    def draft_key(self) -> str:
        suffix = f":correct:{self.correcting}" if self.correcting else ""
        return f"game_log_draft:{self.campaign.pk}{suffix}"

    def draft(self) -> dict[str, Any]:
        return self.request.session.get(self.draft_key) or {"steps": {}, "reached": 0}

    def save_draft(self, draft: dict[str, Any]) -> None:
        self.request.session[self.draft_key] = draft

    def note_drafting(self) -> list[str]:
        """Note this draft and name the others drafting the same game, shown on every step
        and before confirming (two loggers at once)."""
        mark = {
            "campaign": self.campaign,
            "user": self.request.user,
            "game_number": self.game_number,
        }
        log_draft_touch(**mark, correcting=bool(self.correcting))
        return [other.words() for other in others_drafting(**mark)]

    def drop_drafting(self) -> None:
        log_draft_drop(
            campaign=self.campaign,
            user=self.request.user,
            game_number=self.game_number,
            correcting=bool(self.correcting),
        )

    def step_url(self, step: str) -> str:
        if self.correcting:
            return reverse(
                "campaign:game_correct_step",
                kwargs={"slug": self.campaign.slug, "number": self.correcting, "step": step},
            )
        return reverse("campaign:game_log_step", kwargs={"slug": self.campaign.slug, "step": step})

    # --- the world the entry is checked against --------------------------------------------------

    def base_world(self) -> World:
        if not self.correcting:
            return world_current(campaign=self.campaign)
        return game_log_correction_scope(
            campaign=self.campaign, game_number=self.correcting
        ).world_before

    @property
    def game_number(self) -> int:
        return self.correcting or self.world.next_game_number

    # --- forms -----------------------------------------------------------------------------------

    def step_form(self, step: str, draft: dict[str, Any], data: QueryDict | None = None):
        raw = data if data is not None else draft["steps"].get(step)
        bound = _querydict(raw) if isinstance(raw, dict) else raw
        players_raw = draft["steps"].get("players", {})
        factions = seated_factions(players_raw)
        if step == "players":
            initial = None
            if bound is None and not self.correcting:
                initial = seats_prefill(
                    campaign=self.campaign, world=self.world, persons=self.persons
                )
            return PlayersStep(bound, persons=self.persons, world=self.world, initial=initial)
        if step == "during":
            return DuringStep(bound, factions=factions, world=self.world)
        if step == "outcome":
            eliminated = eliminated_factions(players_raw)
            return OutcomeStep(
                bound,
                factions=factions,
                eliminated=eliminated,
                world=self.during_world(draft),
                initial=held_prefill(players_raw, eliminated),
            )
        if step == "packs":
            return PacksStep(
                bound, factions=factions, world=self.packs_world(draft)[0], setup=self.world
            )
        if step == "rewards":
            known = self.before_rewards(draft) or {"held_on": [], "naming_due": False}
            initial, copied, not_copied = rewards_prefill(known), [], []
            if bound is None and not self.correcting:
                same, copied, not_copied = same_rewards_prefill(
                    known,
                    last_game_entry(campaign=self.campaign, world=self.world),
                    seated_persons(players_raw),
                    draft["steps"].get("outcome", {}).get("winner"),
                    self.persons,
                )
                initial.update(same)
            form = RewardsStep(
                bound,
                initial=initial,
                game=self.game_number,
                persons=self.persons,
                targets_url=self.step_url("targets"),
                **known,
            )
            form.copied, form.not_copied = copied, not_copied
            return form
        return ConfirmStep(bound)

    def cleaned(self, draft: dict[str, Any], upto: str) -> dict[str, dict[str, Any]]:
        """Cleaned data of every step before `upto` (and `upto` itself when it is valid)."""
        result: dict[str, dict[str, Any]] = {}
        for step in STEPS:
            if step == "packs" and (step not in draft["steps"] or not self.packs_shown(draft)):
                # Not filled yet, or skipped (the box holds nothing it records): nothing.
                result[step] = {}
                if step == upto:
                    break
                continue
            if step not in draft["steps"]:
                break
            form = self.step_form(step, draft)
            if not form.is_valid():
                break
            result[step] = form.cleaned_data
            if step == upto:
                break
        return result

    def before_rewards(self, draft: dict[str, Any]) -> dict[str, Any] | None:
        """Once the outcome is known: the world just before the rewards (the game recorded,
        its scars and signature), who held on in clockwise order from the winner with the
        rewards the rules offer each, the winner's options and whether the world is named."""
        cleaned = self.cleaned(draft, "packs")
        if "packs" not in cleaned:
            return None
        entry, _where = entry_from_steps(cleaned, provisional=True)
        entry = replace(
            entry,
            players=tuple(replace(p, reward=None) for p in entry.players),
            winner_reward=None,
        )
        plan, names = self.plan(entry)
        world = plan.world
        outcomes = {p.faction: entry.outcome(p) for p in entry.players}
        try:
            order = held_on_order([p.faction for p in entry.players], outcomes)
        except RuleError:  # no single winner: nothing to offer
            order = []
        players = {p.faction: p for p in entry.players}
        winner = players.get(entry.winner)

        def held(faction: str) -> list[str]:
            """What a reward may target: the territories held, or every one when the group did
            not record them (the reward's target then says it was held, END-6)."""
            if players[faction].knows("held"):
                return list(players[faction].held)
            return list(board_links.territories(world))

        return {
            "world": world,
            "winner_options": [o.code for o in winner_reward_options(world)],
            "winner_name": (names.get(winner.person) or winner.guest_name) if winner else "",
            "held_on": [
                {
                    "faction": faction,
                    "held": held(faction),
                    "name": names.get(players[faction].person) or players[faction].guest_name,
                    "options": [o.code for o in held_on_reward_options(world, held=held(faction))],
                }
                for faction in order
            ],
            "naming_due": world_naming_due(world),
            "naming_candidates": [
                (key, names.get(key, key)) for key in world_naming_candidates(world)
            ],
        }

    def during_world(self, draft: dict[str, Any]) -> World:
        """The world once what happened during the game is recorded (a pocket this game
        opened is open in it), for the territories held at the end."""
        cleaned = self.cleaned(draft, "during")
        if "during" not in cleaned:
            return self.world
        entry, _where = entry_from_steps(
            {k: cleaned[k] for k in ("players", "during")}, provisional=True
        )
        return self.plan(entry)[0].world

    def packs_world(self, draft: dict[str, Any]) -> tuple[World, list[str]]:
        """The world once the game is recorded, without what the packs step adds: packs this
        game opened are open in it. With the openings, in words, for the step's notice."""
        cleaned = self.cleaned(draft, "outcome")
        if "outcome" not in cleaned:
            return self.world, []
        cleaned = {k: v for k, v in cleaned.items() if k in ("players", "during", "outcome")}
        entry, _where = entry_from_steps(cleaned, provisional=True)
        entry = replace(
            entry, players=tuple(replace(p, comeback_power="", reward=None) for p in entry.players)
        )
        plan, _names = self.plan(entry)
        return plan.world, [
            _("%(pack)s opened during this game: %(reason)s.")
            % {"pack": due.name, "reason": due.reason}
            for due in plan.openings
        ]

    def packs_shown(self, draft: dict[str, Any]) -> bool:
        return packs_step_shown(self.packs_world(draft)[0])

    def shown_steps(self, draft: dict[str, Any]) -> tuple[str, ...]:
        """The steps this game goes through (the packs step only when it records anything)."""
        shown = self.packs_shown(draft)
        return tuple(s for s in (*STEPS, "confirm") if s != "packs" or shown)

    def targets(self, draft: dict[str, Any]) -> HttpResponse:
        """htmx: the legal targets of the reward just chosen, as <option>s (END-5, END-6),
        generated by the same rules code that checks the entry."""
        known = self.before_rewards(draft)
        blank = mark_safe('<option value="">—</option>')
        if known is None:
            return HttpResponse(blank)
        world = known["world"]
        who = self.request.GET.get("for", "winner")
        if who == "winner":
            code = self.request.GET.get("wr_code", "")
            chosen = self.request.GET.get("wr_target", "")
            options = winner_reward_options(world)
        else:
            player = next((h for h in known["held_on"] if h["faction"] == who), None)
            if player is None:
                return HttpResponse(blank)
            code = self.request.GET.get(f"hr_{who}_code", "")
            chosen = self.request.GET.get(f"hr_{who}_target", "")
            options = held_on_reward_options(world, held=player["held"])
        option = next((o for o in options if o.code == code), None)
        if option is None:
            return HttpResponse(blank)
        if option.targets_continents:
            choices = [(f"continent:{k}", board().continents[k].name) for k in option.targets]
        else:
            choices = [(k, board().territory(k).name) for k in option.targets]
        choices.sort(key=lambda kv: kv[1])
        # What was chosen stays chosen while it is legal; the only legal target is chosen.
        if len(choices) == 1:
            chosen = choices[0][0]
        rows = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            ((key, " selected" if key == chosen else "", name) for key, name in choices),
        )
        return HttpResponse(blank + rows)

    def plan(self, entry: GameLogEntry):
        """Plan a draft entry; guests get stand-in keys (they become persons on confirm)."""
        players = tuple(
            PlayerEntry(**{**p.__dict__, "person": f"guest:{p.guest_name}"})
            if not p.person and p.guest_name
            else p
            for p in entry.players
        )
        names = {
            **self.persons,
            **{p.person: p.guest_name for p in players if p.person.startswith("guest:")},
        }
        entry = GameLogEntry(**{**entry.__dict__, "players": players})
        plan = game_log_plan(world=self.world, entry=entry, persons=names, game=self.game_number)
        return plan, names

    def rule_check(self, form: StepForm, draft: dict[str, Any], step: str) -> list[Refusal]:
        """Plan the draft so far and put the refusals of this step next to their fields.

        A step with errors of its own is checked too, on its valid fields, so that every
        error shows at once; a rule refusal then goes only under a field that has no error
        yet (the rest may come from what is still missing)."""
        cleaned = self.cleaned(draft, step)
        partial = step not in cleaned
        if partial:
            if len(cleaned) < STEPS.index(step) or not hasattr(form, "cleaned_data"):
                return []  # an earlier step is not valid: nothing to check against
            cleaned[step] = form.cleaned_data
        entry, where = entry_from_steps(cleaned, provisional=True)
        plan, _names = self.plan(entry)
        found = []
        for field, refusal in refusals_by_field(plan.refusals, where):
            if partial and (field is None or field in form.errors):
                continue
            if (field_step(field) if field else "players") == step:
                form.rule_error(field, str(refusal.violation))
                found.append(refusal)
        return found

    def may_keep(self, refusals: list[Refusal]) -> bool:
        """Whether this step may be passed despite its rule refusals: only when each can be
        overridden; an owner gives the reason on the last step, a player sends the entry from
        there to the owners for approval."""
        return bool(refusals) and all(not refusal.hard for refusal in refusals)

    # --- HTTP ------------------------------------------------------------------------------------

    def setup_state(self) -> None:
        self.persons = person_names(campaign=self.campaign)
        self.world = self.base_world()

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        step = kwargs.get("step", "players")
        if step == "targets":
            self.setup_state()
            return self.targets(self.draft())
        if step not in (*STEPS, "confirm"):
            raise Http404("No such step.")
        self.setup_state()
        draft = self.draft()
        every = (*STEPS, "confirm")
        shown = self.shown_steps(draft)
        if step not in shown or every.index(step) > draft["reached"]:
            # Not reached yet, or the packs step this game skips: the next open step, else
            # the furthest one reached.
            reached = [s for s in shown if every.index(s) <= draft["reached"]]
            ahead = [s for s in reached if every.index(s) > every.index(step)]
            return redirect(self.step_url(ahead[0] if ahead else reached[-1]))
        form = self.step_form(step, draft)
        refusals = []
        if step in draft["steps"] and step != "confirm" and form.is_valid():
            refusals = self.rule_check(form, draft, step)
        return self.render_to_response(
            self.get_context_data(
                step=step, form=form, draft=draft, may_keep=self.may_keep(refusals)
            )
        )

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        step = kwargs.get("step", "players")
        if step not in (*STEPS, "confirm"):
            raise Http404("No such step.")
        self.setup_state()
        draft = self.draft()
        if "discard" in request.POST:
            request.session.pop(self.draft_key, None)
            self.drop_drafting()
            messages.info(request, _("The draft was discarded."))
            return redirect(self.step_url("players"))
        if step == "confirm":
            if "back" in request.POST:
                return redirect(self.step_url(STEPS[-1]))
            return self.confirm(draft)
        if step == "packs" and not self.packs_shown(draft):
            return redirect(self.step_url("rewards"))
        raw = {k: v for k, v in request.POST.lists() if k != "csrfmiddlewaretoken"}
        draft["steps"][step] = raw
        self.save_draft(draft)
        shown = self.shown_steps(draft)
        index = shown.index(step)
        if "back" in request.POST and index > 0:
            return redirect(self.step_url(shown[index - 1]))
        form = self.step_form(step, draft)
        valid = form.is_valid()
        refusals = self.rule_check(form, draft, step)
        # Only the rules may be overridden, never a field left wrong or empty.
        may_keep = valid and self.may_keep(refusals)
        kept = may_keep and ("keep" if Action.MANAGE in self.allowed else "ask") in request.POST
        if form.errors and not kept:
            return self.render_to_response(
                self.get_context_data(step=step, form=form, draft=draft, may_keep=may_keep),
                status=200,
            )
        following = shown[index + 1]
        draft["reached"] = max(draft["reached"], (*STEPS, "confirm").index(following))
        self.save_draft(draft)
        return redirect(self.step_url(following))

    def confirm(self, draft: dict[str, Any]) -> HttpResponse:
        form = ConfirmStep(self.request.POST)
        form.is_valid()
        cleaned = self.cleaned(draft, "rewards")
        if "rewards" not in cleaned:
            messages.error(self.request, _("Some steps are not complete yet."))
            return redirect(self.step_url(STEPS[len(cleaned)]))
        entry, where = entry_from_steps(cleaned)
        if "send" in self.request.POST and not self.correcting:
            sent = send_for_approval(self.request, self.campaign, entry)
            if sent is None:
                return redirect(self.step_url("confirm"))
            self.request.session.pop(self.draft_key, None)
            self.drop_drafting()
            return redirect(sent)
        override = form.cleaned_data.get("override_reason") or None
        try:
            if self.correcting:
                log = game_log_correct(
                    campaign=self.campaign,
                    user=self.request.user,
                    game_number=self.correcting,
                    entry=entry,
                    reason=form.cleaned_data.get("reason") or "",
                    override_reason=override,
                )
            else:
                log = game_log(
                    campaign=self.campaign,
                    user=self.request.user,
                    entry=entry,
                    override_reason=override,
                )
        except GameLogRefused as refused:
            # A refusal about this step's own fields (the correction's reason) sits under
            # that field; the others link to the step that fixes them.
            elsewhere = []
            for refusal in refused.refusals:
                if refusal.field in form.fields:
                    form.add_error(refusal.field, str(refusal.violation))
                else:
                    elsewhere.append(refusal)
            context = self.get_context_data(step="confirm", form=form, draft=draft)
            context["refusals"] = self.refusal_rows(elsewhere, where)
            context["overridable"] = refused.overridable
            return self.render_to_response(context)
        except ApplicationError as refusal:
            form.add_error(None, refusal.message)
            return self.render_to_response(
                self.get_context_data(step="confirm", form=form, draft=draft),
                status=refusal.status,
            )
        self.request.session.pop(self.draft_key, None)
        self.drop_drafting()
        done = (
            _("Game %(number)s is corrected.")
            if self.correcting
            else _("Game %(number)s is logged.")
        )
        messages.success(self.request, done % {"number": log.game_number})
        for pack in packs_status(campaign=self.campaign).open_now:
            messages.warning(
                self.request,
                _("Open %(pack)s now: %(reason)s.")
                % {"pack": pack["name"], "reason": pack["reason"]},
            )
        return redirect(
            reverse(
                "campaign:history_game",
                kwargs={"slug": self.campaign.slug, "number": log.game_number},
            )
        )

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        step = kwargs["step"]
        draft = kwargs["draft"]
        every = (*STEPS, "confirm")
        context.update(
            steps=[
                {
                    "key": s,
                    "title": STEP_TITLES[s],
                    "url": self.step_url(s),
                    "current": s == step,
                    "open": every.index(s) <= draft["reached"],
                }
                for s in self.shown_steps(draft)
            ],
            step_title=STEP_TITLES[step],
            game_number=self.game_number,
            correcting=self.correcting,
            later_games=list(
                range(
                    (self.correcting or 0) + 1,
                    world_current(campaign=self.campaign).games_played + 1,
                )
            )
            if self.correcting
            else [],
            is_owner=Action.MANAGE in self.allowed,
            may_keep=kwargs.get("may_keep", False),
            world=self.world,
            others_logging=self.note_drafting(),
            # P-1: the customization comes before game 1, and logging game 1 closes it.
            customize_first=not self.correcting
            and not self.world.games_played
            and not self.world.customized,
        )
        form = kwargs["form"]
        if step == "players":
            context["seats"] = form.seats()
        if step == "rewards":
            context["rewards_given"] = form.rewarded
        if step == "packs":
            context["packs_opened_now"] = self.packs_world(draft)[1]
        if step == "confirm":
            context.update(self.summary(draft))
        else:
            context["pick_map"] = render_board_svg(self.map_world(step, draft), interactive=True)
        if step == "outcome":
            mark_starts(form, draft["steps"].get("players", {}))
        return context

    def map_world(self, step: str, draft: dict[str, Any]) -> World:
        """The world whose board a step's map shows (Alien Island once it can be chosen)."""
        if step == "outcome":
            return self.during_world(draft)
        if step in ("packs", "rewards"):
            return self.packs_world(draft)[0]
        return self.world

    def refusal_rows(self, refusals: list[Refusal], where: dict[str, str]) -> list[dict[str, Any]]:
        """Each refusal with the step to fix it in, for the confirmation page."""
        rows = []
        for field, refusal in refusals_by_field(refusals, where):
            step = field_step(field) if field else "players"
            rows.append(
                {
                    "step": step,
                    "title": STEP_TITLES[step],
                    "url": self.step_url(step),
                    "text": str(refusal.violation),
                    "hard": refusal.hard,
                }
            )
        return rows

    def summary(self, draft: dict[str, Any]) -> dict[str, Any]:
        """What confirming would write, and what the rules refuse in it (a step the owner kept
        despite its refusals shows them here before the confirmation, with the override)."""
        cleaned = self.cleaned(draft, "rewards")
        if "rewards" not in cleaned:
            return {"summary": []}
        entry, where = entry_from_steps(cleaned)
        plan, names = self.plan(entry)
        return {
            # A mark that covers a city names the city that stood there before this game.
            "summary": [describe(event, names, self.world.cities) for event in plan.events],
            "follows": what_follows(world_before=self.world, entry=entry, plan=plan, names=names),
            "refusals": self.refusal_rows(plan.refusals, where),
            "overridable": all(not r.hard for r in plan.refusals),
        }


class GameCorrectWizard(GameLogWizard):
    """/c/<slug>/games/<n>/correct/<step>/ : the same steps, prefilled, for an owner."""

    campaign_action = Action.MANAGE

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.correcting = kwargs["number"]
        return super().dispatch(request, *args, **kwargs)

    def setup_state(self) -> None:
        try:
            super().setup_state()
        except NotFoundError as missing:
            raise Http404(missing.message) from missing
        except ConflictError as conflict:
            messages.error(self.request, conflict.message)
            raise _Redirect(
                reverse(
                    "campaign:history_game",
                    kwargs={"slug": self.campaign.slug, "number": self.correcting},
                )
            ) from conflict
        if self.draft_key not in self.request.session:
            original = game_log_latest(campaign=self.campaign, game_number=self.correcting)
            steps = steps_from_entry(GameLogEntry.from_json(original.entry))
            self.save_draft({"steps": steps, "reached": len(STEPS)})

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return super().get(request, *args, **kwargs)
        except _Redirect as go:
            return redirect(go.url)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return super().post(request, *args, **kwargs)
        except _Redirect as go:
            return redirect(go.url)


class _Redirect(Exception):
    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.url = url
