"""Comeback powers (Pack 2, rules addition E, X-15): who owes a pick, the pick itself, and the
powers that act through the engine's steps: Mobile moves an HQ, Stealthy sends recruits into
empty land, Well-Armed sharpens attacks on HQs, Resourceful earns cards from cities.
(Convincing lives with the Mercenary scar, Well-Supplied with Ammo Shortage.)

A knock-out or an elimination only notes the seat in `GameState.comeback_due`; once the move
that caused it is done, `raise_owed_picks` asks for the pick, beneath any pack still to be
opened (the pack that holds the powers comes first). So the pick never cuts a conquest, an
end of turn or the start of a turn in half, and nothing is asked once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import board_links, box
from rules.data import rules_content
from rules.errors import IllegalMove, Violation
from rules.game import weaknesses
from rules.game.attack_phases import EXPAND_ATTACK
from rules.game.common import OPEN_PACK, fail, record_power_pick, seat_label, unknown_territory
from rules.game.effects import CARD_EARNING_EFFECTS, Roll, die_modifier, has_effect
from rules.game.events import GameEvent
from rules.game.knockout import KNOCKOUT_HOOKS
from rules.game.moves import ChooseComebackPower, MoveHQ, MoveOption, PlaceStealthily
from rules.game.state import GameState, changed, territory_name
from rules.names import territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy, listed
from rules.world import World
from rules.world_events import GameIncident
from rules.world_events.pack_cards import ComebackPowerChosen

COMEBACK_PICK = "comeback_pick"
"""Phase: knocked-out or eliminated factions' players pick comeback powers, in turn."""

MOBILE = "move_hq_at_turn_start"
STEALTHY = "recruits_into_empty_territory"
WELL_ARMED = "attack_plus_one_against_hq"
RESOURCEFUL = "card_for_city_expansion"


# --- who owes a pick -----------------------------------------------------------------------------


def _may_pick(state: GameState, seat: int) -> bool:
    """G-3: a faction holds at most one comeback power, and only while the sheet has one; a
    pack faction's card prints its own blue power."""
    faction = state.seats[seat].faction
    return faction is not None and _blue_slot_free(state.world, faction)


def _blue_slot_free(world: World, faction: str) -> bool:
    card = rules_content().factions.get(faction)
    return (
        card is not None
        and card.slot_open("blue")
        and faction not in world.comeback_powers
        and bool(box.comeback_powers_left(world))
    )


def owe_pick(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """X-15 (rules addition E): a faction without a comeback power that is knocked out or
    eliminated picks one at once. Pack 2's opening makes the rule active, so the faction
    whose elimination opened it picks too."""
    if not box.comeback_rule_active(state.world) or seat in state.comeback_due:
        return
    if _may_pick(state, seat):
        state.comeback_due = (*state.comeback_due, seat)


KNOCKOUT_HOOKS.append(owe_pick)


def _beneath_packs(
    phase: str, pending: dict[str, Any] | None, seats: list[int]
) -> tuple[str, dict[str, Any]]:
    """The decision chain with the picks added under any pack waiting to be opened."""
    if phase == OPEN_PACK:
        assert pending is not None
        inner_phase, inner = _beneath_packs(
            pending["resume_phase"], pending["resume_pending"], seats
        )
        return OPEN_PACK, {**pending, "resume_phase": inner_phase, "resume_pending": inner}
    if phase == COMEBACK_PICK:
        assert pending is not None
        waiting = pending["seats"]
        return phase, {**pending, "seats": [*waiting, *(s for s in seats if s not in waiting)]}
    return COMEBACK_PICK, {
        "kind": "comeback_pick",
        "seats": seats,
        "resume_phase": phase,
        "resume_pending": pending,
    }


def raise_owed_picks(state: GameState, events: list[GameEvent]) -> None:
    """Ask the seats owed a pick, now that the move that knocked them out is done. A game
    that just ended asks nothing: its picks are for the campaign log to record."""
    if not state.comeback_due or state.is_over:
        return
    seats = [s for s in state.comeback_due if _may_pick(state, s)]
    state.comeback_due = ()
    if not seats:
        return
    state.phase, state.pending = _beneath_packs(state.phase, state.pending, seats)
    names = listed(seat_label(state, s) for s in seats)
    events.append(
        GameEvent(
            "comeback_due",
            gettext_lazy("%(players)s must pick a comeback power for their faction (X-15).")
            % {"players": names},
            {"seats": seats},
        )
    )


def owed_at_game_end(world: World, eliminated: Sequence[str]) -> list[str]:
    """X-15 and C100 as a game ends: each faction it eliminated (END-2) that still lacks a
    comeback power picks one, while rule E is in force (Pack 2 open, perhaps by this very
    game) and the sheet lasts. The engine asks nothing once a game is over
    (`raise_owed_picks`), so these picks are made as the game is recorded; `world` is the
    world with the game recorded, `eliminated` the factions in table order."""
    if not box.comeback_rule_active(world) or not box.comeback_powers_left(world):
        return []
    return [faction for faction in eliminated if _blue_slot_free(world, faction)]


def comeback_picker(state: GameState) -> int:
    return state.pending["seats"][0]  # type: ignore[index]


def choose_comeback_power(
    state: GameState, seat: int, move: ChooseComebackPower, events: list[GameEvent]
) -> None:
    """The power goes into the faction's blue slot for good (a world event); then the next
    seat owed a pick chooses, or play resumes where it stopped."""
    left = {p.key: p for p in box.comeback_powers_left(state.world)}
    if move.power not in left:
        names = listed(p.name for p in left.values())
        fail(
            "power_not_left",
            _("Choose one of the comeback powers left: %(powers)s.") % {"powers": names},
            "X-15",
        )
    faction = state.seats[seat].faction
    assert faction is not None
    chosen = ComebackPowerChosen(
        faction=faction, power=move.power, person=state.seats[seat].person, game=state.game_number
    )
    words = ("comeback_power_chosen", left[move.power].name)
    record_power_pick(state, seat, chosen, words, events, _may_pick)


def comeback_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(ChooseComebackPower(p.key)) for p in box.comeback_powers_left(state.world)]


# --- Mobile: an HQ moves (the one exception to G-18) ---------------------------------------------


def hq_move_problem(state: GameState, seat: int, origin: str, target: str) -> Violation | None:
    """Why this HQ may not move now, or None."""
    if not has_effect(state, seat, MOBILE):
        return Violation("hq_never_moves", _("HQs never move."), "G-18")
    unknown = unknown_territory(state.world, origin, target)
    if unknown:
        return unknown
    if state.turn.hq_moved:
        return Violation("hq_moved", _("You have already moved an HQ this turn."), "G-18")
    if origin not in state.hqs or state.owner(origin) != seat:
        return Violation(
            "hq_not_controlled", _("Move an HQ standing in a territory you control."), "G-18"
        )
    if not board_links.adjacent(state.world, origin, target):
        return Violation(
            "not_adjacent",
            _("%(target)s is not adjacent to %(origin)s.")
            % {"target": territory_name(target), "origin": territory_name(origin)},
            "G-12",
        )
    if state.owner(target) != seat:
        return Violation("not_controlled", _("The HQ moves into a territory you control."), "G-18")
    if target in state.hqs:
        return Violation(
            "hq_there",
            _("%(territory)s already holds an HQ.") % {"territory": territory_name(target)},
            "G-18",
        )
    return None


def move_hq(state: GameState, seat: int, move: MoveHQ, events: list[GameEvent]) -> None:
    problem = hq_move_problem(state, seat, move.origin, move.target)
    if problem:
        raise IllegalMove.from_violation(problem)
    state.set_hq(move.target, state.hqs[move.origin])
    state.set_hq(move.origin, None)
    state.turn = changed(state.turn, hq_moved=True)
    moved = GameIncident(
        game=state.game_number,
        incident="hq_moved",
        person=state.seats[seat].person,
        detail=f"{move.origin}>{move.target}",
    )
    state.world_events = (*state.world_events, moved)
    events.append(
        GameEvent(
            "hq_moved",
            gettext_lazy("%(player)s moves the HQ in %(origin)s to %(target)s.")
            % {
                "player": seat_label(state, seat),
                "origin": territory_word(move.origin),
                "target": territory_word(move.target),
            },
            {"seat": seat, "origin": move.origin, "target": move.target},
        )
    )


def mobile_options(state: GameState, seat: int) -> list[MoveOption]:
    """Every HQ move the checks allow, from the HQs standing in its territories."""
    if state.turn.hq_moved or not has_effect(state, seat, MOBILE):
        return []
    return [
        MoveOption(MoveHQ(origin, target))
        for origin in sorted(state.hqs)
        if state.owner(origin) == seat
        for target in sorted(board_links.neighbours(state.world, origin))
        if hq_move_problem(state, seat, origin, target) is None
    ]


# --- Stealthy: recruits into one empty territory -------------------------------------------------


def stealth_problem(state: GameState, seat: int, territory: str) -> Violation | None:
    """Why recruits may not be sent into `territory`, or None."""
    if not has_effect(state, seat, STEALTHY):
        return Violation(
            "not_controlled", _("Recruits go only to territories you control."), "T-13"
        )
    if state.turn.stealth_territory is not None:
        return Violation(
            "stealth_used",
            _("You have already sent recruits into an empty territory this turn."),
            "T-13",
        )
    unknown = unknown_territory(state.world, territory)
    if unknown:
        return unknown
    if state.occupied(territory):
        return Violation(
            "not_empty",
            _("%(territory)s is not empty (troops or an HQ).")
            % {"territory": territory_name(territory)},
            "G-7",
        )
    if state.world.is_marked(territory):
        return Violation(
            "marked",
            _("%(territory)s carries a mark (a city or a scar).")
            % {"territory": territory_name(territory)},
            "G-1",
        )
    return weaknesses.placement_problem(state, seat, territory)  # Cautious (K194s)


def place_stealthily(
    state: GameState, seat: int, move: PlaceStealthily, events: list[GameEvent]
) -> None:
    """Placement, not expansion: no city losses (an unmarked territory has no city) and no
    card earned; the faction controls the territory from now on."""
    problem = stealth_problem(state, seat, move.territory)
    if problem:
        raise IllegalMove.from_violation(problem)
    left = state.turn.recruits_left
    if not 1 <= move.count <= left:
        fail("place_count", _("You have %(count)s troops left to place.") % {"count": left}, "T-13")
    state.set_troops(move.territory, seat, move.count)
    state.turn = changed(
        state.turn, recruits_left=left - move.count, stealth_territory=move.territory
    )
    weaknesses.note_placement(state, seat, move.territory)
    events.append(
        GameEvent(
            "troops_placed",
            gettext_lazy("%(player)s slips %(count)s troop(s) into the empty %(territory)s.")
            % {
                "player": seat_label(state, seat),
                "count": move.count,
                "territory": territory_word(move.territory),
            },
            {"seat": seat, "territory": move.territory, "count": move.count, "stealthy": True},
        )
    )
    if left == move.count:
        state.phase = EXPAND_ATTACK


def stealth_targets(state: GameState, seat: int) -> list[str]:
    if state.turn.stealth_territory is not None or not has_effect(state, seat, STEALTHY):
        return []
    return [
        t
        for t in sorted(board_links.territories(state.world))
        if stealth_problem(state, seat, t) is None
    ]


def stealth_options(state: GameState, seat: int) -> list[MoveOption]:
    left = state.turn.recruits_left
    return [MoveOption(PlaceStealthily(t, 1), 1, left) for t in stealth_targets(state, seat)]


# --- Well-Armed and Resourceful ------------------------------------------------------------------


@die_modifier(WELL_ARMED)
def well_armed(roll: Roll, holder: int | None) -> None:
    """+1 on each attack die (capped at 6, X-8(1)) when the attacked territory holds an HQ:
    any HQ, or only another faction's, as the campaign reads the card (a setting)."""
    state = roll.state
    hq_of = state.hqs.get(roll.target)
    if holder != roll.attacker or hq_of is None:
        return
    if box.setting(state.world, "well_armed_hq") == "enemy" and hq_of == roll.attacker:
        return
    roll.attack = [min(6, value + 1) for value in roll.attack]
    roll.notes.append(_("Well-Armed: +1 on each attack die against an HQ"))


CARD_EARNING_EFFECTS[RESOURCEFUL] = lambda state, seat: state.turn.expanded_into_city
