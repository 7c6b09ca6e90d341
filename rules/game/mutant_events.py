"""Pocket 1's Mutant cards (E-7): Agent of Chaos (J175-J177) and The Mutants Evolve (J178,
J179). The Fallout cards belong with the fallout rules.

Both name the Mutants: with them absent from this game, eliminated or knocked out, the card is
drawn and does nothing (E-7), and an Evolve card goes back to the box unscratched. An Evolve
card waits on the Mutants' player in `EVENT_CHOICE` like any event's choice
(`rules.game.pack_events`); the option taken is scratched off (`MutantsEvolved`) and the card
stays in the box, never to return to a deck (`rules.box.event_deck`).
"""

from __future__ import annotations

from rules import box
from rules.content_records import EventCard
from rules.data import board, content
from rules.errors import Violation
from rules.game.common import check_win, fail, joined, seat_label
from rules.game.effects import EVENT_EFFECTS
from rules.game.event_cards import (
    CHOICE_RULES,
    CHOOSERS,
    ChoiceRules,
    offer_choice,
    record_resolved,
)
from rules.game.events import GameEvent
from rules.game.moves import MoveOption, ResolveEvent
from rules.game.mutants import MUTANTS
from rules.game.rotation import finish_turn
from rules.game.state import GameState
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world_events.pockets import MutantsEvolved

AGENT_OF_CHAOS = "agent_of_chaos"
MUTANTS_EVOLVE = "mutants_evolve"


def mutants_seat(state: GameState) -> int | None:
    """The seat playing the Mutants in this game, if any."""
    return next((i for i, s in enumerate(state.seats) if s.faction == MUTANTS), None)


def mutants_chooser(state: GameState) -> tuple[int | None, str]:
    """The Mutants' player, unless the Mutants are out of this game for now (E-7)."""
    seat = mutants_seat(state)
    if seat is None:
        return None, _("the Mutants are not in this game")
    who = {"player": seat_label(state, seat)}
    if state.seats[seat].eliminated:
        return None, _("the Mutants (%(player)s) are eliminated") % who
    if not state.holds_territory(seat):
        return None, _("the Mutants (%(player)s) are knocked out") % who
    return seat, _("%(player)s plays the Mutants") % who


CHOOSERS[MUTANTS] = mutants_chooser


# --- Agent of Chaos ------------------------------------------------------------------------------


def _human(state: GameState, seat: int) -> bool:
    """Agent of Chaos counts the human factions: every base faction, and the Aliens only when
    the campaign reads the card that way (`agent_of_chaos_aliens`)."""
    faction = state.seats[seat].faction
    if not box.is_pack_faction(faction):
        return True
    return faction != MUTANTS and box.setting(state.world, "agent_of_chaos_aliens") == "yes"


def continents_held_by_humans(state: GameState) -> list[tuple[int, str]]:
    """(seat, continent name) for every whole continent a human faction holds now."""
    held = []
    for continent in board().continents.values():
        owners = {state.owner(t) for t in continent.territories}
        if len(owners) == 1:
            (owner,) = owners
            if owner is not None and _human(state, owner):
                held.append((owner, continent.name))
    return held


def agent_of_chaos(state: GameState, code: str, events: list[GameEvent]) -> None:
    """J175-J177: the Mutants gain a Red Star token, unless a human faction holds a whole
    continent; W-1 is checked. The card is discarded."""
    card = content().event_cards[code]
    seat, why = mutants_chooser(state)
    if seat is None:
        record_resolved(state, card, "", None, _("%(why)s: nothing happens") % {"why": why}, events)
        return
    holders = continents_held_by_humans(state)
    if holders:
        owner, continent = holders[0]
        detail = _("%(player)s holds all of %(continent)s, so the Mutants gain nothing") % {
            "player": seat_label(state, owner),
            "continent": continent,
        }
        record_resolved(state, card, "", None, detail, events)
        return
    player = state.seats[seat]
    state.set_seat(seat, red_star_tokens=player.red_star_tokens + 1)
    detail = _("no human faction holds a whole continent: %(player)s gains a Red Star") % {
        "player": seat_label(state, seat)
    }
    record_resolved(state, card, "", None, detail, events)
    check_win(state, events, seat)


# --- The Mutants Evolve --------------------------------------------------------------------------


def _evolve_options(state: GameState, seat: int, card: EventCard) -> list[MoveOption]:
    return [MoveOption(ResolveEvent(option.key)) for option in card.options]


def _evolve_problem(card: EventCard, move: ResolveEvent) -> Violation | None:
    if card.option(move.option) is None:
        offered = joined([repr(o.key) for o in card.options], either=True)
        return Violation(
            "bad_event_option",
            _("%(card)s offers %(options)s.") % {"card": card.name, "options": offered},
            "E-7",
        )
    if move.territories or move.mission:
        return Violation(
            "nothing_to_name", _("Scratching off an option names no territory or mission."), "E-7"
        )
    return None


def _evolve(
    state: GameState, seat: int, card: EventCard, move: ResolveEvent, events: list[GameEvent]
) -> None:
    """J178/J179: the option is scratched off and the card stays in the box. With both cards
    scratched, the Mutant card's evolved power shows and acts at once."""
    problem = _evolve_problem(card, move)
    if problem is not None:
        fail(problem.code, problem.message, problem.rule)
    evolved = MutantsEvolved(card.code, move.option, state.seats[seat].person, state.game_number)
    problems = evolved.check(state.world)
    if problems:
        fail(problems[0].code, problems[0].message, problems[0].rule)
    detail = _("%(player)s scratches off %(option)s; the card stays in the box") % {
        "player": seat_label(state, seat),
        "option": move.option,
    }
    record_resolved(state, card, move.option, seat, detail, events)
    state.world = evolved.apply(state.world)
    state.world_events = (*state.world_events, evolved)
    power = box.evolution(state.world)
    if power is not None:
        events.append(
            GameEvent(
                "mutants_evolved",
                gettext_lazy(
                    "Both Evolve cards are scratched: the Mutant card reveals %(power)s. %(text)s"
                )
                % {"power": power.name, "text": power.text},
                {"seat": seat, "evolution": power.key},
            )
        )
    finish_turn(state, events)


CHOICE_RULES[MUTANTS_EVOLVE] = ChoiceRules(_evolve_options, _evolve)
for _card in content().event_cards.values():
    if _card.key == AGENT_OF_CHAOS:
        EVENT_EFFECTS[_card.code] = agent_of_chaos
    elif _card.key == MUTANTS_EVOLVE:
        EVENT_EFFECTS[_card.code] = offer_choice
