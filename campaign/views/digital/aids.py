"""Fewer clicks and fewer slips on the game page: attacking again with the dice remembered,
asking before cards are given up, and the "pass the device" cover between hot-seat players."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.errors import ApplicationError
from campaign.models.digital import DigitalGame
from campaign.numbers import whole_number
from rules.data import board, content
from rules.game import GameState
from rules.game.repeat_attack import RepeatPlan

# The session remembers, per game, which hot-seat player said "this is me" last.
SHOWN_SEATS = "digital_seat_shown"
CARD_FIELDS = {"buy_red_star": "cards", "recruit": "trade_in"}
NOT_REPOSTED = {"csrfmiddlewaretoken", "confirmed"}


def repeat_plan_from_post(data: Any) -> RepeatPlan | None:
    """The attack to repeat: "attack_again" (the last attack's fields), or an attack with
    "until" (keep attacking until taken or until that many troops are left; the "until taken"
    button: until one is left, when no more can attack). None for any other move."""
    kind = data.get("type", "")
    until = (data.get("until") or "").strip() or ("1" if data.get("until_taken") else "")
    if kind != "attack_again" and not (kind == "attack" and until):
        return None
    dice, stop_at = whole_number(data.get("dice")), whole_number(until) if until else None
    if dice is None or (until and stop_at is None):
        raise ApplicationError(
            _("Say how many dice to roll, and how many troops to keep as a whole number."),
            code="attack_plan",
            rule="X-6",
        )
    return RepeatPlan(data.get("origin", ""), data.get("target", ""), dice, stop_at)


def card_confirmation(
    state: GameState, seat: int, move: dict[str, Any], data: Any
) -> dict[str, Any] | None:
    """What a move would give up, to ask first (cards handed in for a red star, T-2, or traded
    for troops, T-11), or None when it gives up nothing or was confirmed."""
    name = CARD_FIELDS.get(move.get("type", ""))
    cards = move.get(name) if name else None
    if not cards or not isinstance(cards, list) or data.get("confirmed"):
        return None
    if not 0 <= seat < len(state.seats) or not set(cards) <= set(state.seats[seat].cards):
        return None  # not cards of this hand: the engine refuses the move in words
    words = [_card_words(state, card) for card in cards]
    coins = sum(state.card_coins(card) for card in cards)
    if move["type"] == "recruit":
        gain = _("%(troops)s more troops (%(coins)s coins)") % {
            "troops": content().trade_in_chart.get(coins, 0),
            "coins": coins,
        }
    else:
        gain = _("1 red star")
    fields = [
        (key, value)
        for key in data
        if key not in NOT_REPOSTED
        for value in (data.getlist(key) if hasattr(data, "getlist") else [data[key]])
    ]
    return {"cards": words, "gain": gain, "fields": fields}


def _card_words(state: GameState, card: str) -> str:
    if card == "coin":
        return _("a coin card (1 coin)")
    coins = state.card_coins(card)
    return ngettext("%(name)s (%(coins)s coin)", "%(name)s (%(coins)s coins)", coins) % {
        "name": board().territory(card).name,
        "coins": coins,
    }


def pass_device_to(
    request: HttpRequest,
    game: DigitalGame,
    state: GameState,
    acting: int | None,
    shared: bool,
    names: list[str],
) -> dict[str, Any] | None:
    """Whom the shared screen must be handed to before their turn shows: the seat to act
    when another seat of this browser decided last (moved, or said "this is me"). The first
    decision on a browser needs no hand-over."""
    if acting is None or not shared or state.phase.startswith("setup"):
        return None  # setup hides nothing: its choices and the draft are made face up (S-8)
    shown = request.session.get(SHOWN_SEATS, {}).get(str(game.pk))
    if shown is None or shown == acting:
        return None
    return {"seat": acting, "name": names[acting]}


def remember_shown_seat(request: HttpRequest, game: DigitalGame, seat: int) -> None:
    shown = dict(request.session.get(SHOWN_SEATS, {}))
    shown[str(game.pk)] = seat
    request.session[SHOWN_SEATS] = shown
