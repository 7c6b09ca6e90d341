"""The draft of the guided game-log form: the raw data typed at each step, kept in the session
under one key per campaign (and per corrected game) with the furthest step reached, and what
it means so far (each step's form, the world it leads to, the rules' refusals of a step)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpRequest, QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.forms.game_log.entry import (
    eliminated_factions,
    entry_from_steps,
    field_step,
    refusals_by_field,
    seated_factions,
)
from campaign.forms.game_log.packs import PacksStep, packs_step_shown
from campaign.forms.game_log.prefill import (
    held_prefill,
    last_game_entry,
    rewards_prefill,
    same_rewards_prefill,
    seated_persons,
    seats_prefill,
)
from campaign.forms.game_log.rewards import RewardsStep
from campaign.forms.game_log.steps import (
    STEPS,
    ConfirmStep,
    DuringStep,
    OutcomeStep,
    PlayersStep,
    StepForm,
)
from campaign.models import Campaign
from campaign.selectors.world import world_current
from campaign.services.game_log.correct import game_log_correction_scope
from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.refusals import Refusal
from campaign.services.log_drafts import log_draft_drop, log_draft_touch, others_drafting
from rules import board_links
from rules.errors import RuleError
from rules.rewards import held_on_order, held_on_reward_options, winner_reward_options
from rules.world import World
from rules.world_naming import world_naming_candidates, world_naming_due


def _querydict(raw: dict[str, Any]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in raw.items():
        data.setlist(key, [str(v) for v in value] if isinstance(value, list) else [str(value)])
    return data


class LogDraft:
    """The draft of a game's log held in the session, and what it means so far: each step's
    form, the cleaned steps, the worlds they lead to and the rules' refusals of a step. Mixed
    into the wizard views, which set `campaign`, `persons` and `world` before reading it."""

    campaign: Campaign
    request: HttpRequest
    persons: dict[str, str]
    world: World
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
