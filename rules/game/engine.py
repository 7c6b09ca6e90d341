"""The one entry point: `apply_move`, with its fixed order of refusals (game over, phase, seat,
legality), plus who may act, the legal moves and replay."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from rules.data import content
from rules.errors import IllegalMove
from rules.game import (
    alien_arrival,
    attack,
    comeback,
    conquest,
    draft,
    endturn,
    expansion,
    lead_faction,
    missile_draws,
    missile_powers,
    missile_window,
    missions,
    nuke,
    pack_events,
    private_missions,
    rolls,
    scars,
    setup,
    turn,
)
from rules.game import alien_events as alien_events  # registers Pocket 2's cards and powers
from rules.game import ancient_events as ancient_events  # registers the box bottom's cards
from rules.game import mutant_events as mutant_events  # registers the Mutant cards
from rules.game.attack_phases import DEFENDER_DICE, EXPAND_ATTACK, MISSILE_WINDOW, MOVE_IN
from rules.game.common import OPEN_PACK, joined
from rules.game.event_cards import EVENT_CHOICE
from rules.game.events import GameEvent
from rules.game.missile_powers import ChooseMissilePower, PassMissilePower, UseMissilePower
from rules.game.moves import (
    AcknowledgePack,
    Attack,
    BuyRedStar,
    ChooseComebackPower,
    ChooseFaction,
    ChooseMission,
    ChooseNukeTarget,
    ClaimMission,
    ClaimSlotMission,
    DefendWith,
    DraftPick,
    EndTurn,
    Expand,
    FireMissile,
    JoinWar,
    Maneuver,
    Move,
    MoveHQ,
    MoveIn,
    MoveOption,
    PassMissiles,
    PassScarCard,
    PlaceAlienIsland,
    PlaceStart,
    PlaceStealthily,
    PlaceTroops,
    PlayScarCard,
    Recruit,
    ResolveEvent,
    RollForOrder,
    TakeCard,
)
from rules.game.mutant_evolutions import (
    MINDSHACKLE_WINDOW,
    Hypnotize,
    KeepCard,
    Mindshackle,
    hypnosis_options,
    hypnotize,
    mindshackle_options,
)
from rules.game.rotation import START_OF_TURN
from rules.game.state import GAME_OVER, GameState
from rules.rule_sets import LEGACY
from rules.variants import engine as variant_engine
from rules.words import gettext as _
from rules.words import gettext_lazy, gettext_noop

Handler = Callable[[GameState, int, Any, list[GameEvent]], None]


def _end_attacks(state: GameState, seat: int, move: EndTurn, events: list[GameEvent]) -> None:
    endturn.end_of_turn(state, events)


def _end_without_card(state: GameState, seat: int, move: EndTurn, events: list[GameEvent]) -> None:
    endturn.end_turn_without_card(state, events)


def _acknowledge_pack(
    state: GameState, seat: int, move: AcknowledgePack, events: list[GameEvent]
) -> None:
    pending = state.pending
    assert pending is not None
    if move.pack != pending["pack"]:
        name = content().packs[pending["pack"]].name
        raise IllegalMove(
            "wrong_pack", _("%(pack)s is the pack to open now.") % {"pack": name}, "U-8"
        )
    state.phase = pending["resume_phase"]
    state.pending = pending["resume_pending"]
    events.append(
        GameEvent(
            "pack_acknowledged",
            gettext_lazy("%(pack)s is open; play resumes.")
            % {"pack": content().packs[move.pack].name},
            {"pack": move.pack},
        )
    )
    missile_window.after_pack(state, events)


PHASES: dict[str, dict[type[Move], Handler]] = {
    setup.SETUP_ORDER: {RollForOrder: setup.roll_for_order},
    setup.SETUP_FACTION: {ChooseFaction: setup.choose_faction},
    draft.SETUP_DRAFT: {DraftPick: draft.draft_pick},
    draft.SETUP_PLACE: {PlaceStart: draft.place_start},
    scars.TURN_START_WINDOW: {
        PlayScarCard: scars.play_at_turn_start,
        PassScarCard: scars.pass_at_turn_start,
    },
    START_OF_TURN: {
        BuyRedStar: turn.buy_red_star,
        PlayScarCard: scars.play_scar_card,
        MoveHQ: comeback.move_hq,
        JoinWar: turn.join_war,
        Recruit: turn.recruit,
        UseMissilePower: missile_powers.use_at_turn_start,
    },
    turn.PLACE: {
        PlaceTroops: turn.place_troops,
        PlaceStealthily: comeback.place_stealthily,
        Hypnotize: hypnotize,
    },
    EXPAND_ATTACK: {
        Expand: expansion.expand,
        Attack: attack.attack,
        Maneuver: turn.maneuver,
        PlayScarCard: scars.play_scar_card,
        UseMissilePower: missile_powers.use_emp,
        EndTurn: _end_attacks,
    },
    DEFENDER_DICE: {DefendWith: rolls.defend_with, UseMissilePower: missile_powers.use_emp},
    scars.BEFORE_ROLL_WINDOW: {
        PlayScarCard: rolls.play_scar_before_roll,
        PassScarCard: rolls.pass_scar_before_roll,
    },
    MISSILE_WINDOW: {
        FireMissile: missile_window.fire_missile,
        PassMissiles: missile_window.pass_missiles,
    },
    MOVE_IN: {MoveIn: conquest.move_in},
    endturn.END_OF_TURN: {
        TakeCard: missile_draws.take_card,
        ClaimMission: missions.claim_mission,
        ClaimSlotMission: private_missions.claim_slot_mission,
        UseMissilePower: missile_draws.use_recon,
        EndTurn: _end_without_card,
    },
    MINDSHACKLE_WINDOW: {
        Mindshackle: endturn.close_mindshackle,
        KeepCard: endturn.close_mindshackle,
    },
    missile_draws.INTERFERENCE_WINDOW: {
        UseMissilePower: missile_draws.use_interference,
        PassMissilePower: missile_draws.pass_interference,
    },
    missile_powers.BAD_INTEL_WINDOW: {
        UseMissilePower: missile_powers.use_bad_intel,
        PassMissilePower: missile_powers.pass_bad_intel,
    },
    missile_powers.MISSILE_PICK: {ChooseMissilePower: missile_powers.choose_missile_power},
    lead_faction.LEAD_MISSION: {ChooseMission: lead_faction.choose_mission},
    OPEN_PACK: {AcknowledgePack: _acknowledge_pack},
    nuke.NUKE_CHOICE: {ChooseNukeTarget: nuke.choose_target},
    alien_arrival.ISLAND_PLACEMENT: {PlaceAlienIsland: alien_arrival.place_island},
    comeback.COMEBACK_PICK: {ChooseComebackPower: comeback.choose_comeback_power},
    EVENT_CHOICE: {
        ResolveEvent: pack_events.resolve_event,
        Maneuver: pack_events.event_maneuver,
    },
    GAME_OVER: {},
}

PHASE_WORDS = {
    setup.SETUP_ORDER: (gettext_noop("everyone is rolling for the order of faction choice"), "S-6"),
    setup.SETUP_FACTION: (
        gettext_noop("players are choosing factions and starting territories"),
        "S-6",
    ),
    draft.SETUP_DRAFT: (gettext_noop("players are drafting factions and draft cards"), "S-8"),
    draft.SETUP_PLACE: (
        gettext_noop("players are placing their HQs in the order of the placement cards"),
        "S-8",
    ),
    scars.TURN_START_WINDOW: (
        gettext_noop("a turn begins: other players may play a scar card first"),
        "T-3",
    ),
    START_OF_TURN: (
        gettext_noop(
            "it is the start of a turn: buy red stars, play a scar card, then join the war or "
            "recruit"
        ),
        "T-1",
    ),
    turn.PLACE: (gettext_noop("the recruited troops must be placed first"), "T-13"),
    EXPAND_ATTACK: (gettext_noop("it is the expand and attack step"), "T-1"),
    DEFENDER_DICE: (gettext_noop("the defender is choosing dice"), "X-6"),
    scars.BEFORE_ROLL_WINDOW: (
        gettext_noop("a scar card may be played before the attack roll"),
        "T-3",
    ),
    MISSILE_WINDOW: (gettext_noop("the dice are rolled: missiles may be fired"), "X-10"),
    MOVE_IN: (gettext_noop("the conqueror must move troops in"), "X-12"),
    endturn.END_OF_TURN: (
        gettext_noop("it is the end of the turn: take a card or end the turn"),
        "E-1",
    ),
    MINDSHACKLE_WINDOW: (
        gettext_noop("the Mutants may swap the card they just drew (Mindshackle)"),
        "G-3",
    ),
    OPEN_PACK: (gettext_noop("a sealed pack must be opened first"), "U-8"),
    nuke.NUKE_CHOICE: (
        gettext_noop("the firer of the third missile is choosing the nuke's target"),
        "U-6",
    ),
    alien_arrival.ISLAND_PLACEMENT: (
        gettext_noop("Alien Island's two sea lines must be placed first"),
        "U-7",
    ),
    comeback.COMEBACK_PICK: (
        gettext_noop("a faction knocked out is picking its comeback power"),
        "X-15",
    ),
    missile_powers.MISSILE_PICK: (gettext_noop("a faction is picking its missile power"), "G-3"),
    missile_powers.BAD_INTEL_WINDOW: (
        gettext_noop("a turn begins: Bad Intel may be used first"),
        "G-3",
    ),
    missile_draws.INTERFERENCE_WINDOW: (
        gettext_noop("a card is about to be taken: Interference may block it"),
        "G-3",
    ),
    EVENT_CHOICE: (
        gettext_noop("an event card waits on its chooser's decision"),
        "E-7",
    ),
    lead_faction.LEAD_MISSION: (
        gettext_noop("the lead faction is choosing the face-up mission"),
        "E-10",
    ),
}


MOVE_WORDS = {
    "choose_missile_power": gettext_noop("choose missile power"),
    "use_missile_power": gettext_noop("use missile power"),
    "pass_missile_power": gettext_noop("pass missile power"),
    "roll_for_order": gettext_noop("roll for order"),
    "choose_faction": gettext_noop("choose faction"),
    "draft_pick": gettext_noop("draft pick"),
    "place_start": gettext_noop("place start"),
    "buy_red_star": gettext_noop("buy red star"),
    "play_scar_card": gettext_noop("play scar card"),
    "pass_scar_card": gettext_noop("pass scar card"),
    "move_hq": gettext_noop("move hq"),
    "place_stealthily": gettext_noop("place stealthily"),
    "choose_comeback_power": gettext_noop("choose comeback power"),
    "join_war": gettext_noop("join war"),
    "recruit": gettext_noop("recruit"),
    "place_troops": gettext_noop("place troops"),
    "expand": gettext_noop("expand"),
    "attack": gettext_noop("attack"),
    "defend_with": gettext_noop("defend with"),
    "fire_missile": gettext_noop("fire missile"),
    "pass_missiles": gettext_noop("pass missiles"),
    "move_in": gettext_noop("move in"),
    "maneuver": gettext_noop("maneuver"),
    "end_turn": gettext_noop("end turn"),
    "take_card": gettext_noop("take card"),
    "claim_mission": gettext_noop("claim mission"),
    "claim_slot_mission": gettext_noop("claim slot mission"),
    "choose_mission": gettext_noop("choose mission"),
    "place_alien_island": gettext_noop("place alien island"),
    "acknowledge_pack": gettext_noop("acknowledge pack"),
    "choose_nuke_target": gettext_noop("choose nuke target"),
    "resolve_event": gettext_noop("resolve event"),
    "mindshackle": gettext_noop("mindshackle"),
    "keep_card": gettext_noop("keep card"),
    "hypnotize": gettext_noop("hypnotize"),
}
"""A move's type in words, for a refusal of a move made at the wrong moment."""


def _only(seat: int | None) -> list[int]:
    return [] if seat is None else [seat]


def _pending_seat(state: GameState) -> list[int]:
    return [state.pending["seat"]]  # type: ignore[index]


_ACTING: dict[str, Callable[[GameState], list[int]]] = {
    GAME_OVER: lambda state: [],
    setup.SETUP_ORDER: setup.order_rollers,
    DEFENDER_DICE: lambda state: [state.pending["defender"]],  # type: ignore[index]
    MISSILE_WINDOW: lambda state: _only(missile_window.missile_turn(state)),
    scars.BEFORE_ROLL_WINDOW: lambda state: _only(scars.before_roll_turn(state)),
    scars.TURN_START_WINDOW: lambda state: _only(scars.turn_start_turn(state)),
    comeback.COMEBACK_PICK: lambda state: [comeback.comeback_picker(state)],
    missile_powers.MISSILE_PICK: lambda state: [missile_powers.picker(state)],
    OPEN_PACK: _pending_seat,
    EVENT_CHOICE: _pending_seat,
    lead_faction.LEAD_MISSION: _pending_seat,
    alien_arrival.ISLAND_PLACEMENT: _pending_seat,
    nuke.NUKE_CHOICE: _pending_seat,
    missile_powers.BAD_INTEL_WINDOW: _pending_seat,
    missile_draws.INTERFERENCE_WINDOW: _pending_seat,
}
"""Who acts in each phase that is not simply the current player's turn (one look-up a move)."""


def seats_to_act(state: GameState) -> list[int]:
    """Who may act now: the current player, the defender choosing dice, the holder offered a
    missile or scar window (PRI order), the order rollers, who acknowledges a pack, the
    chooser of an event card, the lead faction choosing a mission, or a knocked-out faction's
    player picking a power."""
    if state.rule_set != LEGACY:
        return variant_engine.seats_to_act(state)
    acting = _ACTING.get(state.phase)
    return [state.current_seat] if acting is None else acting(state)


def apply_move(state: GameState, seat: int, move: Move) -> tuple[GameState, list[GameEvent]]:
    """Apply one move for one seat: the new state and its events, or IllegalMove."""
    if state.phase == GAME_OVER:
        raise IllegalMove("game_over", _("The game is over."), "END-1")
    if not isinstance(move, Move):
        raise IllegalMove("bad_move", _("That is not a move."), "DESIGN")
    if state.rule_set != LEGACY:
        return variant_engine.apply_move(state, seat, move)
    handlers = PHASES[state.phase]
    handler = handlers.get(type(move))
    if handler is None:
        words, rule = PHASE_WORDS[state.phase]
        raise IllegalMove(
            "wrong_phase",
            _("You cannot %(move)s now: %(situation)s.")
            % {
                "move": _(MOVE_WORDS.get(move.type, move.type.replace("_", " "))),
                "situation": _(words),
            },
            rule,
        )
    acting = _ACTING.get(state.phase)  # `seats_to_act`, with no list made on a plain turn
    if (seat != state.current_seat) if acting is None else (seat not in acting(state)):
        _refuse_turn(state)
    new = state.clone()
    events: list[GameEvent] = []
    handler(new, seat, move, events)
    if new.comeback_due:
        comeback.raise_owed_picks(new, events)
    if new.seats is not state.seats:  # a Red Star token can only come with a changed seat
        missile_powers.raise_picks(state, new, events)
    return new, events


def _refuse_turn(state: GameState) -> NoReturn:
    waiting = joined([state.seats[s].name for s in seats_to_act(state)], either=True) or _("nobody")
    raise IllegalMove(
        "not_your_turn",
        _("It is not your turn to act: waiting for %(waiting)s.") % {"waiting": waiting},
        "T-1",
    )


OPTIONS: dict[str, Callable[[GameState, int], list[MoveOption]]] = {
    setup.SETUP_ORDER: setup.setup_options,
    setup.SETUP_FACTION: setup.setup_options,
    draft.SETUP_DRAFT: draft.draft_options,
    draft.SETUP_PLACE: draft.place_options,
    scars.TURN_START_WINDOW: scars.window_options,
    START_OF_TURN: lambda s, seat: [
        *turn.start_options(s, seat),
        *comeback.mobile_options(s, seat),
        *missile_powers.rally_options(s, seat),
    ],
    turn.PLACE: lambda s, seat: [
        *turn.place_options(s, seat),
        *comeback.stealth_options(s, seat),
        *hypnosis_options(s, seat),
    ],
    EXPAND_ATTACK: lambda s, seat: [
        *attack.expand_attack_options(s, seat),
        *turn.maneuver_options(s, seat),
        *[MoveOption(PlayScarCard(t)) for t in scars.scar_targets(s, seat)],
        *missile_powers.emp_options(s, seat),
        MoveOption(EndTurn()),
    ],
    DEFENDER_DICE: lambda s, seat: [
        *rolls.defender_options(s, seat),
        *missile_powers.emp_options(s, seat),
    ],
    scars.BEFORE_ROLL_WINDOW: scars.window_options,
    MISSILE_WINDOW: missile_window.missile_options,
    MOVE_IN: conquest.move_in_options,
    endturn.END_OF_TURN: lambda s, seat: [
        *endturn.end_of_turn_options(s, seat),
        *missile_draws.recon_options(s, seat),
    ],
    MINDSHACKLE_WINDOW: mindshackle_options,
    missile_draws.INTERFERENCE_WINDOW: missile_draws.interference_options,
    missile_powers.BAD_INTEL_WINDOW: missile_powers.bad_intel_options,
    missile_powers.MISSILE_PICK: missile_powers.pick_options,
    OPEN_PACK: lambda s, seat: [MoveOption(AcknowledgePack(s.pending["pack"]))],  # type: ignore[index]
    nuke.NUKE_CHOICE: nuke.nuke_options,
    alien_arrival.ISLAND_PLACEMENT: alien_arrival.island_options,
    comeback.COMEBACK_PICK: comeback.comeback_options,
    EVENT_CHOICE: pack_events.event_choice_options,
    lead_faction.LEAD_MISSION: lead_faction.choose_options,
}


def legal_move_options(state: GameState, seat: int) -> list[MoveOption]:
    """The legal moves of `seat` now, with moves that differ only by `count` summarised as one
    option holding the allowed range. Cheap: bots and the UI use this."""
    if state.rule_set != LEGACY:
        return variant_engine.legal_move_options(state, seat)
    if state.phase == GAME_OVER or seat not in seats_to_act(state):
        return []
    return OPTIONS[state.phase](state, seat)


def recruit_without_choice(state: GameState, seat: int) -> Recruit | None:
    """T-7, T-8: the recruit of a turn whose start offers nothing else (no card to trade in or
    buy a red star with, no scar card, no power to use), so its troops are counted as the turn
    starts instead of waiting for a click; None when the seat has any choice to make."""
    if state.rule_set != LEGACY or state.phase != START_OF_TURN:
        return None
    options = legal_move_options(state, seat)
    if [(o.move, o.cards) for o in options] != [(Recruit(), None)]:
        return None
    return Recruit()


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every concrete legal move of `seat` now (counts expanded)."""
    return [move for option in legal_move_options(state, seat) for move in option.moves()]


@dataclass(frozen=True)
class ReplayResult:
    state: GameState
    events: list[GameEvent]
    failed_index: int | None
    error: IllegalMove | None


def replay(initial: GameState, moves: Iterable[tuple[int, Move]]) -> ReplayResult:
    """Apply moves in order; stop at the first refused one and say which."""
    state = initial
    events: list[GameEvent] = []
    for index, (seat, move) in enumerate(moves):
        try:
            state, produced = apply_move(state, seat, move)
        except IllegalMove as error:
            return ReplayResult(state, events, index, error)
        events.extend(produced)
    return ReplayResult(state, events, None, None)
