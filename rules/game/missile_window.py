"""The missile window (X-10) after a roll: who is offered it (PRI-2), firing and passing."""

from __future__ import annotations

from rules.errors import IllegalMove, Violation
from rules.game import nuke
from rules.game.attack_phases import MISSILE_WINDOW
from rules.game.common import constant, seat_label
from rules.game.conquest import resolve_roll
from rules.game.events import GameEvent
from rules.game.missile_reach import may_change_roll, missiles_to_change
from rules.game.moves import FireMissile, MoveOption, PassMissiles
from rules.game.state import GameState
from rules.words import gettext as _
from rules.words import gettext_lazy

SIDES = ("attack", "defence")


def missile_order(state: GameState) -> tuple[int, ...]:
    """PRI-2: attacker, defender, then the others in turn order from the attacker."""
    pending = state.pending
    assert pending is not None
    return state.fight_order(pending["attacker"], pending["defender"])


_last_missile_turn: tuple[object, ...] = ()
"""The last state `missile_turn` answered for, by the very objects it read (the engine rebinds,
never mutates them), and its answer: every step asks who acts, often of the same state, and
working it out tries every choice of dice the missiles could turn."""


def missile_turn(state: GameState) -> int | None:
    """Who is offered the missile window now, or None when it is closed."""
    global _last_missile_turn
    last = _last_missile_turn
    if (
        last
        and last[0] is state.pending
        and last[1] is state.seats
        and last[2] is state.turn
        and last[3] is state.armies
        and last[4] is state.world
        and last[5] is state.turn_order
    ):
        return last[6]  # type: ignore[return-value]
    found = _missile_turn(state)
    _last_missile_turn = (
        state.pending,
        state.seats,
        state.turn,
        state.armies,
        state.world,
        state.turn_order,
        found,
    )
    return found


def _missile_turn(state: GameState) -> int | None:
    pending = state.pending
    if pending is None or "attack_values" not in pending:
        return None
    if pending["target"] in state.turn.emp_territories:
        return None  # EMP (J167s): no missile changes these dice either
    dice = len(pending["attack_values"]) + len(pending["defence_values"])
    if len(pending["fixed_attack"]) + len(pending["fixed_defence"]) >= dice:
        return None
    seats = state.seats
    for player in seats:
        if player.missiles > 0 and not player.eliminated:
            break
    else:
        return None  # nobody in the game holds a missile: no order to work out
    passed = pending["passed"]
    holders = []
    most = 0
    for seat in missile_order(state):
        held = seats[seat].missiles
        if held > 0 and not seats[seat].eliminated and seat not in passed:
            holders.append(seat)
            most = max(most, held)
    if not holders:
        return None
    # only a holder whose missiles could still change this roll is asked.
    needed = missiles_to_change(state, most)
    for seat in holders:
        if may_change_roll(state, seat, holders, needed):
            return seat
    return None


def missile_problem(state: GameState, seat: int, side: str, index: int) -> Violation | None:
    """Why `seat` may not fire at die `index` of `side` (X-10), or None."""
    if state.seats[seat].missiles < 1:
        return Violation("no_missile", _("You hold no missile."), "X-10")
    pending = state.pending
    assert pending is not None
    if side not in SIDES:
        return Violation("missile_side", _('Aim at the "attack" or the "defence" dice.'), "X-10")
    values = pending[f"{side}_values"]
    if not 0 <= index < len(values):
        words = (
            _("There are %(count)s attack dice.")
            if side == "attack"
            else _("There are %(count)s defence dice.")
        )
        return Violation("missile_die", words % {"count": len(values)}, "X-10")
    if index in pending[f"fixed_{side}"]:
        return Violation("missile_fixed", _("A missile already fixed that die at 6."), "X-10")
    return None


def fire_missile(state: GameState, seat: int, move: FireMissile, events: list[GameEvent]) -> None:
    problem = missile_problem(state, seat, move.side, move.die_index)
    if problem:
        raise IllegalMove.from_violation(problem)
    pending = state.pending
    assert pending is not None
    state.set_seat(seat, missiles=state.seats[seat].missiles - 1)
    values = list(pending[f"{move.side}_values"])
    before = values[move.die_index]
    values[move.die_index] = 6
    fired = pending["missiles_fired"] + 1
    state.pending = {
        **pending,
        f"{move.side}_values": values,
        f"fixed_{move.side}": [*pending[f"fixed_{move.side}"], move.die_index],
        "missiles_fired": fired,
        "passed": [],
    }
    events.append(
        GameEvent(
            "missile_fired",
            (
                gettext_lazy(
                    "%(player)s fires a missile: the attack %(before)s becomes an unmodifiable 6."
                )
                if move.side == "attack"
                else gettext_lazy(
                    "%(player)s fires a missile: the defence %(before)s becomes an unmodifiable 6."
                )
            )
            % {"player": seat_label(state, seat), "before": before},
            {
                "seat": seat,
                "side": move.side,
                "die_index": move.die_index,
                "before": before,
                "attack": state.pending["attack_values"],
                "defence": state.pending["defence_values"],
            },
        )
    )
    if fired == constant("pocket1_missiles") and nuke.third_missile(state, seat, fired, events):
        return
    if missile_turn(state) is None:
        resolve_roll(state, events)


def pass_missiles(state: GameState, seat: int, move: PassMissiles, events: list[GameEvent]) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = {**pending, "passed": [*pending["passed"], seat]}
    if missile_turn(state) is None:
        resolve_roll(state, events)


def after_pack(state: GameState, events: list[GameEvent]) -> None:
    """Resume a missile window that a pack interrupted; it may have nobody left to act."""
    if state.phase == MISSILE_WINDOW and missile_turn(state) is None:
        resolve_roll(state, events)


def missile_options(state: GameState, seat: int) -> list[MoveOption]:
    pending = state.pending
    assert pending is not None
    options = [
        MoveOption(FireMissile(side, index))
        for side in SIDES
        for index in range(len(pending[f"{side}_values"]))
        if missile_problem(state, seat, side, index) is None
    ]
    options.append(MoveOption(PassMissiles()))
    return options
