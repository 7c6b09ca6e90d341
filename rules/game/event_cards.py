"""Event cards (E-7) as every pack's cards use them: who chooses (a pack may register its own
chooser), the choice rules a pack registers for its cards, a card put before its chooser, and a
resolved card's record (its world events applied, a line in the log) with the knock-outs the
card causes. Pack 1's and Pack 3's own cards are `rules.game.pack_events`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.content_records import EventCard
from rules.data import content
from rules.game.common import seat_label
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.moves import MoveOption, ResolveEvent
from rules.game.state import GameState
from rules.pack_words import option_with_after
from rules.words import gettext as _
from rules.words import gettext_lazy, listed
from rules.world_events import WorldEvent
from rules.world_events.pack_cards import EventResolved

EVENT_CHOICE = "event_choice"


def and_words(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("%(names)s and %(name)s") % {"names": listed(words[:-1]), "name": words[-1]}


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
        return None, _("nobody controls a city, so nobody has the largest population")
    if len(leaders) > 1:
        names = and_words([seat_label(state, seat) for seat in leaders])
        return None, _("%(players)s tie for the largest population (%(population)s)") % {
            "players": names,
            "population": best,
        }
    return leaders[0], _("%(player)s has the largest population (%(population)s)") % {
        "player": seat_label(state, leaders[0]),
        "population": best,
    }


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


def offer_choice(state: GameState, code: str, events: list[GameEvent]) -> None:
    """A card whose chooser picks an option: the game waits on them (or nothing on a tie)."""
    card = content().event_cards[code]
    seat, why = CHOOSERS.get(card.chooser or "", event_chooser)(state)
    if seat is None:
        # The card was still drawn: the campaign's history counts it, with nobody choosing.
        skipped = EventResolved(
            game=state.game_number,
            card=code,
            detail=_("skipped: %(why)s, so nothing happens") % {"why": why},
        )
        state.world = skipped.apply(state.world)
        state.world_events = (*state.world_events, skipped)
        events.append(
            GameEvent(
                "event_skipped",
                gettext_lazy("Event: %(card)s — %(why)s: the event does nothing.")
                % {"card": card.name, "why": why},
                {"event": code, "rule": "E-7"},
            )
        )
        return
    # A chooser always has an open option: troops into a city (the largest population holds
    # one), or the pass the other choosers' cards offer.
    state.phase = EVENT_CHOICE
    state.pending = {"kind": EVENT_CHOICE, "card": code, "seat": seat}
    offered = listed(
        (
            _("(%(number)s) %(option)s") % {"number": n, "option": option_with_after(option)}
            for n, option in enumerate(card.options, 1)
        ),
        " ",
    )
    events.append(
        GameEvent(
            "event_choice",
            gettext_lazy("Event: %(card)s — %(why)s and chooses one: %(options)s")
            % {"card": card.name, "why": why, "options": offered},
            {"event": code, "seat": seat},
        )
    )


def record_resolved(
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
            (
                gettext_lazy("Event: %(card)s — %(detail)s; the card is destroyed.")
                if destroyed
                else gettext_lazy("Event: %(card)s — %(detail)s.")
            )
            % {"card": card.name, "detail": detail},
            {"event": card.code, "option": option, "seat": seat, "destroyed": destroyed},
        )
    )


def knock_outs(state: GameState, had_troops: set[int], events: list[GameEvent]) -> None:
    """Seats the event emptied are knocked out, nobody conquering them (X-14); in turn order."""
    for seat in state.in_turn_order_from(state.current_seat):
        if seat in had_troops and not state.holds_territory(seat):
            knocked_out(state, seat, events, by=None)


def with_troops(state: GameState) -> set[int]:
    return {owner for owner, _ in state.armies.values()}
