"""Pocket 2's event cards (E-7): Beam Down (K190, K191), Die Humans (K187s-K189s) and
Mysterious Island (K192, K193), with their two choosers.

The Aliens' player decides Beam Down and Die Humans; the holder of Alien Island decides
Mysterious Island. With that seat absent (the Aliens are not in this game, are eliminated or
knocked out; nobody holds the island) the card is drawn and does nothing (E-7). Each card can
be passed. The choice waits in `EVENT_CHOICE` like any event's (`rules.game.pack_events`):
these cards only bring their own options and their own way of carrying them out.
"""

from __future__ import annotations

from collections.abc import Callable

from rules import board_links
from rules.content_records import EventCard
from rules.data import content, english_name
from rules.errors import Violation
from rules.game import aliens
from rules.game.common import demolish_hq, fail, joined, seat_label, unknown_territory
from rules.game.effects import EVENT_EFFECTS, on_card_taken
from rules.game.endturn import END_OF_TURN, event_check, reveal
from rules.game.event_cards import (
    CHOICE_RULES,
    CHOOSERS,
    ChoiceRules,
    knock_outs,
    offer_choice,
    record_resolved,
    with_troops,
)
from rules.game.events import GameEvent
from rules.game.moves import MoveOption, ResolveEvent
from rules.game.rotation import finish_turn
from rules.game.state import GameState, territory_name
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import listed, ngettext
from rules.world_events.pockets import CityRuined

PASS = "pass"
BEAM_DOWN = "beam_down"
RUIN = "ruin"
TAKE_CARD = "take_face_up"


# --- who chooses -------------------------------------------------------------------------------


def aliens_chooser(state: GameState) -> tuple[int | None, str]:
    """The Aliens' player, unless the Aliens are out of this game for now (E-7)."""
    seat = aliens.aliens_seat(state)
    if seat is None:
        return None, _("the Aliens are not in this game")
    who = {"player": seat_label(state, seat)}
    if state.seats[seat].eliminated:
        return None, _("the Aliens (%(player)s) are eliminated") % who
    if not state.holds_territory(seat):
        return None, _("the Aliens (%(player)s) are knocked out") % who
    return seat, _("%(player)s plays the Aliens") % who


def island_chooser(state: GameState) -> tuple[int | None, str]:
    """Whoever controls Alien Island (K192)."""
    island = board_links.ALIEN_ISLAND
    holder = state.owner(island) if board_links.on_board(state.world, island) else None
    if holder is None:
        return None, _("nobody holds Alien Island")
    return holder, _("%(player)s holds %(territory)s") % {
        "player": seat_label(state, holder),
        "territory": territory_name(island),
    }


CHOOSERS["aliens"] = aliens_chooser
CHOOSERS["island_holder"] = island_chooser


# --- checking an answer ------------------------------------------------------------------------


def _effect(card: EventCard, move: ResolveEvent) -> str | Violation:
    """The effect of the chosen option ("pass" for a pass), or why the answer is refused."""
    option = card.option(move.option)
    if option is None:
        offered = joined([repr(o.key) for o in card.options], either=True)
        return Violation(
            "bad_event_option",
            _("%(card)s offers %(options)s.") % {"card": card.name, "options": offered},
            "E-7",
        )
    if move.mission:
        return Violation("event_mission", _("This choice lays out no mission."), "E-7")
    effect = option.effect or PASS
    if effect == PASS and move.territories:
        return Violation("nothing_to_name", _("Passing names no territory."), "E-7")
    if effect != PASS and len(move.territories) != 1:
        return Violation("one_territory", _("Name one territory."), "E-7")
    return effect


def _target_problem(state: GameState, effect: str, territory: str) -> Violation | None:
    """Why `territory` is no target of the option `effect`, or None."""
    unknown = unknown_territory(state.world, territory)
    if unknown:
        return unknown
    name = territory_name(territory)
    if effect == BEAM_DOWN:
        if territory not in state.world.cities:
            return Violation(
                "no_city", _("%(territory)s has no city.") % {"territory": name}, "E-7"
            )
        if state.occupied(territory):
            return Violation(
                "target_occupied",
                _("%(territory)s holds pieces: beam down into an empty city.")
                % {"territory": name},
                "E-7",
            )
        return None
    if effect == RUIN:
        problems = CityRuined(territory).check(state.world)
        return problems[0] if problems else None
    if territory not in state.slots:
        return Violation(
            "not_face_up", _("The %(territory)s card is not face up.") % {"territory": name}, "E-4"
        )
    return None


def _checked(state: GameState, card: EventCard, move: ResolveEvent) -> str:
    effect = _effect(card, move)
    if isinstance(effect, Violation):
        fail(effect.code, effect.message, effect.rule)
    if effect != PASS:
        problem = _target_problem(state, effect, move.territories[0])
        if problem is not None:
            fail(problem.code, problem.message, problem.rule)
    return effect


def _options(state: GameState, seat: int, card: EventCard) -> list[MoveOption]:
    """Every legal answer: each target of the card's option, checked as a move is, and the pass."""
    options = []
    for option in card.options:
        if (option.effect or PASS) == PASS:
            options.append(MoveOption(ResolveEvent(option.key)))
            continue
        if option.effect == TAKE_CARD:
            candidates = [t for t in state.slots if t is not None]
        else:
            candidates = sorted(state.world.cities, key=english_name)
        options += [
            MoveOption(ResolveEvent(option.key, (t,)))
            for t in candidates
            if _target_problem(state, option.effect, t) is None
        ]
    return options


# --- carrying it out ---------------------------------------------------------------------------


def _passed(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    what = {
        BEAM_DOWN: _("%(player)s beams nothing down"),
        RUIN: _("%(player)s ruins nothing"),
        TAKE_CARD: _("%(player)s takes no card"),
    }
    effect = next((o.effect for o in card.options if o.effect not in ("", PASS)), "")
    detail = what.get(effect, _("%(player)s passes")) % {"player": seat_label(state, seat)}
    record_resolved(state, card, move.option, seat, detail, events)
    finish_turn(state, events)


def _beam_down(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    """K190: the Aliens' troops are placed, not moved in, so the city costs them nothing."""
    territory = move.territories[0]
    option = card.option(move.option)
    assert option is not None
    state.set_troops(territory, seat, option.troops)
    detail = _("%(player)s beams %(count)s Alien troops down into %(city)s in %(territory)s") % {
        "player": seat_label(state, seat),
        "count": option.troops,
        "city": state.world.cities[territory].name,
        "territory": territory_name(territory),
    }
    record_resolved(state, card, move.option, seat, detail, events, territories=(territory,))
    finish_turn(state, events)


def _ruin(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    """K187s: the Minor City is ruined (K185s), every troop there goes back to supply, any HQ
    there is demolished, and the card is destroyed (its option says so)."""
    territory = move.territories[0]
    city = state.world.cities[territory].name
    had_troops = with_troops(state)
    lost = []
    holder = state.owner(territory)
    if holder is not None:
        troops = state.troops(territory)
        lost.append(
            ngettext(
                "%(player)s loses %(count)s troop", "%(player)s loses %(count)s troops", troops
            )
            % {"player": seat_label(state, holder), "count": troops}
        )
        state.set_troops(territory, holder, 0)
    if territory in state.hqs:
        lost.append(
            _("the HQ of %(player)s is demolished")
            % {"player": seat_label(state, state.hqs[territory])}
        )
        demolish_hq(state, territory)
    ruined = CityRuined(territory, state.seats[seat].person, state.game_number)
    where = {
        "player": seat_label(state, seat),
        "city": city,
        "territory": territory_name(territory),
        "losses": listed(lost),
    }
    if lost:
        detail = _("%(player)s ruins %(city)s in %(territory)s: %(losses)s") % where
    else:
        detail = _("%(player)s ruins %(city)s in %(territory)s") % where
    record_resolved(
        state, card, move.option, seat, detail, events, marks=(ruined,), territories=(territory,)
    )
    knock_outs(state, had_troops, events)
    finish_turn(state, events)


def _take_face_up(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    """K192: the island's holder takes a face-up territory card on top of the turn's one (E-2);
    the slots shift and refill as for any taken card (E-4), and a new slot-1 card showing an
    even number of coins sets off the next event (E-7) before the turn ends."""
    taken = move.territories[0]
    slots = list(state.slots)
    slot = slots.index(taken) + 1
    slots.pop(slot - 1)
    rng = Rng.resume(state.rng)
    revealed = reveal(state, rng, events)
    state.rng = rng.state
    state.slots = (revealed, *slots)
    state.set_seat(seat, cards=(*state.seats[seat].cards, taken))
    detail = _("%(player)s takes the %(territory)s card from slot %(slot)s") % {
        "player": seat_label(state, seat),
        "territory": territory_name(taken),
        "slot": slot,
    }
    record_resolved(state, card, move.option, seat, detail, events)
    on_card_taken(state, seat, taken, events)
    state.phase, state.pending = END_OF_TURN, None
    if revealed is not None and state.world.card_coins[revealed] % 2 == 0:
        event_check(state, events)
        if state.is_over or state.phase != END_OF_TURN:
            return
    finish_turn(state, events)


Resolver = Callable[[GameState, int, EventCard, ResolveEvent, list[GameEvent]], None]
CARRY_OUT: dict[str, Resolver] = {
    PASS: _passed,
    BEAM_DOWN: _beam_down,
    RUIN: _ruin,
    TAKE_CARD: _take_face_up,
}
"""Option effect -> what it does; each records the card and moves the game on."""


def _resolve(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    CARRY_OUT[_checked(state, card, move)](state, seat, card, move, events)


CARDS = ("beam_down", "die_humans", "mysterious_island")
for _key in CARDS:
    CHOICE_RULES[_key] = ChoiceRules(options=_options, resolve=_resolve)
for _card in content().event_cards.values():
    if _card.key in CARDS:
        EVENT_EFFECTS[_card.code] = offer_choice
