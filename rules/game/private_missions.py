"""Private missions (Pack 4, rules addition E124s, cards E127s-E132s): their conditions, and
the mission a faction keeps in the red slot of its card, completed once a game.

A private mission in the mission deck is claimed like any mission (`missions`); what differs
is where its card goes (`rules.world_events.red_slots.into_red_slot`). The conditions read what the
turn did, kept in `TurnFlags`: the cards of the recruiting trade-in, the hands of the players
knocked out, and the continents held as the turn began (remembered until the claim).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import box
from rules.content_records import Mission
from rules.data import content, rules_board
from rules.errors import IllegalMove, Violation
from rules.game.common import check_win, seat_label
from rules.game.draws import COIN
from rules.game.events import GameEvent
from rules.game.missions import condition, met
from rules.game.moves import ClaimSlotMission, MoveOption
from rules.game.rotation import finish_turn
from rules.game.state import GameState
from rules.names import faction_word
from rules.words import gettext as _
from rules.words import ngettext
from rules.world_events.red_slots import PrivateMissionStuck, SlotMissionClaimed

SLOT_STARS = 1
"""E124s: a mission completed from the red slot is worth 1 Red Star."""

SLOT_STARS_READINGS: dict[str, Callable[[GameState], int]] = {}
"""Printed mission code -> its Red Stars as the campaign reads them, where the sources disagree
(K-ALN); any other printed mission gives the stars its data says."""


# --- the conditions (PACKS §4, E127s-E132s) ---------------------------------------------------


@condition("trade_in_rich_cards")
def _trade_in_rich_cards(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Advanced Tactics: this turn's recruiting trade-in held this many territory cards that
    each show this many coins or more."""
    rich = [c for c in state.turn.trade_in if c != COIN and state.card_coins(c) >= params["coins"]]
    return len(rich) >= params["cards"]


@condition("trade_in_coins")
def _trade_in_coins(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Advanced Training: this turn's trade-in for troops was worth this many coins or more."""
    return sum(state.card_coins(c) for c in state.turn.trade_in) >= params["coins"]


@condition("knockout_with_cards")
def _knockout_with_cards(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Forced Occupation: a conquest this turn knocked out (or eliminated) a player holding
    this many resource cards or more."""
    return any(cards >= params["cards"] for cards in state.turn.knockout_hands)


@condition("scarred_territories_held")
def _scarred_territories_held(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Guerilla Warfare: hold at once every territory carrying a live scar of these kinds. With
    none on the board, the campaign's reading decides (not claimable unless it says so)."""
    kinds = set(params["scars"])
    scarred = [
        territory
        for territory, scar in state.world.scars.items()
        if scar.kind in kinds and not scar.cancelled
    ]
    if not scarred:
        return box.setting(state.world, "guerilla_warfare_no_scars") == "claimable"
    return all(state.owner(t) == seat for t in scarred)


@condition("capital_and_majors")
def _capital_and_majors(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Urban Troop Surge: hold the World Capital and this many Major Cities."""
    cities = state.world.cities
    kinds = [cities[t].kind for t in state.controlled(seat) if t in cities]
    return "capital" in kinds and kinds.count("major") >= params["majors"]


@condition("continents_at_turn_start")
def _continents_at_turn_start(state: GameState, seat: int, params: Mapping[str, Any]) -> bool:
    """Wide Border: this many whole continents held as the turn began; with the campaign's
    `wide_border_hold` reading "still_held", only those still held whole now count."""
    held = list(state.turn.continents_at_start)
    if box.setting(state.world, "wide_border_hold") == "still_held":
        continents = rules_board().continents
        held = [c for c in held if all(state.owner(t) == seat for t in continents[c].territories)]
    return len(held) >= params["count"]


# --- the red slot -----------------------------------------------------------------------------


def slot_code(state: GameState, seat: int) -> str | None:
    """The mission in the red slot of the seat's faction card that the rules let it complete:
    one a pack faction's card prints (J165: once a game, with or without Pack 4), or a private
    mission stuck there (E124s, once Pack 4's addition is in the box)."""
    faction = state.seats[seat].faction
    if faction is None:
        return None
    if box.printed_mission(faction) is None and not box.private_missions_active(state.world):
        return None
    return box.red_slot(state.world, faction)


def slot_mission(state: GameState, seat: int) -> Mission | None:
    """The mission in the red slot of the seat's faction card, if it may be completed in this
    game: there before this game began, and not completed yet this game."""
    faction = state.seats[seat].faction
    code = slot_code(state, seat)
    if code is None:
        return None
    for event in state.world_events:
        if isinstance(event, PrivateMissionStuck | SlotMissionClaimed) and event.faction == faction:
            return None
    return content().missions.get(code)


def slot_claimable(state: GameState, seat: int) -> bool:
    """The seat ending its turn has met the mission in its red slot, usable this game."""
    mission = slot_mission(state, seat)
    return mission is not None and met(state, seat, mission.code)


def slot_claim_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(ClaimSlotMission())] if slot_claimable(state, seat) else []


def slot_claim_problem(state: GameState, seat: int) -> Violation | None:
    code = slot_code(state, seat)
    if code is None:
        return Violation(
            "no_slot_mission", _("Your faction card holds no mission to claim."), "E-8"
        )
    if slot_mission(state, seat) is None:
        return Violation(
            "slot_mission_used",
            _(
                "The mission in your red slot counts once a game, and from the game after it "
                "went there."
            ),
            "E-8",
        )
    if not met(state, seat, code):
        return Violation(
            "mission_not_met", _("You have not met the mission in your red slot."), "E-8"
        )
    return None


def slot_stars(state: GameState, mission: Mission) -> int:
    """The Red Stars a mission completed from the red slot gives: 1 for a private mission
    (E124s); a faction card's printed mission, what the card says (or the campaign's reading)."""
    if mission.faction is None:
        return SLOT_STARS
    reading = SLOT_STARS_READINGS.get(mission.code)
    return reading(state) if reading is not None else mission.stars


def claim_slot_mission(
    state: GameState, seat: int, move: ClaimSlotMission, events: list[GameEvent]
) -> None:
    """E124s and E-8: instead of a card, and instead of the face-up mission (a claim ends the
    turn, so never both), the mission in the red slot earns its Red Stars (`slot_stars`); it
    stays in the slot."""
    problem = slot_claim_problem(state, seat)
    if problem is not None:
        raise IllegalMove.from_violation(problem)
    mission = slot_mission(state, seat)
    faction = state.seats[seat].faction
    assert mission is not None and faction is not None
    claimed = SlotMissionClaimed(
        game=state.game_number,
        faction=faction,
        mission=mission.code,
        person=state.seats[seat].person,
    )
    problems = claimed.check(state.world)
    if problems:
        raise IllegalMove.from_violation(problems[0])
    state.world = claimed.apply(state.world)
    state.world_events = (*state.world_events, claimed)
    stars = slot_stars(state, mission)
    state.set_seat(seat, red_star_tokens=state.seats[seat].red_star_tokens + stars)
    reward = ngettext("a Red Star", "%(count)s Red Stars", stars) % {"count": stars}
    words = (
        _(
            "%(player)s completes the mission %(mission)s from the red slot of %(faction)s "
            "for %(stars)s; it stays in the slot."
        )
        if mission.faction
        else _(
            "%(player)s completes the private mission %(mission)s from the red slot of "
            "%(faction)s for %(stars)s; it stays in the slot."
        )
    )
    events.append(
        GameEvent(
            "slot_mission_claimed",
            words
            % {
                "player": seat_label(state, seat),
                "mission": mission.name,
                "faction": faction_word(faction),
                "stars": reward,
            },
            {"seat": seat, "faction": faction, "mission": mission.code, "reward": stars},
        )
    )
    if check_win(state, events, seat):
        return
    finish_turn(state, events)
