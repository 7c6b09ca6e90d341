"""End of turn (E-1..E-9): end-of-turn scars, the resource card and the sideboard slots, the
coin pile running out, events, and the choice between a card and a mission (`missions`, and
the private mission in a red slot, `private_missions`)."""

from __future__ import annotations

from rules.data import content, rules_content
from rules.game import fallout, mutant_evolutions, mutants, weaknesses
from rules.game.attack_phases import EXPAND_ATTACK
from rules.game.common import check_win, fail, seat_label
from rules.game.draws import COIN, card_choices, entitled_to_card, only_from_homeland
from rules.game.effects import (
    END_OF_TURN_SCARS,
    EVENT_EFFECTS,
    MANEUVER_ANY_TIME,
    has_effect,
    on_card_taken,
)
from rules.game.events import GameEvent
from rules.game.missions import claim_options, mission_claimable
from rules.game.moves import EndTurn, Move, MoveOption, TakeCard
from rules.game.private_missions import slot_claim_options, slot_claimable
from rules.game.rotation import finish_turn
from rules.game.state import GameState
from rules.names import territory_word
from rules.pack_words import event_card_label
from rules.rng import Rng
from rules.rule_sets import LEGACY
from rules.words import gettext as _
from rules.words import gettext_lazy

END_OF_TURN = "end_of_turn"


def end_of_turn(state: GameState, events: list[GameEvent]) -> None:
    """E-1: scars that trigger now (E-9), then the card or mission decision, or the next turn."""
    seat = state.current_seat
    for territory, scar in sorted(state.world.scars.items()):
        effect = rules_content().scar_types[scar.kind].effect
        trigger = END_OF_TURN_SCARS.get(mutants.end_of_turn_scar_effect(state, seat, effect))
        if trigger is not None and not scar.cancelled and state.owner(territory) == seat:
            trigger(state, territory, events)
    fallout.end_of_turn_loss(state, seat, events)
    mutants.fallout_end_of_turn(state, seat, events)
    card = entitled_to_card(state, seat) and bool(card_choices(state, seat))
    if card or mission_claimable(state, seat) or slot_claimable(state, seat):
        state.phase = END_OF_TURN
        state.pending = None
        return
    finish_turn(state, events)


def reveal(state: GameState, rng: Rng, events: list[GameEvent]) -> str | None:
    """E-5: reshuffle the discard pile when the draw pile is empty; both empty -> no card."""
    if not state.draw_pile:
        if not state.discard_pile:
            return None
        state.draw_pile = tuple(rng.shuffled(state.discard_pile))
        state.discard_pile = ()
        events.append(
            GameEvent(
                "deck_reshuffled",
                gettext_lazy("The territory discard pile is shuffled into a new deck."),
            )
        )
    card = state.draw_pile[0]
    state.draw_pile = state.draw_pile[1:]
    return card


def _take_violation(state: GameState, seat: int, move: TakeCard) -> None:
    if not entitled_to_card(state, seat):
        fail("no_card_earned", _("Only a conquest by attack this turn earns a card."), "E-2")
    choices = card_choices(state, seat)
    if move.slot not in choices:
        if choices and choices[0] == COIN:
            fail(
                "take_coin",
                _("No face-up card shows a territory you control: take a coin card."),
                "E-3",
            )
        fail("take_own_territory", _("Take a face-up card of a territory you control."), "E-3")


def take_card(state: GameState, seat: int, move: TakeCard, events: list[GameEvent]) -> None:
    """E-3/E-4 (with DIFF-1): the taken card leaves its slot, the cards to its left shift right,
    and a new card is revealed into slot 1; E-6 and E-7 follow."""
    _take_violation(state, seat, move)
    draw_card(state, seat, move.slot, events)


def draw_card(state: GameState, seat: int, slot: int | str, events: list[GameEvent]) -> None:
    """Take the card in `slot` (checked already: E-3, or a power such as Recon), shift the
    row, reveal a new card, then E-6, E-7 and the next turn."""
    # Rules addition F: a face-up card the player could take only because it is of the
    # faction's homeland; the event says so, for logs and counts.
    from_homeland = only_from_homeland(state, seat, slot)
    rng = Rng.resume(state.rng)
    slots = list(state.slots)
    if slot == COIN:
        card = COIN
        state.coin_pile -= 1
        oldest = slots.pop()
        if oldest is not None:
            state.discard_pile = (*state.discard_pile, oldest)
    else:
        card = slots.pop(int(slot) - 1)
    revealed = reveal(state, rng, events)
    state.slots = (revealed, *slots)
    state.rng = rng.state
    player = state.seats[seat]
    state.set_seat(seat, cards=(*player.cards, card))
    data = {"seat": seat, "card": card, "slot": slot, "revealed": revealed}
    if card == COIN:
        words = (
            gettext_lazy("%(player)s takes a coin card from its homeland.")
            if from_homeland
            else gettext_lazy("%(player)s takes a coin card.")
        )
    else:
        words = (
            gettext_lazy("%(player)s takes the %(territory)s card from its homeland.")
            if from_homeland
            else gettext_lazy("%(player)s takes the %(territory)s card.")
        )
    if from_homeland:
        data["homeland"] = True
    text = words % {
        "player": seat_label(state, seat),
        "territory": "" if card == COIN else territory_word(card),
    }
    events.append(GameEvent("card_taken", text, data))
    on_card_taken(state, seat, card, events)
    weaknesses.trim_coins(state, seat, events)
    if card == COIN and state.coin_pile == 0 and not state.coin_award_done:
        _coin_pile_empty(state, events)
        if state.is_over:
            return
    if mutant_evolutions.offer_mindshackle(state, seat, card, revealed, events):
        return
    after_draw(state, revealed, events)


def after_draw(state: GameState, revealed: str | None, events: list[GameEvent]) -> None:
    """E-7 on the card the draw revealed, then the next turn."""
    if revealed is not None and state.world.card_coins[revealed] % 2 == 0:
        event_check(state, events)
        if state.is_over or state.phase != END_OF_TURN:
            return  # over, or waiting on a decision the event asks for, which ends the turn
    finish_turn(state, events)


def close_mindshackle(state: GameState, seat: int, move: Move, events: list[GameEvent]) -> None:
    """The Mutants swapped their drawn card by Mindshackle or kept it: the draw goes on."""
    pending = state.pending
    assert pending is not None
    mutant_evolutions.close_window(state, seat, move, events)
    state.phase, state.pending = END_OF_TURN, None
    after_draw(state, pending["revealed"], events)


def _coin_pile_empty(state: GameState, events: list[GameEvent]) -> None:
    """E-6: once per game, a Red Star to whoever holds the most territories; none on a tie."""
    state.coin_award_done = True
    counts = [(state.territory_count(i), i) for i, s in enumerate(state.seats) if not s.eliminated]
    best = max(n for n, _ in counts)
    leaders = [i for n, i in counts if n == best]
    if len(leaders) > 1:
        events.append(
            GameEvent(
                "coin_pile_empty",
                gettext_lazy(
                    "The coin pile is empty; players tie for most territories, so nobody gets "
                    "the Red Star."
                ),
                {"seat": None},
            )
        )
        return
    winner = leaders[0]
    state.set_seat(winner, red_star_tokens=state.seats[winner].red_star_tokens + 1)
    events.append(
        GameEvent(
            "coin_pile_empty",
            gettext_lazy(
                "The coin pile is empty; %(player)s holds the most territories and takes a "
                "Red Star."
            )
            % {"player": seat_label(state, winner)},
            {"seat": winner},
        )
    )
    check_win(state, events, winner)


def event_check(state: GameState, events: list[GameEvent]) -> None:
    """E-7: an even number of coins on the newly revealed slot-1 card fires the top event card.
    The deck is empty until a pack adds event cards, so this is inert in the base game."""
    if not state.event_deck:
        return
    card, state.event_deck = state.event_deck[0], state.event_deck[1:]
    printed = content().event_cards.get(card)
    name = event_card_label(printed) if printed else card
    events.append(
        GameEvent(
            "event_revealed",
            gettext_lazy("Event card drawn: %(card)s.") % {"card": name},
            {"event": card},
        )
    )
    effect = EVENT_EFFECTS.get(card)
    if effect is not None:
        effect(state, card, events)


def end_turn_without_card(state: GameState, events: list[GameEvent]) -> None:
    """E-2 says a player *may* draw: they can also end the turn with nothing [inference]."""
    finish_turn(state, events)


def end_of_turn_options(state: GameState, seat: int) -> list[MoveOption]:
    options: list[MoveOption] = []
    if entitled_to_card(state, seat):
        options += [MoveOption(TakeCard(slot)) for slot in card_choices(state, seat)]
    options += claim_options(state, seat)
    options += slot_claim_options(state, seat)
    options.append(MoveOption(EndTurn()))
    return options


# Moves that may end the expand and attack step, and so the turn, with the card chosen ahead.
ENDING_MOVES = frozenset({"maneuver", "end_turn"})


def card_only(state: GameState, seat: int) -> bool:
    """The seat's end of turn offers a card or none and nothing else: no mission to claim
    instead (E-8), so a card chosen ahead may be taken without asking again (E-2, E-3)."""
    return (
        state.rule_set == LEGACY
        and state.current_seat == seat
        and entitled_to_card(state, seat)
        and bool(card_choices(state, seat))
        and not mission_claimable(state, seat)
        and not slot_claimable(state, seat)
    )


def cards_ahead(state: GameState, seat: int, kind: str) -> list[int | str]:
    """The cards (slots, or the coin) the seat may choose while making a `kind` move that ends
    its attacks and its turn (M-1, E-1): a maneuver, or ending the attacks; none when that
    move leaves the turn going (a power to maneuver at any point) or a mission may be claimed."""
    if state.phase != EXPAND_ATTACK or kind not in ENDING_MOVES or not card_only(state, seat):
        return []
    if kind == "maneuver" and has_effect(state, seat, MANEUVER_ANY_TIME):
        return []
    return card_choices(state, seat)
