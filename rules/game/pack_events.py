"""What Pack 1's event cards (Control the People, Fortify, Resistance, Riots), Pack 3's Join the
Cause and the fallout card do to the board (E-7), and the chooser's decision on them. Who
chooses and a resolved card's record are `rules.game.event_cards`, shared with the other packs.

A card with a choice puts the game in `EVENT_CHOICE`, waiting on its chooser; the move that
answers it (`ResolveEvent`, or a `Maneuver` for Control the People's second option) is listed
and checked by the same functions. A card without a choice is carried out at once. Either way
the card is recorded as an `EventResolved` world event, and the turn then ends as it would
have (the event check is the last step of taking a card, E-1).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement

from rules import box
from rules.content_records import EventCard
from rules.data import content, english_name
from rules.errors import Violation
from rules.event_targets import FORTIFICATION, MANEUVER, MISSION, SPLIT_TROOPS, option_targets
from rules.game import fallout
from rules.game.common import demolish_hq, fail, joined, required, seat_label, unknown_territory
from rules.game.effects import EVENT_EFFECTS
from rules.game.event_cards import (
    CHOICE_RULES,
    and_words,
    card_on_table,
    knock_outs,
    offer_choice,
    record_resolved,
    with_troops,
)
from rules.game.events import GameEvent
from rules.game.missions import mission_name, replace_face_up
from rules.game.moves import Maneuver, MoveOption, ResolveEvent
from rules.game.rotation import finish_turn
from rules.game.state import GameState, territory_name
from rules.game.turn import maneuver_options, maneuver_problem
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy, listed, ngettext
from rules.world_events import CityFortified, WorldEvent


def _troops(count: int) -> str:
    return ngettext("%(count)s troop", "%(count)s troops", count) % {"count": count}


# --- who chooses -------------------------------------------------------------------------------


def _linked(state: GameState) -> bool:
    """The campaign's reading of Control the People's maneuver: M-3's path, or any two."""
    return box.setting(state.world, "control_people_maneuver") != "any"


# --- drawing a card ----------------------------------------------------------------------------


def _resistance(state: GameState, code: str, events: list[GameEvent]) -> None:
    """Every Minor City territory held by 1 or 2 troops loses one, whoever holds it."""
    card = content().event_cards[code]
    had_troops = with_troops(state)
    hit = []
    minors = [t for t, city in state.world.cities.items() if city.kind == "minor"]
    for territory in sorted(minors, key=english_name):
        troops, holder = state.troops(territory), state.owner(territory)
        if holder is None or troops > 2:
            continue
        state.set_troops(territory, holder, troops - 1)
        words = (
            _("%(territory)s (%(player)s) loses its last troop: it is left empty")
            if troops == 1
            else _("%(territory)s (%(player)s) loses 1 of its 2 troops")
        )
        hit.append(
            words % {"territory": territory_name(territory), "player": seat_label(state, holder)}
        )
    detail = listed(hit, "; ") if hit else _("no Minor City territory is held by 1 or 2 troops")
    record_resolved(state, card, "", None, detail, events)
    knock_outs(state, had_troops, events)


def _riots(state: GameState, code: str, events: list[GameEvent]) -> None:
    """Each held Major City territory rolls for its holder: the die + 1 per troop + 1 per HQ
    there; below 6, it loses troops equal to the die and its HQ is demolished. The campaign
    may read it as one roll per player for all their Major Cities (`riots_rolls`)."""
    card = content().event_cards[code]
    per_player = box.setting(state.world, "riots_rolls") == "per_player"
    order = state.in_turn_order_from(state.current_seat)
    held = [
        t
        for t, city in state.world.cities.items()
        if city.kind == "major" and state.owner(t) is not None
    ]
    held.sort(key=lambda t: (order.index(state.owner(t)), english_name(t)))  # type: ignore[arg-type]
    had_troops = with_troops(state)
    rng = Rng.resume(state.rng)
    rolls: dict[int, int] = {}
    lines = []
    for territory in held:
        holder = state.owner(territory)
        assert holder is not None
        if not per_player or holder not in rolls:
            rolls[holder] = rng.die()
        natural = rolls[holder]
        troops = state.troops(territory)
        hq = territory in state.hqs
        total = natural + troops + int(hq)
        sums = (
            _("%(value)s + %(troops)s + 1 for the HQ") if hq else _("%(value)s + %(troops)s")
        ) % {"value": natural, "troops": _troops(troops)}
        lost = min(natural, troops) if total < 6 else 0
        if total < 6:
            state.set_troops(territory, holder, troops - lost)
            outcome = (
                _("loses %(troops)s and its HQ is demolished") if hq else _("loses %(troops)s")
            ) % {"troops": _troops(lost)}
            if hq:
                demolish_hq(state, territory)
        else:
            outcome = _("holds")
        line = _("%(territory)s (%(player)s) rolls %(sums)s = %(total)s: %(outcome)s") % {
            "territory": territory_name(territory),
            "player": seat_label(state, holder),
            "sums": sums,
            "total": total,
            "outcome": outcome,
        }
        lines.append(line)
        events.append(
            GameEvent(
                "riot_roll",
                gettext_lazy("Event: %(card)s — %(detail)s.") % {"card": card.name, "detail": line},
                {
                    "event": code,
                    "territory": territory,
                    "seat": holder,
                    "dice": [natural],
                    "troops": troops,
                    "hq": hq,
                    "total": total,
                    "lost": lost,
                    "hq_demolished": hq and total < 6,
                },
            )
        )
    state.rng = rng.state
    detail = listed(lines, "; ") if lines else _("no Major City territory is held")
    record_resolved(state, card, "", None, detail, events)
    knock_outs(state, had_troops, events)


def _fallout(state: GameState, code: str, events: list[GameEvent]) -> None:
    """J172-J174: the fallout zone's land neighbours lose a die roll of troops each (Mutant
    troops spared), then the card is destroyed; with no fallout zone nobody loses troops."""
    card = content().event_cards[code]
    had_troops = with_troops(state)
    detail = fallout.fallout_event(state, card.name, events)
    nothing = _("there is no fallout zone, so nothing happens")
    record_resolved(state, card, "", None, detail or nothing, events)
    knock_outs(state, had_troops, events)


CARD_EFFECTS: dict[str, Callable[[GameState, str, list[GameEvent]], None]] = {
    "control_the_people": offer_choice,
    "fortify": offer_choice,
    "resistance": _resistance,
    "riots": _riots,
    "join_the_cause": offer_choice,
    "fallout": _fallout,
}
for _card in content().event_cards.values():
    if _card.key in CARD_EFFECTS:
        EVENT_EFFECTS[_card.code] = CARD_EFFECTS[_card.key]


# --- the chooser's decision --------------------------------------------------------------------


def choice_problem(
    state: GameState,
    seat: int,
    card: EventCard,
    option: str,
    territories: tuple[str, ...],
    mission: str = "",
) -> Violation | None:
    """Why `option` with these city territories (or this `mission`) is not a legal answer to
    `card`, or None. How many territories, and of what kind, comes from the option's data
    (`option_targets`)."""
    choice = card.option(option)
    if choice is None or not choice.effect:
        offered = joined([repr(o.key) for o in card.options], either=True)
        return Violation(
            "bad_event_option",
            _("%(card)s offers %(options)s.") % {"card": card.name, "options": offered},
            "E-7",
        )
    if choice.effect == MISSION:
        if territories or mission not in state.mission_deck:
            return Violation(
                "event_mission", _("Pick one mission of the mission deck, and no territory."), "E-8"
            )
        return None
    if mission:
        return Violation("event_mission", _("This choice lays out no mission."), "E-7")
    if choice.effect == MANEUVER:
        return Violation(
            "event_maneuver",
            _("To maneuver, say where from, where to and how many troops (a maneuver)."),
            "M-3",
        )
    if choice.effect == FORTIFICATION and state.world.supplies_left()["fortification"] <= 0:
        return Violation(
            "no_fortification_left",
            _("All 5 fortifications are used: take the other choice."),
            "C-10",
        )
    targets = option_targets(choice)
    if not targets.least <= len(territories) <= targets.most:
        if targets.repeats:
            words = _(
                "Name a city territory for each of the %(count)s troops (one may come twice) you "
                "control."
            )
        elif targets.most == 1:
            words = _("Name one city territory you control.")
        else:
            words = _("Name one or two city territories you control.")
        return Violation("event_cities", words % {"count": targets.most}, "E-7")
    if not targets.repeats and len(set(territories)) != len(territories):
        return Violation("event_cities", _("Name two different city territories."), "E-7")
    unknown = unknown_territory(state.world, *territories)
    if unknown:
        return unknown
    for territory in territories:
        if territory not in state.world.cities:
            return Violation(
                "no_city",
                _("%(territory)s has no city.") % {"territory": territory_name(territory)},
                "E-7",
            )
        if state.owner(territory) != seat:
            return Violation(
                "not_controlled",
                _("You do not control %(territory)s.") % {"territory": territory_name(territory)},
                "E-7",
            )
    return None


def event_choice_options(state: GameState, seat: int) -> list[MoveOption]:
    """Every legal answer to the card on the table, checked by `choice_problem` and, for a
    maneuver, by the maneuver rules (M-3) without the turn's one-maneuver limit (M-2)."""
    card = card_on_table(state)
    rules = CHOICE_RULES.get(card.key)
    if rules is not None:
        return rules.options(state, seat, card)
    cities = sorted(t for t in state.controlled(seat) if t in state.world.cities)
    options: list[MoveOption] = []
    for option in card.options:
        if option.effect == MANEUVER:
            options += maneuver_options(state, seat, extra=True, linked=_linked(state))
            continue
        if option.effect == MISSION:
            options += [
                MoveOption(ResolveEvent(option.key, mission=code))
                for code in sorted(state.mission_deck)
            ]
            continue
        targets = option_targets(option)
        pick = combinations_with_replacement if targets.repeats else combinations
        for size in range(targets.least, targets.most + 1):
            for group in pick(cities, size):
                if choice_problem(state, seat, card, option.key, group) is None:
                    options.append(MoveOption(ResolveEvent(option.key, group)))
    return options


def resolve_event(state: GameState, seat: int, move: ResolveEvent, events: list[GameEvent]) -> None:
    """The chooser's option: troops into their cities (split one by one, or as many into each),
    a fortification on one (X-9), or a mission of the deck laid out face up (E-8)."""
    card = card_on_table(state)
    rules = CHOICE_RULES.get(card.key)
    if rules is not None:
        rules.resolve(state, seat, card, move, events)
        return
    problem = choice_problem(state, seat, card, move.option, move.territories, move.mission)
    if problem is not None:
        fail(problem.code, problem.message, problem.rule)
    choice = card.option(move.option)
    assert choice is not None  # choice_problem refused any other
    who = seat_label(state, seat)
    places = and_words([territory_name(t) for t in move.territories]) if move.territories else ""
    marks: tuple[WorldEvent, ...] = ()
    if choice.effect == MISSION:
        rng = Rng.resume(state.rng)
        old = replace_face_up(state, move.mission, rng)
        state.rng = rng.state
        detail = _(
            "%(player)s lays out %(mission)s in place of %(old)s, which is discarded; the "
            "mission deck is shuffled"
        ) % {"player": who, "mission": mission_name(move.mission), "old": mission_name(old)}
    elif choice.effect == SPLIT_TROOPS:
        for territory in move.territories:
            state.set_troops(territory, seat, state.troops(territory) + 1)
        split = and_words(
            [
                _("%(troops)s into %(territory)s")
                % {"troops": _troops(move.territories.count(t)), "territory": territory_name(t)}
                for t in dict.fromkeys(move.territories)
            ]
        )
        detail = _("%(player)s puts %(troops)s") % {"player": who, "troops": split}
    elif choice.effect == FORTIFICATION:
        territory = move.territories[0]
        marks = (
            CityFortified(
                territory=territory, person=state.seats[seat].person, game=state.game_number
            ),
        )
        city = state.world.cities[territory].name
        detail = _("%(player)s fortifies %(city)s in %(territory)s") % {
            "player": who,
            "city": city,
            "territory": places,
        }
    else:
        for territory in move.territories:
            state.set_troops(territory, seat, state.troops(territory) + choice.troops)
        words = (
            _("%(player)s puts %(troops)s each into %(territories)s")
            if len(move.territories) > 1
            else _("%(player)s puts %(troops)s into %(territories)s")
        )
        detail = words % {"player": who, "troops": _troops(choice.troops), "territories": places}
    record_resolved(
        state, card, move.option, seat, detail, events, marks=marks, territories=move.territories
    )
    finish_turn(state, events)


def event_maneuver(state: GameState, seat: int, move: Maneuver, events: list[GameEvent]) -> None:
    """Control the People's second option: one maneuver now, on top of the turn's own (M-2)."""
    card = card_on_table(state)
    option = next((o.key for o in card.options if o.effect == MANEUVER), None)
    if option is None:
        fail("no_event_maneuver", _("%(card)s offers no maneuver.") % {"card": card.name}, "E-7")
    low, high = required(
        maneuver_problem(state, seat, move.origin, move.target, extra=True, linked=_linked(state))
    )
    if not low <= move.count <= high:
        fail(
            "maneuver_count",
            _("You can move %(low)s to %(high)s troops; 1 stays behind.")
            % {"low": low, "high": high},
            "M-3",
        )
    state.set_troops(move.origin, seat, state.troops(move.origin) - move.count)
    state.set_troops(move.target, seat, state.troops(move.target) + move.count)
    detail = _("%(player)s maneuvers %(troops)s from %(origin)s to %(target)s") % {
        "player": seat_label(state, seat),
        "troops": _troops(move.count),
        "origin": territory_name(move.origin),
        "target": territory_name(move.target),
    }
    record_resolved(
        state, card, option, seat, detail, events, territories=(move.origin, move.target)
    )
    finish_turn(state, events)
