"""The box bottom's event cards (E-7): The Ancient One (DNO-1..DNO-5), each carrying the name of
a player, who chooses one of its four options.

A card joins the event deck once a name is written on it (`rules.box.event_deck`). When it is
drawn, the player named on it decides; with that player not at the table, eliminated or
knocked out, the card is drawn and does nothing (E-7). A campaign may put the unnamed cards in
the deck too (setting `ancient_unnamed_cards`): the player with the largest population then
decides, as for Pack 1's cards. The choice waits in `EVENT_CHOICE` like any event's
(`rules.game.pack_events`).

The HQ option: the engine always takes the HQ off the board for the rest of the game (G-10),
so the campaign's reading of it (setting `ancient_hq_option`, "demolish" or "destroy") makes no
difference within the game; the log records the demolition either way.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.content_records import EventCard
from rules.data import content
from rules.errors import Violation
from rules.game.common import demolish_hq, fail, joined, seat_label, unknown_territory
from rules.game.effects import EVENT_EFFECTS
from rules.game.event_cards import (
    CHOICE_RULES,
    CHOOSERS,
    EVENT_CHOICE,
    ChoiceRules,
    event_chooser,
    offer_choice,
    record_resolved,
)
from rules.game.events import GameEvent
from rules.game.moves import MoveOption, ResolveEvent
from rules.game.rotation import finish_turn
from rules.game.state import GameState, territory_name
from rules.words import gettext as _
from rules.words import listed, ngettext

ANCIENT_ONE = "ancient_one"
NAMED_PLAYER = "named_player"
DISCARD_ALL = "discard_all_cards"
DEMOLISH_HQ = "demolish_hq"
PLACE_TROOPS = "place_troops"
NO_SEA = "no_sea_attacks"
DRAWN = "event_drawn"
"""`pending` kind while a drawn card's chooser is looked for: the card lies on the table."""


# --- who chooses -------------------------------------------------------------------------------


def named_chooser(state: GameState) -> tuple[int | None, str]:
    """The player whose name is on the card just drawn, unless out of this game for now; an
    unnamed card (in the deck by the campaign's choice) goes to the largest population."""
    code = (state.pending or {}).get("card", "")
    person = state.world.named_cards.get(code)
    if person is None:
        return event_chooser(state)
    seat = next((i for i, s in enumerate(state.seats) if s.person == person), None)
    if seat is None:
        return None, _("the player named on the card is not in this game")
    who = {"player": seat_label(state, seat)}
    if state.seats[seat].eliminated:
        return None, _("%(player)s, named on the card, is eliminated") % who
    if not state.holds_territory(seat):
        return None, _("%(player)s, named on the card, is knocked out") % who
    return seat, _("%(player)s is named on the card") % who


CHOOSERS[NAMED_PLAYER] = named_chooser


def _offer_named(state: GameState, code: str, events: list[GameEvent]) -> None:
    """The drawn card is put on the table first, so its chooser can read whose name it bears."""
    state.pending = {"kind": DRAWN, "card": code}
    offer_choice(state, code, events)
    if state.phase != EVENT_CHOICE:
        state.pending = None


# --- checking an answer ------------------------------------------------------------------------


def _effect(card: EventCard, move: ResolveEvent) -> str | Violation:
    """The effect of the chosen option, or why the answer is refused."""
    option = card.option(move.option)
    if option is None or not option.effect:
        offered = joined([repr(o.key) for o in card.options], either=True)
        return Violation(
            "bad_event_option",
            _("%(card)s offers %(options)s.") % {"card": card.name, "options": offered},
            "E-7",
        )
    if move.mission:
        return Violation("event_mission", _("This choice lays out no mission."), "E-7")
    if option.effect in (PLACE_TROOPS, DEMOLISH_HQ):
        if len(move.territories) != 1:
            return Violation("one_territory", _("Name one territory."), "E-7")
    elif move.territories:
        return Violation("nothing_to_name", _("This choice names no territory."), "E-7")
    return option.effect


def _target_problem(state: GameState, seat: int, effect: str, territory: str) -> Violation | None:
    """Why `territory` is no target of the option `effect`, or None."""
    unknown = unknown_territory(state.world, territory)
    if unknown:
        return unknown
    name = territory_name(territory)
    if effect == DEMOLISH_HQ and territory not in state.hqs:
        return Violation("no_hq", _("No HQ stands in %(territory)s.") % {"territory": name}, "E-7")
    if effect == PLACE_TROOPS and state.owner(territory) != seat:
        return Violation(
            "not_controlled", _("You do not control %(territory)s.") % {"territory": name}, "E-7"
        )
    return None


def _checked(state: GameState, seat: int, card: EventCard, move: ResolveEvent) -> str:
    effect = _effect(card, move)
    if isinstance(effect, Violation):
        fail(effect.code, effect.message, effect.rule)
    if move.territories:
        problem = _target_problem(state, seat, effect, move.territories[0])
        if problem is not None:
            fail(problem.code, problem.message, problem.rule)
    return effect


def _options(state: GameState, seat: int, card: EventCard) -> list[MoveOption]:
    """Every legal answer: each HQ on the board, each territory the chooser holds, and the two
    options that name nothing."""
    options = []
    for option in card.options:
        if option.effect == DEMOLISH_HQ:
            candidates = sorted(state.hqs)
        elif option.effect == PLACE_TROOPS:
            candidates = sorted(state.controlled(seat))
        else:
            options.append(MoveOption(ResolveEvent(option.key)))
            continue
        options += [MoveOption(ResolveEvent(option.key, (t,))) for t in candidates]
    return options


# --- carrying it out ---------------------------------------------------------------------------


def _discard_all(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    """Every hand goes: territory cards to the discard pile, coin cards back to their pile."""
    lost = []
    for index, player in enumerate(state.seats):
        if not player.cards:
            continue
        territories = tuple(c for c in player.cards if c != "coin")
        state.discard_pile = (*state.discard_pile, *territories)
        state.coin_pile += len(player.cards) - len(territories)
        count = len(player.cards)
        lost.append(
            ngettext("%(player)s %(count)s card", "%(player)s %(count)s cards", count)
            % {"player": seat_label(state, index), "count": count}
        )
        state.set_seat(index, cards=())
    who = seat_label(state, seat)
    detail = _("%(player)s makes every player discard their resource cards: %(cards)s") % {
        "player": who,
        "cards": listed(lost) if lost else _("nobody held any"),
    }
    record_resolved(state, card, move.option, seat, detail, events)
    finish_turn(state, events)


def _demolish(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    territory = move.territories[0]
    owner = state.hqs[territory]
    demolish_hq(state, territory)
    detail = _("%(player)s demolishes the HQ of %(owner)s in %(territory)s") % {
        "player": seat_label(state, seat),
        "owner": seat_label(state, owner),
        "territory": territory_name(territory),
    }
    record_resolved(state, card, move.option, seat, detail, events, territories=(territory,))
    finish_turn(state, events)


def _place_troops(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    territory = move.territories[0]
    option = card.option(move.option)
    assert option is not None
    state.set_troops(territory, seat, state.troops(territory) + option.troops)
    detail = _("%(player)s places %(count)s troops in %(territory)s") % {
        "player": seat_label(state, seat),
        "count": option.troops,
        "territory": territory_name(territory),
    }
    record_resolved(state, card, move.option, seat, detail, events, territories=(territory,))
    finish_turn(state, events)


def _no_sea(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    """The ban stands until the chooser's next turn begins (`rules.game.rotation`)."""
    state.sea_ban_until = seat
    who = seat_label(state, seat)
    detail = _(
        "%(player)s closes the sea lines to attacks and expansions until %(player)s's next turn"
    ) % {"player": who}
    record_resolved(state, card, move.option, seat, detail, events)
    finish_turn(state, events)


Resolver = Callable[[GameState, int, EventCard, ResolveEvent, list[GameEvent]], None]
CARRY_OUT: dict[str, Resolver] = {
    DISCARD_ALL: _discard_all,
    DEMOLISH_HQ: _demolish,
    PLACE_TROOPS: _place_troops,
    NO_SEA: _no_sea,
}
"""Option effect -> what it does; each records the card and moves the game on."""


def _resolve(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    CARRY_OUT[_checked(state, seat, card, move)](state, seat, card, move, events)


CHOICE_RULES[ANCIENT_ONE] = ChoiceRules(options=_options, resolve=_resolve)
for _card in content().event_cards.values():
    if _card.key == ANCIENT_ONE:
        EVENT_EFFECTS[_card.code] = _offer_named
