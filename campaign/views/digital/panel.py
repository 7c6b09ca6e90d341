"""The game panel: everything it shows for this browser (its seats, or a spectator's),
rendered alone for the cheap fetch and for spectators."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from campaign.board_map.render import render_board_svg
from campaign.board_map.territory import TerritoryOverlay
from campaign.card_words import card_name, card_picture
from campaign.errors import ApplicationError
from campaign.forms.digital.moves import move_form_specs
from campaign.mission_words import stars_words
from campaign.models.digital import DigitalGame, GameSeat
from campaign.numbers import whole_number
from campaign.selectors.campaigns import person_names
from campaign.selectors.digital import digital_game_log, game_seats, seats_held
from campaign.selectors.digital_takeback import take_back_panel
from campaign.selectors.odds import seat_attack_odds
from campaign.selectors.standalone import rule_set_words
from campaign.services.digital.deadlines import has_deadline
from campaign.services.digital.moves import StaleGameError
from campaign.services.digital.repeat import last_attack
from campaign.views.digital.access import _error, _session_key
from campaign.views.digital.aids import pass_device_to
from campaign.views.digital.clock import clock_context
from campaign.views.digital.factions import faction_card_words, lead_words
from campaign.views.digital.pockets import (
    default_words,
    pocket_board,
    pocket_decision,
    pocket_lines,
)
from campaign.views.digital.rewards import _reward_form_context
from campaign.views.digital.table import table_words
from campaign.views.digital.words import DEFAULT_WORDS, LOG_MOVES, PACK_BANNER_MOVES, PHASE_NAMES
from campaign.views.lobby_waiting import waiting_context
from rules.data import board, content
from rules.game import GameState, legal_move_options, seats_to_act, view_for
from rules.game.turn import base_recruits, continent_bonuses
from rules.rule_sets import LEGACY
from rules.world_events import PackOpened

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
    view = view_for(state, viewer, with_world=False, stored=game.stored_json(state))
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


def panel_html(request, game: DigitalGame, **extra) -> str:
    if game.status == DigitalGame.Status.WAITING:
        context = waiting_context(request, game)
        return render_to_string("play/_waiting.html", context, request=request)
    context = panel_context(request, game, **extra)
    return render_to_string("campaign/game/_panel.html", context, request=request)


def _panel_response(request, game: DigitalGame, *, status: int = 200, **extra) -> HttpResponse:
    return HttpResponse(panel_html(request, game, **extra), status=status)


def _refused_response(
    request, refusal: ApplicationError, fresh: Callable[[], DigitalGame]
) -> HttpResponse:
    """The panel again with why a submission was refused: a stale version's as the game is
    now (the refusal carries it), any other's as read again after the refusal."""
    game = refusal.game if isinstance(refusal, StaleGameError) else fresh()
    return _panel_response(request, game, status=refusal.status, error=_error(refusal))
