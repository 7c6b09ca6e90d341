"""The draft setup of rules additions B, C and D (S-8, S-11): a snake draft of faction cards and
draft cards after the order roll, starts placed in the order of the placement cards, starting
coin cards, and play in the order of the turn-order cards.

Everything here runs only in a campaign whose box holds the draft (`box.draft_active`); the
base setup in `setup` is untouched otherwise.
"""

from __future__ import annotations

from typing import Any

from rules import box
from rules.content_records import DraftCard
from rules.data import rules_content
from rules.errors import IllegalMove, Violation
from rules.game.common import (
    constant,
    fail,
    hq_spacing_applies,
    legal_start_violation,
    legal_starts,
    seat_label,
)
from rules.game.events import GameEvent
from rules.game.lead_faction import begin_play
from rules.game.moves import DraftPick, MoveOption, PlaceStart
from rules.game.state import GameState, faction_name
from rules.names import faction_word, territory_word
from rules.pack_words import draft_card_label, draft_card_words
from rules.words import gettext as _
from rules.words import gettext_lazy, gettext_noop, listed, listed_lazy, ngettext
from rules.world_events.pack_cards import DraftRecorded

SETUP_DRAFT = "setup_draft"
SETUP_PLACE = "setup_place"

KIND_WORDS = {
    "troops": gettext_noop("starting troops"),
    "coins": gettext_noop("starting coin cards"),
    "turn_order": gettext_noop("turn order"),
    "placement": gettext_noop("starting placement"),
}


# --- what is on the table ---------------------------------------------------------------------


def cards_in_use(state: GameState) -> list[DraftCard]:
    """Addition B: the draft cards laid out for this many players."""
    return box.draft_cards(state.world, state.seat_count)


def drafted(state: GameState) -> bool:
    """Whether this game's setup was (or is being) drafted. Read from the game, not the world:
    a pack opened mid-game must not turn a game that was set up without a draft into one.
    A loop over the seats, not `any` over a generator: most moves ask it."""
    if state.phase in (SETUP_DRAFT, SETUP_PLACE):
        return True
    for seat in state.seats:
        if seat.draft_cards:
            break
    else:
        return False
    return True


def held_card(state: GameState, seat: int, kind: str) -> DraftCard | None:
    """The seat's drafted card of this kind, if it holds one."""
    cards = rules_content().draft_cards
    return next(
        (cards[c] for c in state.seats[seat].draft_cards if c in cards and cards[c].kind == kind),
        None,
    )


def _holder(state: GameState, code: str) -> int | None:
    return next((i for i, s in enumerate(state.seats) if code in s.draft_cards), None)


def _done_drafting(state: GameState, seat: int) -> bool:
    """A faction and one card of each of the four kinds (addition C)."""
    player = state.seats[seat]
    return player.faction is not None and len(player.draft_cards) == len(box.DRAFT_KINDS)


# --- B and C: the snake draft ---------------------------------------------------------------


def begin_draft(state: GameState, first: int, events: list[GameEvent]) -> None:
    """Addition B: the high roller picks first, then the others clockwise."""
    order = state.clockwise_from(first)
    state.phase = SETUP_DRAFT
    state.current_seat = first
    state.pending = {"kind": "draft", "round": 1, "order": order, "position": 0}
    labels = listed_lazy(draft_card_label(c, lazy=True) for c in cards_in_use(state))
    events.append(
        GameEvent(
            "draft_started",
            gettext_lazy(
                "%(player)s rolled highest and picks first in the draft. On the table: every "
                "faction card and the draft cards for %(count)s players (%(cards)s). In turn, "
                "each player takes a faction card or a draft card of a kind they do not hold "
                "yet; the direction turns around after each round."
            )
            % {
                "player": seat_label(state, first),
                "count": state.seat_count,
                "cards": labels,
            },
            {"seat": first, "order": order, "cards": [c.code for c in cards_in_use(state)]},
        )
    )


def _pick_refusal(state: GameState, seat: int, move: DraftPick) -> str | None:
    """The code of why this pick is not allowed now, or None. No words: the listing of picks
    asks it of every faction and card."""
    if bool(move.faction) == bool(move.card):
        return "draft_pick_one"
    if move.faction:
        if move.faction not in box.faction_keys(state.world):
            return "unknown_faction"
        if state.seats[seat].faction is not None:
            return "faction_held"
        if any(s.faction == move.faction for s in state.seats):
            return "faction_taken"
        return None
    card = next((c for c in cards_in_use(state) if c.code == move.card), None)
    if card is None:
        return "draft_card_not_in_use"
    if _holder(state, card.code) is not None:
        return "draft_card_taken"
    if held_card(state, seat, card.kind) is not None:
        return "draft_kind_held"
    return None


def pick_violation(state: GameState, seat: int, move: DraftPick) -> Violation | None:
    """Why this pick is not allowed now, or None. The listing of picks runs the same check."""
    code = _pick_refusal(state, seat, move)
    if code is None:
        return None
    if code == "draft_pick_one":
        return Violation(code, _("Take either one faction card or one draft card."), "S-8")
    if code == "unknown_faction":
        return Violation(
            code, _("There is no faction '%(faction)s'.") % {"faction": move.faction}, "C-3"
        )
    player = state.seats[seat]
    if code == "faction_held":
        return Violation(
            code,
            _("You already hold %(faction)s; take a draft card of a kind you do not hold yet.")
            % {"faction": faction_name(player.faction)},
            "S-8",
        )
    if code == "faction_taken":
        owner = next(i for i, s in enumerate(state.seats) if s.faction == move.faction)
        return Violation(
            code,
            _("%(faction)s is already taken by %(player)s.")
            % {"faction": faction_name(move.faction), "player": seat_label(state, owner)},
            "S-8",
        )
    if code == "draft_card_not_in_use":
        return Violation(
            code,
            _("There is no draft card '%(card)s' in use with %(count)s players.")
            % {"card": move.card, "count": state.seat_count},
            "S-8",
        )
    card = next(c for c in cards_in_use(state) if c.code == move.card)
    if code == "draft_card_taken":
        owner = _holder(state, card.code)
        assert owner is not None  # the refusal's own reason
        return Violation(
            code,
            _("Draft card %(code)s (%(card)s) is already taken by %(player)s.")
            % {
                "code": card.code,
                "card": draft_card_words(card),
                "player": seat_label(state, owner),
            },
            "S-8",
        )
    same_kind = held_card(state, seat, card.kind)
    assert same_kind is not None  # the refusal's own reason
    return Violation(
        code,
        _("You already hold a %(kind)s card (%(code)s); take a kind you do not hold yet.")
        % {"kind": _(KIND_WORDS[card.kind]), "code": same_kind.code},
        "S-8",
    )


def draft_options(state: GameState, seat: int) -> list[MoveOption]:
    candidates = [
        *(DraftPick(faction=key) for key in box.faction_keys(state.world)),
        *(DraftPick(card=card.code) for card in cards_in_use(state)),
    ]
    return [MoveOption(m) for m in candidates if _pick_refusal(state, seat, m) is None]


def draft_pick(state: GameState, seat: int, move: DraftPick, events: list[GameEvent]) -> None:
    """Additions B and C: take the faction or the draft card, then the next player picks."""
    problem = pick_violation(state, seat, move)
    if problem is not None:
        raise IllegalMove.from_violation(problem)
    player = state.seats[seat]
    data: dict[str, Any] = {"seat": seat}
    if move.faction:
        state.set_seat(seat, faction=move.faction)
        taken = faction_word(move.faction)
        data["faction"] = move.faction
    else:
        card = rules_content().draft_cards[move.card]
        changes: dict[str, Any] = {"draft_cards": (*player.draft_cards, card.code)}
        if card.kind == "troops":
            changes["starting_troops"] = card.value
        state.set_seat(seat, **changes)
        taken = gettext_lazy("draft card %(code)s (%(card)s)") % {
            "code": card.code,
            "card": draft_card_words(card, lazy=True),
        }
        data.update(card=card.code, kind=card.kind, value=card.value)
    events.append(
        GameEvent(
            "draft_pick",
            gettext_lazy("%(player)s takes %(card)s.")
            % {"player": seat_label(state, seat), "card": taken},
            data,
        )
    )
    _next_picker(state, events)


def _next_picker(state: GameState, events: list[GameEvent]) -> None:
    """Addition C: on along this round's order; at its end the order turns around (a snake
    draft). A player who holds all five things already is passed over."""
    if all(_done_drafting(state, s) for s in range(state.seat_count)):
        _begin_placement(state, events)
        return
    pending = state.pending
    assert pending is not None
    order, position, round_number = list(pending["order"]), pending["position"], pending["round"]
    turned = False
    while True:
        position += 1
        if position == len(order):
            order.reverse()
            position, round_number, turned = 0, round_number + 1, True
        if not _done_drafting(state, order[position]):
            break
    picker = order[position]
    state.pending = {"kind": "draft", "round": round_number, "order": order, "position": position}
    state.current_seat = picker
    if turned:
        events.append(
            GameEvent(
                "draft_round",
                gettext_lazy(
                    "Round %(round)s of the draft goes the other way: %(player)s picks next."
                )
                % {"round": round_number, "player": seat_label(state, picker)},
                {"round": round_number, "order": order, "seat": picker},
            )
        )


# --- C: placing the starts ----------------------------------------------------------------------


def placement_order(state: GameState) -> list[int]:
    """The seats in the order of their placement cards."""
    return sorted(range(state.seat_count), key=lambda s: _value(state, s, "placement"))


def _value(state: GameState, seat: int, kind: str) -> int:
    card = held_card(state, seat, kind)
    assert card is not None, f"seat {seat} drafted no {kind} card"
    return card.value


def _begin_placement(state: GameState, events: list[GameEvent]) -> None:
    order = placement_order(state)
    state.phase = SETUP_PLACE
    state.pending = {"kind": "draft_place", "order": order}
    state.current_seat = order[0]
    names = listed(seat_label(state, s) for s in order)
    events.append(
        GameEvent(
            "draft_done",
            gettext_lazy(
                "The draft is over. Each player places their HQ and drafted troops in the order "
                "of the placement cards: %(players)s."
            )
            % {"players": names},
            {"order": order},
        )
    )


def hq_spacing(state: GameState, seat: int) -> bool:
    """S-7.1 after a draft: the campaign may read the draft as placing HQs anywhere; otherwise
    HQs keep apart, unless that would leave no legal start at all (as in the usual setup)."""
    if box.setting(state.world, "draft_hq_spacing") != "apart":
        return False
    return hq_spacing_applies(state, seat)


def place_options(state: GameState, seat: int) -> list[MoveOption]:
    starts = legal_starts(state, seat, setup=hq_spacing(state, seat))
    return [MoveOption(PlaceStart(territory)) for territory in starts]


def place_start(state: GameState, seat: int, move: PlaceStart, events: list[GameEvent]) -> None:
    """Addition C and S-7: the HQ and the drafted troops together in one legal start."""
    problem = legal_start_violation(state, seat, move.territory, setup=hq_spacing(state, seat))
    if problem is not None:
        fail(*problem)
    player = state.seats[seat]
    troops = player.starting_troops
    state.set_seat(seat, start=move.territory)
    state.set_troops(move.territory, seat, troops)
    state.set_hq(move.territory, seat)
    events.append(
        GameEvent(
            "draft_placed",
            gettext_lazy(
                "%(player)s places the HQ of %(faction)s and %(count)s troops in %(territory)s."
            )
            % {
                "player": seat_label(state, seat),
                "faction": faction_word(player.faction),
                "count": troops,
                "territory": territory_word(move.territory),
            },
            {
                "seat": seat,
                "faction": player.faction,
                "territory": move.territory,
                "troops": troops,
            },
        )
    )
    order = placement_order(state)
    following = order.index(seat) + 1
    if following < len(order):
        state.current_seat = order[following]
        return
    turn_order = tuple(
        sorted(range(state.seat_count), key=lambda s: _value(state, s, "turn_order"))
    )
    _give_coin_cards(state, turn_order, events)
    _start_play(state, turn_order, events)


# --- starting coin cards and D: the turn order ----------------------------------------------


def _coin_cards(count: int) -> str:
    return ngettext("%(count)s coin card", "%(count)s coin cards", count) % {"count": count}


def _give_coin_cards(state: GameState, order: tuple[int, ...], events: list[GameEvent]) -> None:
    """Each player gets the coin cards their coins card shows. Where from is the campaign's
    reading: the face-up coin pile (never below empty), or from outside it."""
    from_pile = box.setting(state.world, "draft_coin_source") == "coin_pile"
    for seat in order:
        card = held_card(state, seat, "coins")
        assert card is not None
        if card.value == 0:
            continue
        name = seat_label(state, seat)
        if from_pile:
            given = min(card.value, state.coin_pile)
            state.coin_pile -= given
            if given < card.value:
                text = _(
                    "%(player)s's draft card %(code)s shows %(value)s coin cards, but the "
                    "coin pile holds only %(given)s: they take %(given)s."
                ) % {"player": name, "code": card.code, "value": card.value, "given": given}
            else:
                text = _(
                    "%(player)s takes %(cards)s from the coin pile, as their draft card "
                    "%(code)s shows."
                ) % {"player": name, "cards": _coin_cards(given), "code": card.code}
        else:
            given = card.value
            state.extra_coin_cards += given
            text = _(
                "%(player)s takes %(cards)s from outside the coin pile, as their draft card "
                "%(code)s shows."
            ) % {"player": name, "cards": _coin_cards(given), "code": card.code}
        state.set_seat(seat, cards=(*state.seats[seat].cards, *["coin"] * given))
        events.append(
            GameEvent(
                "draft_coins",
                text,
                {
                    "seat": seat,
                    "card": card.code,
                    "coins": given,
                    "shown": card.value,
                    "from_pile": from_pile,
                },
            )
        )


def _start_play(state: GameState, order: tuple[int, ...], events: list[GameEvent]) -> None:
    """Addition D (S-11): the holder of the 1st turn-order card plays first (once any lead
    faction has chosen the face-up mission, E125s), and play follows the turn-order cards."""
    state.turn_order = order
    names = listed(seat_label(state, s) for s in order)
    events.append(
        GameEvent(
            "turn_order",
            gettext_lazy(
                "Play follows the turn-order cards: %(players)s. %(player)s takes the first turn."
            )
            % {"players": names, "player": seat_label(state, order[0])},
            {"order": list(order), "rule": "S-11"},
        )
    )
    begin_play(state, order[0], events)


# --- later in the game ---------------------------------------------------------------------------


def join_war_troops(state: GameState, seat: int) -> int:
    """T-5: half the starting troops, rounded down (OPEN-10). After a draft, a player's
    starting troops are their troops card's, unless the campaign reads it as the printed 8."""
    player = state.seats[seat]
    if player.draft_cards and box.setting(state.world, "join_war_troops") == "half_drafted":
        return player.starting_troops // 2
    return constant("starting_troops") // 2


def draft_view(state: GameState) -> dict[str, Any] | None:
    """The draft as everyone sees it (it is played face up), or None for a game without one."""
    if not drafted(state):
        return None
    cards = [
        {
            "code": card.code,
            "kind": card.kind,
            "value": card.value,
            "label": draft_card_label(card),
            "holder": _holder(state, card.code),
        }
        for card in cards_in_use(state)
    ]
    taken = {s.faction for s in state.seats}
    pending = state.pending or {}
    return {
        "cards": cards,
        "factions_left": [f for f in box.faction_keys(state.world) if f not in taken],
        "round": pending.get("round") if state.phase == SETUP_DRAFT else None,
        "order": pending.get("order") if state.phase in (SETUP_DRAFT, SETUP_PLACE) else None,
        "turn_order": list(state.turn_order),
    }


def draft_recorded(state: GameState) -> DraftRecorded | None:
    """What each player drafted, for the campaign's record, if this game had a draft."""
    if not any(s.draft_cards for s in state.seats):
        return None
    picks = tuple(
        {"faction": s.faction or "", "person": s.person, "cards": list(s.draft_cards)}
        for s in state.seats
    )
    return DraftRecorded(game=state.game_number, picks=picks)
