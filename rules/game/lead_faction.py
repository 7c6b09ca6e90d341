"""The lead faction (Pack 4, rules addition E125s, with E126s and story cards E122-E123): who
leads a game, its 3 troops in the World Capital, and its choice of the face-up mission.

The lead faction is worked out from the backs of the faction cards (`World.wins`), so it
needs no record of its own; its choice of mission is recorded as a `LeadMissionChosen` world
event. The choice waits on the lead faction's player at the end of setup, before the first
turn, and, when Pack 4 opens mid-game, once the pack is open (the turn after the claim has
begun by then and resumes afterwards).
"""

from __future__ import annotations

from rules import box
from rules.data import content
from rules.errors import IllegalMove, Violation
from rules.game.bringer import give_bringer_missiles
from rules.game.common import seat_label
from rules.game.events import GameEvent
from rules.game.moves import ChooseMission, MoveOption
from rules.game.rotation import begin_turn
from rules.game.state import GAME_OVER, GameState, territory_name
from rules.lead_faction import lead_among
from rules.names import faction_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world_events.red_slots import LeadMissionChosen

LEAD_MISSION = "lead_mission"
CAPITAL_TROOPS = 3
"""E126s: the lead faction's troops in the World Capital, on top of its usual start."""
PACK = "pack_4"


def lead_seat(state: GameState) -> tuple[int | None, str]:
    """E125s: the seat of this game's lead faction (`rules.lead_faction`), and words for the
    log; None when no faction leads."""
    lead = lead_among(state.world, (player.faction for player in state.seats))
    if lead.faction is None:
        return None, lead.why
    seat = next(s for s, player in enumerate(state.seats) if player.faction == lead.faction)
    return seat, lead.why


def lead_faction(state: GameState) -> str | None:
    """The faction key of this game's lead faction, or None (also before Pack 4 is open)."""
    if not box.lead_faction_active(state.world):
        return None
    return lead_among(state.world, (player.faction for player in state.seats)).faction


# --- at the end of setup ---------------------------------------------------------------------


def begin_play(state: GameState, first: int, events: list[GameEvent]) -> None:
    """The last step of setup. With E125s in the box: name the lead faction, put its 3 troops
    in the World Capital (E126s; the capital is never a legal start, S-7, so nobody stands
    there yet), and let it choose the first face-up mission; then `first` takes the first
    turn. With no lead faction the capital starts empty and the top mission stays face up.
    Before all that, the Bringer of Nuclear Fire takes its extra missiles (Pocket 1)."""
    give_bringer_missiles(state, events)
    if not box.lead_faction_active(state.world):
        begin_turn(state, first, events)
        return
    seat, why = lead_seat(state)
    capital = state.world.capital
    troops = 0
    chooses = seat is not None and _to_choose_from(state) > 1
    if seat is not None and capital is not None and box.capital_rule_active(state.world):
        troops = CAPITAL_TROOPS
        state.set_troops(capital, seat, troops)
        words = (
            _(
                "%(why)s; it begins with %(count)s troops in the World Capital (%(territory)s) "
                "and it chooses the face-up mission."
            )
            if chooses
            else _("%(why)s; it begins with %(count)s troops in the World Capital (%(territory)s).")
        )
    elif capital is not None:
        words = (
            _("%(why)s; the World Capital begins empty and it chooses the face-up mission.")
            if chooses
            else _("%(why)s; the World Capital begins empty.")
        )
    else:
        words = _("%(why)s and it chooses the face-up mission.") if chooses else _("%(why)s.")
    text = words % {
        "why": why,
        "count": troops,
        "territory": territory_name(capital) if capital is not None else "",
    }
    events.append(
        GameEvent(
            "lead_faction",
            text,
            {
                "seat": seat,
                "faction": state.seats[seat].faction if seat is not None else None,
                "territory": capital if troops else None,
                "troops": troops,
                "rule": "E-10",
            },
        )
    )
    if not chooses:
        begin_turn(state, first, events)
        return
    assert seat is not None
    if state.mission is not None:
        state.mission_deck = (state.mission, *state.mission_deck)
        state.mission = None
    state.phase = LEAD_MISSION
    state.pending = {"kind": LEAD_MISSION, "seat": seat, "first": first}


def _to_choose_from(state: GameState) -> int:
    return len(state.mission_deck) + (state.mission is not None)


# --- when Pack 4 opens mid-game ---------------------------------------------------------------


def open_mid_game(state: GameState, events: list[GameEvent]) -> int | None:
    """Story cards E122-E123 as Pack 4 opens after its mark was placed: its private missions
    are shuffled into the mission deck now; returns the seat of the lead faction, which
    chooses the next face-up mission, or None (no lead faction, or it is out of the game:
    the top card is turned up). With the campaign's `capital_opening_game` reading
    "lead_troops", the lead faction's 3 troops go into an empty capital at once."""
    rng = Rng.resume(state.rng)
    new = [m.code for m in box.mission_deck(state.world) if m.pack == PACK]
    state.mission_deck = tuple(rng.shuffled([*state.mission_deck, *new]))
    state.rng = rng.state
    events.append(
        GameEvent(
            "missions_shuffled_in",
            gettext_lazy("%(count)s private missions are shuffled into the mission deck.")
            % {"count": len(new)},
            {"missions": len(new), "deck": len(state.mission_deck)},
        )
    )
    if not box.lead_faction_active(state.world):
        return None
    seat, why = lead_seat(state)
    if seat is None or state.seats[seat].eliminated:
        out = _("%(why)s, but it is out of this game.") if seat is not None else _("%(why)s.")
        data = {"seat": None, "faction": None, "rule": "E-10"}
        events.append(GameEvent("lead_faction", out % {"why": why}, data))
        return None
    capital = state.world.capital
    words = _("%(why)s; it chooses the next face-up mission once the pack is open.")
    if (
        box.setting(state.world, "capital_opening_game") == "lead_troops"
        and capital is not None
        and not state.occupied(capital)
    ):
        state.set_troops(capital, seat, CAPITAL_TROOPS)
        words = _(
            "%(why)s; its %(count)s troops go into the empty World Capital now; it chooses the "
            "next face-up mission once the pack is open."
        )
    events.append(
        GameEvent(
            "lead_faction",
            words % {"why": why, "count": CAPITAL_TROOPS},
            {"seat": seat, "faction": state.seats[seat].faction, "rule": "E-10"},
        )
    )
    return seat


def ask_to_choose(state: GameState, seat: int) -> None:
    """Play waits on the lead faction's choice, then resumes where it is now."""
    if state.phase == GAME_OVER:
        return
    state.pending = {
        "kind": LEAD_MISSION,
        "seat": seat,
        "resume_phase": state.phase,
        "resume_pending": state.pending,
    }
    state.phase = LEAD_MISSION


# --- the choice ------------------------------------------------------------------------------


def choice_problem(state: GameState, mission: str) -> Violation | None:
    if mission not in state.mission_deck:
        return Violation("lead_mission", _("Choose one mission of the mission deck."), "E-8")
    return None


def choose_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(ChooseMission(code)) for code in sorted(state.mission_deck)]


def choose_mission(
    state: GameState, seat: int, move: ChooseMission, events: list[GameEvent]
) -> None:
    """E125s: the chosen mission lies face up, the rest of the deck is shuffled, and play
    goes on: the first turn of the game, or where the opening of Pack 4 stopped it."""
    problem = choice_problem(state, move.mission)
    if problem is not None:
        raise IllegalMove.from_violation(problem)
    faction = state.seats[seat].faction
    assert faction is not None
    chosen = LeadMissionChosen(
        game=state.game_number,
        faction=faction,
        mission=move.mission,
        person=state.seats[seat].person,
    )
    problems = chosen.check(state.world)
    if problems:
        raise IllegalMove.from_violation(problems[0])
    state.world = chosen.apply(state.world)
    state.world_events = (*state.world_events, chosen)
    rng = Rng.resume(state.rng)
    state.mission = move.mission
    state.mission_deck = tuple(rng.shuffled([c for c in state.mission_deck if c != move.mission]))
    state.rng = rng.state
    mission = content().missions[move.mission]
    events.append(
        GameEvent(
            "lead_mission_chosen",
            gettext_lazy(
                "%(player)s (%(faction)s) leads and lays out the mission %(mission)s (%(code)s); "
                "the mission deck is shuffled."
            )
            % {
                "player": seat_label(state, seat),
                "faction": faction_word(faction),
                "mission": mission.name,
                "code": mission.code,
            },
            {"seat": seat, "faction": faction, "mission": move.mission},
        )
    )
    pending = state.pending
    assert pending is not None
    if "first" in pending:
        begin_turn(state, pending["first"], events)
        return
    state.phase, state.pending = pending["resume_phase"], pending["resume_pending"]
