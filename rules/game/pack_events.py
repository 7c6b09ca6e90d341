"""Event cards (E-7): who chooses, the choice that waits on them, and what Pack 1's Control the
People, Fortify, Resistance and Riots and Pack 3's Join the Cause do to the board.

A card with a choice puts the game in `EVENT_CHOICE`, waiting on its chooser; the move that
answers it (`ResolveEvent`, or a `Maneuver` for Control the People's second option) is listed
and checked by the same functions. A card without a choice is carried out at once. Either way
the card is recorded as an `EventResolved` world event, and the turn then ends as it would
have (the event check is the last step of taking a card, E-1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from rules import box
from rules.card_world_events import EventResolved
from rules.data import EventCard, content
from rules.errors import Violation
from rules.event_targets import FORTIFICATION, MANEUVER, MISSION, SPLIT_TROOPS, option_targets
from rules.game import fallout
from rules.game.common import demolish_hq, fail, required, seat_label, unknown_territory
from rules.game.effects import EVENT_EFFECTS
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.missions import mission_name, replace_face_up
from rules.game.moves import Maneuver, MoveOption, ResolveEvent
from rules.game.rotation import finish_turn
from rules.game.state import GameState, territory_name
from rules.game.turn import maneuver_options, maneuver_problem
from rules.pack_words import option_with_after
from rules.rng import Rng
from rules.world_events import CityFortified, WorldEvent

EVENT_CHOICE = "event_choice"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _troops(count: int) -> str:
    return f"{count} troop{'' if count == 1 else 's'}"


# --- who chooses -------------------------------------------------------------------------------


def event_chooser(state: GameState) -> tuple[int | None, str]:
    """G-11/E-7: the one seat still in the game with the largest population, and words for the
    log; None when the top is tied (everyone at 0 included), so the event does nothing."""
    populations = {
        seat: state.population(seat)
        for seat, player in enumerate(state.seats)
        if not player.eliminated
    }
    best = max(populations.values(), default=0)
    leaders = [seat for seat, population in populations.items() if population == best]
    if best == 0:
        return None, "nobody controls a city, so nobody has the largest population"
    if len(leaders) > 1:
        names = _and([seat_label(state, seat) for seat in leaders])
        return None, f"{names} tie for the largest population ({best})"
    return leaders[0], f"{seat_label(state, leaders[0])} has the largest population ({best})"


Chooser = Callable[[GameState], tuple[int | None, str]]
CHOOSERS: dict[str, Chooser] = {"most_population": event_chooser}
"""A card's `chooser` kind -> who decides it and words for the log (None: nobody, so the card
does nothing). A pack whose cards name another chooser registers it here."""


@dataclass(frozen=True)
class ChoiceRules:
    """How the options of a kind of card (its `key`) are listed and carried out, for cards whose
    options are not the city troops, fortification, maneuver or mission handled below. Its
    `resolve` checks the answer, records the card and moves the game on (the turn ends)."""

    options: Callable[[GameState, int, EventCard], list[MoveOption]]
    resolve: Callable[[GameState, int, EventCard, ResolveEvent, list[GameEvent]], None]


CHOICE_RULES: dict[str, ChoiceRules] = {}
"""Event card key -> its own choice rules (registered by the module of its pack)."""


def card_on_table(state: GameState) -> EventCard:
    """The event card waiting on its chooser."""
    return content().event_cards[state.pending["card"]]  # type: ignore[index]


def _linked(state: GameState) -> bool:
    """The campaign's reading of Control the People's maneuver: M-3's path, or any two."""
    return box.setting(state.world, "control_people_maneuver") != "any"


# --- drawing a card ----------------------------------------------------------------------------


def _offer_choice(state: GameState, code: str, events: list[GameEvent]) -> None:
    """A card whose chooser picks an option: the game waits on them (or nothing on a tie)."""
    card = content().event_cards[code]
    seat, why = CHOOSERS.get(card.chooser or "", event_chooser)(state)
    if seat is None:
        # The card was still drawn: the campaign's history counts it, with nobody choosing.
        skipped = EventResolved(
            game=state.game_number, card=code, detail=f"skipped: {why}, so nothing happens"
        )
        state.world = skipped.apply(state.world)
        state.world_events = (*state.world_events, skipped)
        events.append(
            GameEvent(
                "event_skipped",
                f"Event: {card.name} — {why}: the event does nothing.",
                {"event": code, "rule": "E-7"},
            )
        )
        return
    # A chooser always has an open option: troops into a city (the largest population holds
    # one), or the pass the other choosers' cards offer.
    state.phase = EVENT_CHOICE
    state.pending = {"kind": EVENT_CHOICE, "card": code, "seat": seat}
    offered = " ".join(
        f"({n}) {option_with_after(option)}" for n, option in enumerate(card.options, 1)
    )
    events.append(
        GameEvent(
            "event_choice",
            f"Event: {card.name} — {why} and chooses one: {offered}",
            {"event": code, "seat": seat},
        )
    )


def _record(
    state: GameState,
    card: EventCard,
    option: str,
    seat: int | None,
    detail: str,
    events: list[GameEvent],
    *,
    marks: tuple[WorldEvent, ...] = (),
    territories: tuple[str, ...] = (),
) -> None:
    """Apply the world events of a resolved card (its marks, then the card itself, which may
    leave the box) and say what happened in the log. `territories` are where the chosen
    option went (`rules.event_targets`), as a logged game records them."""
    person = state.seats[seat].person if seat is not None else None
    resolved = EventResolved(
        game=state.game_number,
        card=card.code,
        option=option,
        person=person,
        detail=detail,
        territories=territories,
    )
    for event in (*marks, resolved):
        state.world = event.apply(state.world)
    state.world_events = (*state.world_events, *marks, resolved)
    destroyed = card.code in state.world.destroyed_box_cards
    events.append(
        GameEvent(
            "event_resolved",
            f"Event: {card.name} — {detail}" + ("; the card is destroyed." if destroyed else "."),
            {"event": card.code, "option": option, "seat": seat, "destroyed": destroyed},
        )
    )


def _knock_outs(state: GameState, had_troops: set[int], events: list[GameEvent]) -> None:
    """Seats the event emptied are knocked out, nobody conquering them (X-14); in turn order."""
    for seat in state.in_turn_order_from(state.current_seat):
        if seat in had_troops and state.troops_on_board(seat) == 0:
            knocked_out(state, seat, events, by=None)


def _with_troops(state: GameState) -> set[int]:
    return {owner for owner, _ in state.armies.values()}


def _resistance(state: GameState, code: str, events: list[GameEvent]) -> None:
    """Every Minor City territory held by 1 or 2 troops loses one, whoever holds it."""
    card = content().event_cards[code]
    had_troops = _with_troops(state)
    hit = []
    minors = [t for t, city in state.world.cities.items() if city.kind == "minor"]
    for territory in sorted(minors, key=territory_name):
        troops, holder = state.troops(territory), state.owner(territory)
        if holder is None or troops > 2:
            continue
        state.set_troops(territory, holder, troops - 1)
        left = "its last troop: it is left empty" if troops == 1 else "1 of its 2 troops"
        hit.append(f"{territory_name(territory)} ({seat_label(state, holder)}) loses {left}")
    detail = "; ".join(hit) if hit else "no Minor City territory is held by 1 or 2 troops"
    _record(state, card, "", None, detail, events)
    _knock_outs(state, had_troops, events)


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
    held.sort(key=lambda t: (order.index(state.owner(t)), territory_name(t)))  # type: ignore[arg-type]
    had_troops = _with_troops(state)
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
        sums = f"{natural} + {_troops(troops)}" + (" + 1 for the HQ" if hq else "")
        lost = min(natural, troops) if total < 6 else 0
        if total < 6:
            state.set_troops(territory, holder, troops - lost)
            outcome = f"loses {_troops(lost)}" + (" and its HQ is demolished" if hq else "")
            if hq:
                demolish_hq(state, territory)
        else:
            outcome = "holds"
        line = (
            f"{territory_name(territory)} ({seat_label(state, holder)}) rolls {sums} = {total}: "
            f"{outcome}"
        )
        lines.append(line)
        events.append(
            GameEvent(
                "riot_roll",
                f"Event: {card.name} — {line}.",
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
    detail = "; ".join(lines) if lines else "no Major City territory is held"
    _record(state, card, "", None, detail, events)
    _knock_outs(state, had_troops, events)


def _fallout(state: GameState, code: str, events: list[GameEvent]) -> None:
    """J172-J174: the fallout zone's land neighbours lose a die roll of troops each (Mutant
    troops spared), then the card is destroyed; with no fallout zone nobody loses troops."""
    card = content().event_cards[code]
    had_troops = _with_troops(state)
    detail = fallout.fallout_event(state, card.name, events)
    _record(state, card, "", None, detail or "there is no fallout zone, so nothing happens", events)
    _knock_outs(state, had_troops, events)


CARD_EFFECTS: dict[str, Callable[[GameState, str, list[GameEvent]], None]] = {
    "control_the_people": _offer_choice,
    "fortify": _offer_choice,
    "resistance": _resistance,
    "riots": _riots,
    "join_the_cause": _offer_choice,
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
        offered = " or ".join(repr(o.key) for o in card.options)
        return Violation("bad_event_option", f"{card.name} offers {offered}.", "E-7")
    if choice.effect == MISSION:
        if territories or mission not in state.mission_deck:
            return Violation(
                "event_mission", "Pick one mission of the mission deck, and no territory.", "E-8"
            )
        return None
    if mission:
        return Violation("event_mission", "This choice lays out no mission.", "E-7")
    if choice.effect == MANEUVER:
        return Violation(
            "event_maneuver",
            "To maneuver, say where from, where to and how many troops (a maneuver).",
            "M-3",
        )
    if choice.effect == FORTIFICATION and state.world.supplies_left()["fortification"] <= 0:
        return Violation(
            "no_fortification_left",
            "All 5 fortifications are used: take the other choice.",
            "C-10",
        )
    targets = option_targets(choice)
    if not targets.least <= len(territories) <= targets.most:
        if targets.repeats:
            many = f"a city territory for each of the {targets.most} troops (one may come twice)"
        else:
            many = "one city territory" if targets.most == 1 else "one or two city territories"
        return Violation("event_cities", f"Name {many} you control.", "E-7")
    if not targets.repeats and len(set(territories)) != len(territories):
        return Violation("event_cities", "Name two different city territories.", "E-7")
    unknown = unknown_territory(state.world, *territories)
    if unknown:
        return unknown
    for territory in territories:
        if territory not in state.world.cities:
            return Violation("no_city", f"{territory_name(territory)} has no city.", "E-7")
        if state.owner(territory) != seat:
            return Violation(
                "not_controlled", f"You do not control {territory_name(territory)}.", "E-7"
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
    places = _and([territory_name(t) for t in move.territories]) if move.territories else ""
    marks: tuple[WorldEvent, ...] = ()
    if choice.effect == MISSION:
        rng = Rng.resume(state.rng)
        old = replace_face_up(state, move.mission, rng)
        state.rng = rng.state
        detail = (
            f"{who} lays out {mission_name(move.mission)} in place of {mission_name(old)}, "
            "which is discarded; the mission deck is shuffled"
        )
    elif choice.effect == SPLIT_TROOPS:
        for territory in move.territories:
            state.set_troops(territory, seat, state.troops(territory) + 1)
        split = _and(
            [
                f"{_troops(move.territories.count(t))} into {territory_name(t)}"
                for t in dict.fromkeys(move.territories)
            ]
        )
        detail = f"{who} puts {split}"
    elif choice.effect == FORTIFICATION:
        territory = move.territories[0]
        marks = (
            CityFortified(
                territory=territory, person=state.seats[seat].person, game=state.game_number
            ),
        )
        city = state.world.cities[territory].name
        detail = f"{who} fortifies {city} in {places}"
    else:
        for territory in move.territories:
            state.set_troops(territory, seat, state.troops(territory) + choice.troops)
        each = " each" if len(move.territories) > 1 else ""
        detail = f"{who} puts {_troops(choice.troops)}{each} into {places}"
    _record(
        state, card, move.option, seat, detail, events, marks=marks, territories=move.territories
    )
    finish_turn(state, events)


def event_maneuver(state: GameState, seat: int, move: Maneuver, events: list[GameEvent]) -> None:
    """Control the People's second option: one maneuver now, on top of the turn's own (M-2)."""
    card = card_on_table(state)
    option = next((o.key for o in card.options if o.effect == MANEUVER), None)
    if option is None:
        fail("no_event_maneuver", f"{card.name} offers no maneuver.", "E-7")
    low, high = required(
        maneuver_problem(state, seat, move.origin, move.target, extra=True, linked=_linked(state))
    )
    if not low <= move.count <= high:
        fail("maneuver_count", f"You can move {low} to {high} troops; 1 stays behind.", "M-3")
    state.set_troops(move.origin, seat, state.troops(move.origin) - move.count)
    state.set_troops(move.target, seat, state.troops(move.target) + move.count)
    detail = (
        f"{seat_label(state, seat)} maneuvers {_troops(move.count)} from "
        f"{territory_name(move.origin)} to {territory_name(move.target)}"
    )
    _record(state, card, option, seat, detail, events, territories=(move.origin, move.target))
    finish_turn(state, events)
