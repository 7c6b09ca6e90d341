"""Weakness scars in the yellow slot of a faction card (Pocket 2, G-4): the Alien Collaborator
(K180s) and the five weakness cards (K194s-K198s). Each acts for the seat playing the faction
that carries it; the engine's steps ask here, so a weakness is one small rule per step.
"""

from __future__ import annotations

from rules import board_links, box
from rules.errors import Violation
from rules.game.common import joined
from rules.game.effects import EXPANSION_COST_EFFECTS, ExpansionCostEffect, has_effect
from rules.game.events import GameEvent
from rules.game.state import GameState, changed, territory_name
from rules.words import gettext as _
from rules.words import gettext_lazy

COLLABORATOR = "collaborator"
CAUTIOUS = "recruits_in_two_territories"
PURIST = "two_coin_cards_face_up"
SHORT_SIGHTED = "maneuver_to_neighbour"
UNPOPULAR = "city_expansion_plus_one"
PRIMITIVE = "population_ignored"

COLLABORATOR_CITY_COST = 2
UNPOPULAR_CITY_COST = 1
CAUTIOUS_TERRITORIES = 2
PURIST_COIN_CARDS = 2
COIN = "coin"


def trade_in_bonus(state: GameState, seat: int) -> int:
    """K180s: the Collaborator's trade-ins count one coin more than its cards show (T-11)."""
    return 1 if has_effect(state, seat, COLLABORATOR) else 0


def _city_surcharge(troops: int) -> ExpansionCostEffect:
    """An expansion into an empty city costs `troops` more (X-3, X-4); a ruin is no city."""

    def surcharge(state: GameState, target: str) -> int:
        return troops if target in state.world.cities else 0

    return surcharge


EXPANSION_COST_EFFECTS[COLLABORATOR] = _city_surcharge(COLLABORATOR_CITY_COST)  # K180s
EXPANSION_COST_EFFECTS[UNPOPULAR] = _city_surcharge(UNPOPULAR_CITY_COST)  # K197s


def counted_population(state: GameState, seat: int) -> int:
    """The population in the recruit count (T-8); Primitive (K198s) counts none."""
    return 0 if has_effect(state, seat, PRIMITIVE) else state.population(seat)


def placement_problem(state: GameState, seat: int, territory: str) -> Violation | None:
    """Cautious (K194s): this turn's recruits land in 1 or 2 territories, never a third."""
    placed = state.turn.placed_in
    if not has_effect(state, seat, CAUTIOUS) or territory in placed:
        return None
    if len(placed) >= CAUTIOUS_TERRITORIES:
        return Violation(
            "cautious",
            _("A Cautious faction places its recruits in 1 or 2 territories only: %(territories)s.")
            % {"territories": joined([territory_name(t) for t in placed])},
            "T-13",
        )
    return None


def note_placement(state: GameState, seat: int, territory: str) -> None:
    """Remember where a Cautious faction's recruits went this turn (no other reads it). A
    weakness card is played only in its holder's own turn, never while they place, so a seat
    placing is Cautious from its first placement or not at all."""
    if has_effect(state, seat, CAUTIOUS) and territory not in state.turn.placed_in:
        state.turn = changed(state.turn, placed_in=(*state.turn.placed_in, territory))


def narrows_maneuvers(state: GameState, seat: int) -> bool:
    """Whether `maneuver_reach_problem` may refuse any maneuver of this seat now."""
    return has_effect(state, seat, SHORT_SIGHTED)


def maneuver_reach_problem(
    state: GameState, seat: int, origin: str, target: str
) -> Violation | None:
    """Short Sighted (K196s): a maneuver ends next to the territory the troops leave. It only
    narrows a maneuver, so it holds even against a power that widens one (CONF-1)."""
    if not has_effect(state, seat, SHORT_SIGHTED) or board_links.adjacent(
        state.world, origin, target
    ):
        return None
    return Violation(
        "short_sighted",
        _(
            "A Short Sighted faction maneuvers only next door: %(target)s does not border "
            "%(origin)s."
        )
        % {"target": territory_name(target), "origin": territory_name(origin)},
        "M-3",
    )


def coin_cards(state: GameState, seat: int) -> int:
    return state.seats[seat].cards.count(COIN)


def may_take_coin(state: GameState, seat: int) -> bool:
    """Purist (K195s) holds at most 2 coin cards. With the campaign's reading `cannot_take`
    a third is never taken; with `returns_one` it is taken and one goes back (`trim_coins`)."""
    if not has_effect(state, seat, PURIST) or coin_cards(state, seat) < PURIST_COIN_CARDS:
        return True
    return box.setting(state.world, "purist_third_coin") != "cannot_take"


def trim_coins(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """Purist (K195s): coin cards beyond 2 go back face up onto the coin pile."""
    if not has_effect(state, seat, PURIST):
        return
    extra = coin_cards(state, seat) - PURIST_COIN_CARDS
    if extra <= 0:
        return
    hand = list(state.seats[seat].cards)
    for _coin in range(extra):
        hand.remove(COIN)
    state.set_seat(seat, cards=tuple(hand))
    state.coin_pile += extra
    events.append(
        GameEvent(
            "coin_cards_returned",
            gettext_lazy("%(player)s is Purist and returns %(count)s coin card(s) to the pile.")
            % {"player": state.seats[seat].name, "count": extra},
            {"seat": seat, "count": extra},
        )
    )
