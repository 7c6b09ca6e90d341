"""Scar cards in play (T-3, OPEN-3): when each card may be played, the windows that offer it to
players who are not on turn, placing the scar, and the scars that act at the end of a turn (E-9).

A card's `timing` (fixture data) names its window. `before_attack_roll` cards (Bunker, Ammo
Shortage) go onto the defending territory just before a roll, offered in PRI-2 order: attacker,
defender, then the others in turn order. `turn_start` cards (Biohazard, Mercenary) go on any
territory without a live scar at the start of anyone's turn: the current player plays theirs in
the start-of-turn step, and the others are offered a short window before it, in turn order from
the current player [inference: the current player's step has no fixed end, so the others go
first]. `own_turn` cards (the weaknesses, K194s-K198s) go into a free yellow slot of a faction
card, played by their holder in their own turn only: at its start or while expanding and
attacking (the steps where the holder may act at will).
"""

from __future__ import annotations

from rules import board_links, box
from rules.content_records import ScarType
from rules.data import content, rules_content
from rules.errors import Violation
from rules.game import fallout
from rules.game.common import START_OF_TURN, required, seat_label, unknown_territory
from rules.game.effects import END_OF_TURN_SCARS, has_effect
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.moves import MoveOption, PassScarCard, PlayScarCard
from rules.game.state import GameState, faction_name, territory_name
from rules.names import territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world_events import ScarPlaced

BEFORE_ATTACK_ROLL = "before_attack_roll"
TURN_START = "turn_start"
OWN_TURN = "own_turn"
OWN_TURN_PHASES = (START_OF_TURN, "expand_attack")
"""The steps of the holder's own turn in which an `own_turn` card may be played."""

BEFORE_ROLL_WINDOW = "scar_before_roll"
"""Phase: an attack is declared and the defender has chosen dice; the roll waits."""
TURN_START_WINDOW = "scar_turn_start"
"""Phase: a turn has begun; players other than the current one may play a scar card."""

CONVINCING = "mercenary_gives_two"


# --- which window a card belongs to --------------------------------------------------------------


def _fits(scar: ScarType, window: str) -> bool:
    """Whether a card of this kind may be played in this window (`window` is a phase)."""
    if window == BEFORE_ROLL_WINDOW:
        return scar.timing == BEFORE_ATTACK_ROLL and scar.target == "territory"
    if scar.timing == OWN_TURN:
        return window in OWN_TURN_PHASES
    return window != "expand_attack" and (scar.timing == TURN_START or scar.target == "faction")


def _card(state: GameState, seat: int) -> ScarType | None:
    key = state.seats[seat].scar_card
    return content().scar_types[key] if key else None


def _when(scar: ScarType) -> str:
    if scar.timing == BEFORE_ATTACK_ROLL:
        return _("just before an attack roll, onto the defending territory")
    if scar.timing == OWN_TURN:
        return _("in your own turn, at its start or while expanding and attacking")
    return _("at the start of a turn")


def _territories(state: GameState) -> list[str]:
    """Territories a territory scar might go on: the board's, Alien Island once placed."""
    return list(board_links.territories(state.world))


def _target_problem(state: GameState, scar: ScarType, target: str) -> str | Violation:
    """Where a scar of this kind would go ("territory" / "faction"), or why not (G-4)."""
    if scar.target == "faction":
        faction = box.factions(state.world).get(target)
        if faction is None:
            return Violation(
                "unknown_faction",
                _("There is no faction '%(faction)s'.") % {"faction": target},
                "C-3",
            )
        if not faction.slot_open("yellow"):
            return Violation(
                "slot_closed",
                _("%(faction)s can never take that scar.") % {"faction": faction.name},
                "G-4",
            )
        if target in state.world.faction_scars:
            return Violation("scar_exists", _("That faction card already carries a scar."), "G-4")
        return "faction"
    unknown = unknown_territory(state.world, target) or fallout.unchangeable_problem(state, target)
    if unknown:
        return unknown
    if state.world.live_scar(target):
        return Violation(
            "scar_exists",
            _("%(territory)s already carries a scar; a territory holds one.")
            % {"territory": territory_name(target)},
            "G-4",
        )
    return "territory"


def scar_problem(state: GameState, seat: int, target: str) -> str | Violation:
    """Where the held scar card's scar would go now, or why it cannot (T-3, G-4)."""
    scar = _card(state, seat)
    if scar is None:
        return Violation("no_scar_card", _("You hold no scar card."), "S-5")
    if not _fits(scar, state.phase):
        return Violation(
            "scar_timing",
            _("A %(scar)s card is played %(when)s.") % {"scar": scar.name, "when": _when(scar)},
            "T-3",
        )
    if state.phase == BEFORE_ROLL_WINDOW:
        defending = state.pending["target"]  # type: ignore[index]
        if target != defending:
            return Violation(
                "scar_not_defending",
                _("A %(scar)s card goes onto the defending territory, %(territory)s.")
                % {"scar": scar.name, "territory": territory_name(defending)},
                "T-3",
            )
    return _target_problem(state, scar, target)


def scar_targets(state: GameState, seat: int) -> list[str]:
    """Where the held scar card may go now (none when it is not this card's window)."""
    scar = _card(state, seat)
    if scar is None or not _fits(scar, state.phase):
        return []
    if state.phase == BEFORE_ROLL_WINDOW:
        candidates: list[str] = [state.pending["target"]]  # type: ignore[index]
    else:
        candidates = list(
            box.faction_keys(state.world) if scar.target == "faction" else _territories(state)
        )
    return [t for t in candidates if not isinstance(scar_problem(state, seat, t), Violation)]


def play_scar_card(
    state: GameState, seat: int, move: PlayScarCard, events: list[GameEvent]
) -> None:
    """T-3: the holder places the scar for good; the card is used up."""
    on = required(scar_problem(state, seat, move.target))
    scar = state.seats[seat].scar_card
    assert scar is not None
    placed = ScarPlaced(
        target=move.target,
        on=on,
        scar=scar,
        person=state.seats[seat].person,
        game=state.game_number,
    )
    state.world = placed.apply(state.world)
    state.world_events = (*state.world_events, placed)
    state.set_seat(seat, scar_card=None)
    target = territory_name(move.target) if on == "territory" else faction_name(move.target)
    name = content().scar_types[scar].name
    events.append(
        GameEvent(
            "scar_placed",
            (
                gettext_lazy("%(player)s places an %(scar)s scar on %(target)s.")
                if name[:1].lower() in "aeiou"
                else gettext_lazy("%(player)s places a %(scar)s scar on %(target)s.")
            )
            % {"player": seat_label(state, seat), "scar": name, "target": target},
            {"seat": seat, "scar": scar, "target": move.target, "on": on},
        )
    )


def _may_play(state: GameState, seat: int, window: str) -> bool:
    """A seat still in the game holding a card of this window (OPEN-13: eliminated players
    play no scar cards, as they fire no missiles)."""
    key = state.seats[seat].scar_card  # its timing and target only: no words are needed
    if not key or state.seats[seat].eliminated:
        return False
    return _fits(rules_content().scar_types[key], window)


def window_options(state: GameState, seat: int) -> list[MoveOption]:
    """A scar window: play the card on a legal target, or keep it."""
    options = [MoveOption(PlayScarCard(t)) for t in scar_targets(state, seat)]
    return [*options, MoveOption(PassScarCard())]


# --- the window before an attack roll ------------------------------------------------------------


def before_roll_turn(state: GameState) -> int | None:
    """Who is offered the window before the roll now (PRI-2 order), or None when it is closed:
    nobody left holds such a card, or the defending territory already carries a live scar (or
    is the fallout zone, where no scar ever goes)."""
    pending = state.pending
    assert pending is not None
    for seat in state.seats:
        if seat.scar_card:
            break
    else:
        return None  # the usual case: no card to offer, nothing else to ask
    target = pending["target"]
    if state.world.live_scar(target) or fallout.unchangeable_problem(state, target):
        return None
    passed, seats = pending.get("scar_passed", []), state.seats
    for seat in state.fight_order(pending["attacker"], pending["defender"]):
        # a seat holding no scar card is passed over without asking `_may_play`
        if (
            seats[seat].scar_card
            and seat not in passed
            and _may_play(state, seat, BEFORE_ROLL_WINDOW)
        ):
            return seat
    return None


# --- the window at the start of a turn -----------------------------------------------------------


def turn_start_turn(state: GameState) -> int | None:
    """Which player other than the current one is offered the start-of-turn window now."""
    pending = state.pending
    assert pending is not None
    passed, seats = pending["passed"], state.seats
    for seat in state.in_turn_order_from(state.current_seat)[1:]:
        if not seats[seat].scar_card or seat in passed:
            continue  # no card to play, or passed: `_may_play` not asked
        if not _may_play(state, seat, TURN_START_WINDOW):
            continue
        scar = _card(state, seat)
        assert scar is not None
        candidates = (
            box.faction_keys(state.world) if scar.target == "faction" else _territories(state)
        )
        if any(not isinstance(_target_problem(state, scar, t), Violation) for t in candidates):
            return seat
    return None


def open_turn_start_window(state: GameState, events: list[GameEvent]) -> None:
    """T-3: a turn has begun. Other players holding a start-of-turn card may play it first;
    with none, the current player's start of turn goes on at once."""
    state.pending = {"kind": "turn_start_scars", "passed": []}
    if turn_start_turn(state) is None:
        state.pending = None
        return
    state.phase = TURN_START_WINDOW
    events.append(
        GameEvent(
            "scar_window",
            gettext_lazy("Before the turn goes on, other players may play a scar card (T-3)."),
            {"seat": state.current_seat},
        )
    )


def _after_turn_start_answer(state: GameState) -> None:
    if turn_start_turn(state) is None:
        state.phase = START_OF_TURN
        state.pending = None


def play_at_turn_start(
    state: GameState, seat: int, move: PlayScarCard, events: list[GameEvent]
) -> None:
    play_scar_card(state, seat, move, events)
    _after_turn_start_answer(state)


def pass_at_turn_start(
    state: GameState, seat: int, move: PassScarCard, events: list[GameEvent]
) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = {**pending, "passed": [*pending["passed"], seat]}
    _after_turn_start_answer(state)


# --- scars that act at the end of their controller's turn (E-9) ----------------------------------


def _scar_name(state: GameState, territory: str) -> str:
    return content().scar_types[state.world.scars[territory].kind].name


def _lose_one(state: GameState, territory: str, events: list[GameEvent]) -> None:
    """Biohazard (B70s): the controller loses 1 troop there, even the last one. A player left
    with no troop on the board is knocked out, and nobody conquered them (X-14)."""
    seat = state.owner(territory)
    assert seat is not None
    state.set_troops(territory, seat, state.troops(territory) - 1)
    events.append(
        GameEvent(
            "scar_effect",
            gettext_lazy("%(scar)s: %(player)s loses a troop in %(territory)s.")
            % {
                "scar": _scar_name(state, territory),
                "player": seat_label(state, seat),
                "territory": territory_word(territory),
            },
            {"seat": seat, "territory": territory, "troops": -1},
        )
    )
    if not state.holds_territory(seat):
        knocked_out(state, seat, events, by=None)


def _gain_one(state: GameState, territory: str, events: list[GameEvent]) -> None:
    """Mercenary (C106s): 1 troop joins the controller there, 2 if it is Convincing."""
    seat = state.owner(territory)
    assert seat is not None
    gain = 2 if has_effect(state, seat, CONVINCING) else 1
    state.set_troops(territory, seat, state.troops(territory) + gain)
    events.append(
        GameEvent(
            "scar_effect",
            gettext_lazy("%(scar)s: %(count)s troop(s) join %(player)s in %(territory)s.")
            % {
                "scar": _scar_name(state, territory),
                "count": gain,
                "player": seat_label(state, seat),
                "territory": territory_word(territory),
            },
            {"seat": seat, "territory": territory, "troops": gain},
        )
    )


END_OF_TURN_SCARS["end_of_turn_lose_one"] = _lose_one
END_OF_TURN_SCARS["end_of_turn_gain_one"] = _gain_one
