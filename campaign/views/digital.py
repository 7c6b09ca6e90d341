"""Pages of digital play: seat a new game, the game page with its board and move forms, the
cheap panel fetch that re-renders it when the version moved (the page fetches when its socket
says so, campaign.consumers), moves, rewards and abandoning."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import BadRequest, PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import FormView, TemplateView

from campaign.board_map.render import render_board_svg
from campaign.board_map.territory import TerritoryOverlay
from campaign.card_words import card_name, card_picture
from campaign.errors import ApplicationError
from campaign.forms.digital import (
    GameStartForm,
    card_ahead_from_post,
    move_form_specs,
    move_from_post,
    reward_from_post,
    reward_select_choices,
)
from campaign.mission_words import stars_words
from campaign.models import Person
from campaign.models.digital import DigitalGame, GameSeat
from campaign.numbers import whole_number
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.campaigns import person_names
from campaign.selectors.chat import ChatRoom, chat_rights, chat_rights_of
from campaign.selectors.digital import (
    digital_game_get,
    digital_game_log,
    digital_game_unfinished,
    digital_game_version,
    digital_games_of,
    game_seats,
    seats_held,
)
from campaign.selectors.digital_overtaken import digital_overtaken
from campaign.selectors.digital_takeback import take_back_panel
from campaign.selectors.odds import seat_attack_odds
from campaign.selectors.standalone import rule_set_words, standalone_may_watch
from campaign.services.digital import StaleGameError, move_submit
from campaign.services.digital_absence import digital_game_clocks_check
from campaign.services.digital_deadlines import has_deadline
from campaign.services.digital_finish import (
    RewardsChosen,
    digital_game_abandon,
    digital_game_finish,
    digital_game_reward_context,
)
from campaign.services.digital_repeat import attack_repeat_submit, last_attack
from campaign.services.digital_start import UNFINISHED_WORDS, SeatRequest, digital_game_start
from campaign.services.digital_turn_end import turn_end_submit
from campaign.services.game_log.refusals import GameLogRefused
from campaign.views.chat import chat_context
from campaign.views.digital_aids import (
    card_confirmation,
    pass_device_to,
    remember_shown_seat,
    repeat_plan_from_post,
)
from campaign.views.digital_clock import clock_context
from campaign.views.digital_factions import faction_card_words, lead_words
from campaign.views.digital_pockets import (
    default_words,
    pocket_board,
    pocket_decision,
    pocket_lines,
)
from campaign.views.digital_table import table_words
from campaign.views.lobby_waiting import waiting_context
from notices.services import game_over_seen
from rules.data import board, content
from rules.game import GameState, legal_move_options, seats_to_act, view_for
from rules.game.turn import base_recruits, continent_bonuses
from rules.pack_words import comeback_power_label
from rules.rewards import CONTINENT_REWARDS, REWARD_NAMES
from rules.rule_sets import LEGACY
from rules.world_events import PackOpened

PHASE_NAMES = {
    "setup_order": gettext_lazy("Rolling for the order of choice"),
    "setup_faction": gettext_lazy("Choosing factions and starting territories"),
    "setup_draft": gettext_lazy("Drafting factions and draft cards"),
    "setup_place": gettext_lazy("Placing HQs in the order of the placement cards"),
    "scar_turn_start": gettext_lazy("Start of turn: scar cards"),
    "start_of_turn": gettext_lazy("Start of turn"),
    "place": gettext_lazy("Placing recruits"),
    "expand_attack": gettext_lazy("Expand and attack"),
    "attack_defender_dice": gettext_lazy("The defender chooses dice"),
    "scar_before_roll": gettext_lazy("Scar cards before the roll"),
    "missile_window": gettext_lazy("Missile window"),
    "move_in": gettext_lazy("Moving in after a conquest"),
    "end_of_turn": gettext_lazy("End of turn"),
    "open_pack": gettext_lazy("A sealed pack opens"),
    "comeback_pick": gettext_lazy("A comeback power is picked"),
    "event_choice": gettext_lazy("An event card asks for a choice"),
    "lead_mission": gettext_lazy("The lead faction lays out the face-up mission"),
    "nuke_choice": gettext_lazy("Choosing where the nuke falls"),
    "missile_power_pick": gettext_lazy("A missile power is picked"),
    "bad_intel_window": gettext_lazy("Start of turn: Bad Intel may be used"),
    "interference_window": gettext_lazy("A card is about to be taken: Interference may block it"),
    "mindshackle_window": gettext_lazy(
        "End of turn: the Mutants may swap the card they drew (Mindshackle)"
    ),
    "alien_island_placement": gettext_lazy("Placing Alien Island's sea lines"),
    "game_over": gettext_lazy("Game over"),
    # Classic Risk and Invasión.
    "cl_order": gettext_lazy("Rolling for who starts"),
    "cl_claim": gettext_lazy("Claiming the territories"),
    "cl_setup_place": gettext_lazy("Placing the starting armies"),
    "cl_headquarters": gettext_lazy("Choosing secret headquarters"),
    "cl_reinforce": gettext_lazy("Reinforcements"),
    "cl_attack": gettext_lazy("Attacking"),
    "cl_defend": gettext_lazy("The defender chooses dice"),
    "cl_move_in": gettext_lazy("Moving in after a conquest"),
}
LOG_MOVES = 60
PACK_BANNER_MOVES = 400
DEFAULT_WORDS = {
    "attack_defender_dice": gettext_lazy("they defend with the most dice"),
    "missile_window": gettext_lazy("they fire no missile"),
    "scar_before_roll": gettext_lazy("they keep their scar card"),
    "scar_turn_start": gettext_lazy("they keep their scar card"),
    "comeback_pick": gettext_lazy("they take the first power left on the sheet"),
    "bad_intel_window": gettext_lazy("they use no Bad Intel"),
    "interference_window": gettext_lazy("they let the card be taken"),
    "mindshackle_window": gettext_lazy("they keep the card they drew"),
    "missile_power_pick": gettext_lazy("a power is picked for them as a careful player would"),
    "nuke_choice": gettext_lazy("the nuke falls where it hurts their enemies most"),
    "alien_island_placement": gettext_lazy(
        "the island's sea lines go where their troops are strongest"
    ),
    "open_pack": gettext_lazy("play resumes"),
    "event_choice": gettext_lazy("the card does nothing, or its first option is taken"),
}


def _session_key(request: HttpRequest) -> str:
    return request.session.session_key or ""


class _GameMixin(CampaignAccessMixin):
    """Loads the game named in the URL: a campaign's game under its campaign's address (404 if
    it is not this campaign's; members only), a standalone game under the lobby's (anyone for
    a public game, its players for a private one; `self.campaign` is then None)."""

    campaign_action = Action.MEMBER

    def dispatch(self, request, *args, **kwargs):
        if self.campaign_url_kwarg in kwargs:
            return super().dispatch(request, *args, **kwargs)
        self.campaign, self.role, self.allowed = None, None, frozenset()
        game = DigitalGame.objects.filter(campaign=None, pk=kwargs["game_id"]).first()
        if game is None or not standalone_may_watch(
            game=game, user=request.user, session_key=_session_key(request)
        ):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise Http404(_("No such game."))
        # Past the campaign's check, to the view itself.
        return super(CampaignAccessMixin, self).dispatch(request, *args, **kwargs)

    def get_game(self) -> DigitalGame:
        try:
            return digital_game_get(campaign=self.campaign, game_id=self.kwargs["game_id"])
        except ApplicationError as missing:
            raise Http404(missing.message) from missing


# --- starting -----------------------------------------------------------------------------------


class DigitalGameNewView(CampaignAccessMixin, FormView):
    """The campaign's digital games, to resume or watch (readers), and the form that seats a
    new one (members on their own browsers, hot-seat, bots) and starts it (players)."""

    campaign_action = Action.MEMBER
    template_name = "campaign/game/new.html"
    form_class = GameStartForm
    games_per_page = 15

    def post(self, request, *args, **kwargs):
        if Action.PLAY not in self.allowed:
            raise PermissionDenied(_("Your role in this campaign does not let you start games."))
        return super().post(request, *args, **kwargs)

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["persons"] = list(Person.objects.filter(campaign=self.campaign))
        kwargs["may_choose_seed"] = Action.MANAGE in self.allowed
        return kwargs

    def get_initial(self) -> dict[str, Any]:
        mine = Person.objects.filter(campaign=self.campaign, user=self.request.user).first()
        initial: dict[str, Any] = {"seat1_kind": "bot", "seat2_kind": "bot"}
        if mine is not None:
            initial.update(seat0_kind=GameSeat.Kind.HUMAN, seat0_person=str(mine.pk))
        else:
            initial.update(seat0_kind="bot")
        return initial

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # A page of games at a time: a long campaign's list costs what a short one's does.
        paginator = Paginator(digital_games_of(campaign=self.campaign), self.games_per_page)
        context["games"] = paginator.get_page(self.request.GET.get("page"))
        # One world, one table: while a game is unfinished, the page leads to it, no new one.
        context["in_play"] = digital_game_unfinished(campaign=self.campaign)
        context["in_play_words"] = _(UNFINISHED_WORDS)
        return context

    def form_valid(self, form):
        if not self.request.session.session_key:
            self.request.session.save()
        try:
            game = digital_game_start(
                campaign=self.campaign,
                user=self.request.user,
                seats=[
                    SeatRequest(person=p, kind=k, level=level)
                    for p, k, level in form.cleaned_data["seats"]
                ],
                seed=form.cleaned_data.get("seed"),
                session_key=_session_key(self.request),
                clock=form.cleaned_data["game_clock"],
            )
        except ApplicationError as refusal:
            form.add_error(None, refusal.message)
            return self.form_invalid(form)
        return redirect(game.get_absolute_url())

    def form_invalid(self, form):
        # A refused table is bad input: 400 with the reasons on the form, nothing started.
        return self.render_to_response(self.get_context_data(form=form), status=400)


# --- the game page -------------------------------------------------------------------------------


# Seats without a faction (rule sets other than Legacy) take their colour by seat.
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#d4ac0d", "#229954", "#884ea0", "#ca6f1e", "#7f8c8d")


def _overlay(state: GameState, clickable: set[str]) -> dict[str, TerritoryOverlay]:
    factions = content().factions
    overlay = {}
    hq_at = dict(state.hqs)
    for territory, (seat, troops) in state.armies.items():
        faction = state.seats[seat].faction
        colour = factions[faction].colour if faction else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        hq_seat = hq_at.get(territory)
        hq_faction = state.seats[hq_seat].faction if hq_seat is not None else None
        overlay[territory] = TerritoryOverlay(
            troops=troops,
            colour=colour,
            hq_faction=hq_faction,
            hq_colour=factions[hq_faction].colour if hq_faction else None,
            selectable=territory in clickable,
            label=(
                f"{state.seats[seat].name}, {factions[faction].name}"
                if faction
                else seat_name(state, seat)
            ),
        )
    return overlay


def seat_name(state: GameState, seat: int) -> str:
    """A seat's name as the board shows it; the neutral army's in the reader's language."""
    if seat == state.table.get("neutral"):
        return _("Neutral army")
    return state.seats[seat].name


def with_neutral(game: DigitalGame, state: GameState, seats: list[GameSeat]) -> list[GameSeat]:
    """The table's seats, with a seat nobody holds for each army of the engine's that no one
    plays (the neutral army of a 2-player classic game, CL-22)."""
    extra = [
        GameSeat(
            game=game, index=index, kind=GameSeat.Kind.BOT, display_name=seat_name(state, index)
        )
        for index in range(len(seats), len(state.seats))
    ]
    return [*seats, *extra]


def _seat_shown(request: HttpRequest) -> int | None:
    """The seat a page or poll asks to show (`?seat=`); a value that is no seat number is a
    400 rather than a silent fallback."""
    raw = request.GET.get("seat")
    seat = whole_number(raw)
    if raw and seat is None:
        raise BadRequest(_("The seat to show is a seat number of this game (0, 1, 2...)."))
    return seat


def panel_context(request: HttpRequest, game: DigitalGame, **extra: Any) -> dict[str, Any]:
    """Everything the game panel shows, for this browser (its seats, or a spectator)."""
    state = game.game_state()
    seats = with_neutral(game, state, game_seats(game=game))
    held = seats_held(game=game, user=request.user, session_key=_session_key(request))
    to_act = seats_to_act(state) if game.is_playing else []
    acting = next((s for s in to_act if s in held), None)
    _seat_shown(request)
    asked = whole_number(request.GET.get("seat") or request.POST.get("viewer"))
    viewer = acting
    if viewer is None and held:
        viewer = asked if asked in held else held[0]
    options = legal_move_options(state, acting) if acting is not None else []
    specs = move_form_specs(state, options)
    clickable = {
        row[name]
        for spec in specs
        for row in spec.options
        for name in ("territory", "origin", "target")
        if name in row
    }
    factions = content().factions
    # Secrets through one door: everything per seat comes from the engine's view for this
    # browser's seat (a spectator's view when it holds none).
    view = view_for(state, viewer, with_world=False)
    rows = []
    for seat, shown in zip(seats, view["seats"], strict=True):
        faction = factions.get(shown["faction"]) if shown["faction"] else None
        rows.append(
            {
                "seat": seat,
                "shown": shown,
                "faction": faction,
                "is_current": seat.index == state.current_seat and not state.is_over,
                "to_act": seat.index in to_act,
                "held": seat.index in held,
                # The draft is played face up (S-8): everyone sees who holds which card.
                "drafted": [
                    card["label"]
                    for card in view.get("draft", {}).get("cards", ())
                    if card["holder"] == seat.index
                ],
                "leads": shown["faction"] is not None
                and view.get("lead_faction") == shown["faction"],
                "faction_cards": faction_card_words(state, shown["faction"]),
                "pocket_lines": pocket_lines(state, seat.index, shown["faction"]),
            }
        )
    mine = view["seats"][viewer] if viewer is not None else None
    hand = []
    scar_card = None
    if mine is not None:
        legacy = state.rule_set == LEGACY
        for card in mine["cards"] or ():
            hand.append(
                {
                    "name": card_name(state, card),
                    "coins": state.card_coins(card) if legacy else None,
                    "picture": card_picture(state, card),
                    "key": card,
                }
            )
        if mine["scar_card"]:
            scar = content().scar_types.get(mine["scar_card"])
            scar_card = {
                "name": scar.name if scar else mine["scar_card"],
                "text": scar.text if scar else "",
            }
    slots = [
        {
            "slot": i + 1,
            "name": board().territory(card).name if card else "—",
            "coins": state.card_coins(card) if card else 0,
        }
        for i, card in enumerate(view["slots"])
    ]
    waiting_on = [rows[s]["seat"].name for s in to_act]
    shared_screen = sum(bool(r["held"]) for r in rows) > 1
    names = [r["seat"].name for r in rows]
    pass_device = pass_device_to(request, game, state, acting, shared_screen, names)
    context = {
        "game": game,
        "state": state,
        "phase_name": PHASE_NAMES.get(state.phase, state.phase),
        "rows": rows,
        "current": rows[state.current_seat] if state.current_seat is not None else None,
        "held": held,
        "acting": acting,
        "viewer": viewer,
        "viewer_player": mine,
        "hand": hand,
        "scar_card": scar_card,
        "view": view,
        "slots": slots,
        "specs": specs,
        "map_moves": any(f.territory for spec in specs for f in spec.fields),
        "waiting_on": waiting_on,
        "held_names": [r["seat"].name for r in rows if r["held"]],
        # Several seats on this screen (own seat plus hot-seat friends, or hot-seats only):
        # people share it, so hands stay covered until asked.
        "shared_screen": shared_screen,
        # Another hot-seat player's turn: the screen is covered until they say it is them.
        "pass_device": pass_device,
        "again": last_attack(game=game, state=state, seat=acting) if acting is not None else None,
        # Exact odds of each attack open to the acting seat, from what the board shows.
        "attack_odds": seat_attack_odds(state=state, seat=acting) if acting is not None else [],
        # The missile window concerns only the seats here that hold a missile.
        "held_rows": [
            r["seat"] for r in rows if r["held"] and state.seats[r["seat"].index].missiles
        ],
        "pending": state.pending or {},
        "battle": _battle(state),
        "event": _event_choice(state),
        "log": digital_game_log(game=game, limit=LOG_MOVES),
        "log_cut": game.version > LOG_MOVES,  # older moves are left off the page's log
        "log_limit": LOG_MOVES,
        "board_svg": render_board_svg(
            state.world,
            overlay=_overlay(state, clickable),
            interactive=True,
            people=person_names(campaign=game.campaign) if game.campaign_id else {},
        ),
        "rule_set": rule_set_words(rule_set=state.rule_set, options=state.options),
        "legacy": state.rule_set == LEGACY,
        "table": table_words(state, view, viewer),
        "pack_banners": _pack_banners(state, game),
        "lead_words": lead_words(state, view),
        "mission": _face_up_mission(state),
        "packs_opened": [
            content().packs[e.pack].name
            for e in state.world_events
            if isinstance(e, PackOpened) and e.pack in content().packs
        ],
        "deadline": game.decision_deadline if has_deadline(state) else None,
        "clock": clock_context(game, state, seats, held),
        "default_words": default_words(state) or DEFAULT_WORDS.get(state.phase, ""),
        "pocket_decision": pocket_decision(state) if game.is_playing else None,
        "pocket_board": pocket_board(state),
        "recruits_left": state.turn.recruits_left if state.phase == "place" else None,
        # What the Recruit button gives before any trade-in (T-8, T-10), said up front.
        "recruit_preview": (
            base_recruits(state, acting) + sum(continent_bonuses(state, acting).values())
            if acting is not None and any(spec.type == "recruit" for spec in specs)
            else None
        ),
    }
    context["take_back"] = take_back_panel(game=game, state=state, seats=seats, held=held)
    if game.status == DigitalGame.Status.REWARDS:
        context["rewards"] = _reward_form_context(game, held, request)
    context.update(extra)
    return context


def _face_up_mission(state: GameState) -> dict[str, str] | None:
    """The face-up mission in words (E-8): the game holds one only once its pack is open."""
    mission = content().missions.get(state.mission or "")
    if mission is None:
        return None
    return {
        "code": mission.code,
        "name": mission.name,
        "stars": stars_words(mission.stars),
        "text": mission.text,
    }


def _battle(state: GameState) -> dict[str, Any] | None:
    """The roll in progress, in words: who attacks where with how many dice, and the dice."""
    pending = state.pending or {}
    if "origin" not in pending or "target" not in pending:
        return None
    names = {**board().territories, **board().pack_territories}

    def who(key: str) -> str:
        seat = pending.get(key)
        return state.seats[seat].name if isinstance(seat, int) else ""

    return {
        "origin": names[pending["origin"]].name if pending["origin"] in names else "",
        "target": names[pending["target"]].name if pending["target"] in names else "",
        "attacker": who("attacker"),
        "defender": who("defender"),
        "dice": pending.get("dice"),
        "attack_values": pending.get("attack_values") or [],
        "defence_values": pending.get("defence_values") or [],
        "fixed_attack": pending.get("fixed_attack") or [],
        "fixed_defence": pending.get("fixed_defence") or [],
    }


def _event_choice(state: GameState) -> dict[str, Any] | None:
    """The event card waiting on its chooser (E-7), in words: its name and its options."""
    pending = state.pending or {}
    card = content().event_cards.get(pending.get("card", ""))
    if pending.get("kind") != "event_choice" or card is None:
        return None
    return {
        "name": card.name,
        "code": card.code,
        "chooser": state.seats[pending["seat"]].name,
        "options": [option.text for option in card.options],
    }


def _pack_banners(state: GameState, game: DigitalGame) -> list[dict[str, str]]:
    """Packs that became due within the last round of turns (U-8), newest first: everyone's
    page shows them from the move that made them due until every seat has had a turn since,
    so nobody misses one while bots play on."""
    banners: list[dict[str, str]] = []
    turns_seen = 0
    for line in digital_game_log(game=game, limit=PACK_BANNER_MOVES):
        kind = line.event.get("type")
        if kind == "pack_due" and line.event.get("pack") in content().packs:
            pack = content().packs[line.event["pack"]]
            banners.append(
                {"name": pack.name, "reason": line.event.get("reason", ""), "rule": pack.rule}
            )
        elif kind == "turn_started":
            turns_seen += 1
            if turns_seen > len(state.seats):
                break
    return banners


def _reward_form_context(game: DigitalGame, held: list[int], request) -> dict[str, Any]:
    reward = digital_game_reward_context(game=game)
    may_choose = bool(held) or (
        request.user.is_authenticated and request.user.pk == game.created_by_id
    )
    choosers = []
    for prefix, chooser in [("winner", reward.winner)] + [
        (f"held{r.seat.index}", r) for r in reward.held_on
    ]:
        bot_choice = (
            reward.bot_choices.winner_reward
            if prefix == "winner"
            else reward.bot_choices.held_on.get(chooser.seat.index)
        )
        choosers.append(
            {
                "prefix": prefix,
                "seat": chooser.seat,
                "outcome": chooser.outcome,
                "groups": reward_select_choices(chooser.options),
                "needs_name": any(o.needs_name for o in chooser.options),
                "deltas": next((o.deltas for o in chooser.options if o.code == "R4"), ()),
                "bot_choice": _reward_words(bot_choice) if chooser.seat.is_bot else None,
            }
        )
    outcomes = [
        {"seat": s, "result": r, "faction": content().factions.get(r.faction or "")}
        for s, r in zip(game_seats(game=game), reward.result.seats, strict=True)
    ]
    return {
        "context": reward,
        "choosers": choosers,
        "outcomes": outcomes,
        "may_choose": may_choose,
        "comeback": _comeback_pickers(game, reward),
    }


def _comeback_pickers(game: DigitalGame, reward) -> list[dict[str, Any]]:
    """Seats picking a comeback power as the game is recorded (X-15): the bots' picks in
    words, then each person's choices (`cb<seat>_power`)."""
    seats = {s.index: s for s in game_seats(game=game)}
    powers = content().comeback_powers
    factions = content().factions
    rows: list[dict[str, Any]] = [
        {
            "name": f"cb{index}_power",
            "who": seats[index].name,
            "faction": factions[reward.result.seats[index].faction].name,
            "bot_pick": powers[power].name,
        }
        for index, power in sorted(reward.bot_choices.comeback.items())
    ]
    rows += [
        {
            "name": f"cb{c.seat.index}_power",
            "who": c.seat.name,
            "faction": factions[c.faction].name,
            "options": [(p.key, comeback_power_label(p)) for p in c.options],
        }
        for c in reward.comeback
    ]
    return rows


def _reward_words(choice) -> str:
    """'Found a Minor City: Ural ("Highmark")' for a reward someone (a bot) chose."""
    if choice is None:
        return ""
    places = board().continents if choice.code in CONTINENT_REWARDS else board().territories
    where = places[choice.target].name if choice.target in places else choice.target
    mark = f" {choice.delta:+d}" if choice.code == "R4" else ""
    name = f" (“{choice.name}”)" if choice.name else ""
    return f"{_(REWARD_NAMES[choice.code])}{mark}: {where}{name}"


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


def panel_html(request, game: DigitalGame, **extra) -> str:
    if game.status == DigitalGame.Status.WAITING:
        context = waiting_context(request, game)
        return render_to_string("play/_waiting.html", context, request=request)
    context = panel_context(request, game, **extra)
    return render_to_string("campaign/game/_panel.html", context, request=request)


def _panel_response(request, game: DigitalGame, *, status: int = 200, **extra) -> HttpResponse:
    return HttpResponse(panel_html(request, game, **extra), status=status)


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
        except StaleGameError as stale:
            return _panel_response(request, stale.game, status=409, error=_error(stale))
        except ApplicationError as refusal:
            return _panel_response(
                request, self.get_game(), status=refusal.status, error=_error(refusal)
            )
        return _panel_response(request, self.get_game())


def _error(refusal: ApplicationError) -> dict[str, str]:
    violation = refusal.violations[0]
    return {"message": violation.message, "rule": violation.rule, "code": violation.code}


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
