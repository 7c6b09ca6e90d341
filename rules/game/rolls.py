"""The roll (X-6..X-8): the defender's dice, the scar cards played just before the roll (T-3),
and both sides rolling with their modifiers."""

from __future__ import annotations

from rules.game import mutants, scars
from rules.game.attack_phases import MISSILE_WINDOW
from rules.game.common import constant, fail
from rules.game.conquest import resolve_roll
from rules.game.dice_words import dice_words
from rules.game.effects import Roll, apply_die_modifiers
from rules.game.events import GameEvent
from rules.game.missile_window import missile_turn
from rules.game.moves import DefendWith, MoveOption, PassScarCard, PlayScarCard
from rules.game.state import GameState, territory_name
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy, listed


def defence_dice_max(state: GameState) -> int:
    assert state.pending is not None
    return min(constant("defence_dice_max"), state.troops(state.pending["target"]))


def defend_with(state: GameState, seat: int, move: DefendWith, events: list[GameEvent]) -> None:
    """X-6: the defender picks 1 or 2 dice; then scar cards may be played on the defending
    territory (T-3), and both sides roll."""
    most = defence_dice_max(state)
    if not 1 <= move.dice <= most:
        fail("defence_dice", _("Defend with 1 to %(most)s dice.") % {"most": most}, "X-6")
    pending = state.pending
    assert pending is not None
    state.pending = {**pending, "defence_dice": move.dice, "scar_passed": []}
    _roll_unless_scar_window(state, events)


def _roll_unless_scar_window(state: GameState, events: list[GameEvent]) -> None:
    """T-3: a player holding a card played just before an attack roll is offered the window
    (PRI-2 order); with nobody to offer it to, the dice roll at once."""
    if scars.before_roll_turn(state) is not None:
        if state.phase != scars.BEFORE_ROLL_WINDOW:
            target = territory_name(state.pending["target"])  # type: ignore[index]
            events.append(
                GameEvent(
                    "scar_window",
                    gettext_lazy(
                        "Before the roll, a scar card may be played on %(territory)s (T-3)."
                    )
                    % {"territory": target},
                    {"territory": state.pending["target"]},  # type: ignore[index]
                )
            )
        state.phase = scars.BEFORE_ROLL_WINDOW
        return
    _roll(state, events)


def play_scar_before_roll(
    state: GameState, seat: int, move: PlayScarCard, events: list[GameEvent]
) -> None:
    """The scar goes onto the defending territory and applies to this very roll."""
    scars.play_scar_card(state, seat, move, events)
    _roll_unless_scar_window(state, events)


def pass_scar_before_roll(
    state: GameState, seat: int, move: PassScarCard, events: list[GameEvent]
) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = {**pending, "scar_passed": [*pending["scar_passed"], seat]}
    _roll_unless_scar_window(state, events)


def _roll(state: GameState, events: list[GameEvent]) -> None:
    """X-6..X-8: both sides roll, modifiers apply, and the missile window opens (X-10)."""
    pending = state.pending
    assert pending is not None
    rng = Rng.resume(state.rng)
    count = pending["dice"]
    both = rng.dice(count + pending["defence_dice"])  # the attack's dice, then the defence's
    natural_attack = sorted(both[:count], reverse=True)
    natural_defence = sorted(both[count:], reverse=True)
    natural_attack, rerolled = mutants.reroll_ones(
        state, rng, pending["attacker"], pending["defender"], natural_attack
    )
    if rerolled is not None:
        events.append(rerolled)
    state.rng = rng.state
    roll = Roll(
        state,
        pending["attacker"],
        pending["defender"],
        pending["origin"],
        pending["target"],
        natural_attack,
        natural_defence,
    )
    apply_die_modifiers(roll)
    attack_words, defence_words = dice_words(natural_attack), dice_words(natural_defence)
    same_attack, same_defence = roll.attack == natural_attack, roll.defence == natural_defence
    words = (
        UNMODIFIED
        if same_attack and same_defence
        else gettext_lazy(
            "Attack rolls %(attack)s against defence %(defence)s; after %(notes)s: "
            "%(modified_attack)s vs %(modified_defence)s."
        )
    )
    events.append(
        GameEvent(
            "dice_rolled",
            words
            % {
                "attack": attack_words,
                "defence": defence_words,
                "notes": listed(roll.notes, "; ") if roll.notes else NO_NOTES,
                "modified_attack": attack_words if same_attack else dice_words(roll.attack),
                "modified_defence": defence_words if same_defence else dice_words(roll.defence),
            },
            {
                "natural_attack": natural_attack,
                "natural_defence": natural_defence,
                "attack": roll.attack,
                "defence": roll.defence,
                "modifiers": roll.notes,
            },
        )
    )
    state.pending = {
        **pending,
        "natural_attack": natural_attack,
        "natural_defence": natural_defence,
        "attack_values": roll.attack,
        "defence_values": roll.defence,
        "fixed_attack": [],
        "fixed_defence": [],
        "missiles_fired": 0,
        "passed": [],
    }
    state.phase = MISSILE_WINDOW
    if missile_turn(state) is None:
        resolve_roll(state, events)


UNMODIFIED = gettext_lazy("Attack rolls %(attack)s against defence %(defence)s.")
"""A roll's words when no modifier changed a die."""
NO_NOTES = listed((), "; ")
"""The notes of a roll no modifier changed (a `Listed` is immutable: one serves every roll)."""


def defender_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(DefendWith(n)) for n in range(1, defence_dice_max(state) + 1)]
