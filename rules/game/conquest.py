"""Resolving a roll (X-7, X-9, X-12..X-14): losses, fortification wear, conquest and moving in."""

from __future__ import annotations

from typing import Any

from rules import board_links
from rules.combat import battle
from rules.game import fallout
from rules.game.attack_phases import EXPAND_ATTACK, MOVE_IN
from rules.game.common import check_win, fail, seat_label
from rules.game.dice_words import dice_words
from rules.game.effects import Outcome, Roll, apply_outcome_effects, outcome_effects_act
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.moves import MoveIn, MoveOption
from rules.game.state import GameState, changed
from rules.names import territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world_events import FortificationWorn

NO_ARMY = (None, 0)
"""The army of a territory nobody's troops stand in (a nuke or an event may empty one)."""


def resolve_roll(state: GameState, events: list[GameEvent]) -> None:
    pending: dict[str, Any] = state.pending  # type: ignore[assignment]
    attacker, defender = pending["attacker"], pending["defender"]
    origin, target = pending["origin"], pending["target"]
    attack_values, defence_values = pending["attack_values"], pending["defence_values"]
    attacker_losses, defender_losses = battle(attack_values, defence_values)
    outcome = Outcome(attacker_losses, defender_losses)
    if outcome_effects_act(state, attacker, defender):
        roll = Roll(
            state,
            attacker,
            defender,
            origin,
            target,
            pending["natural_attack"],
            pending["natural_defence"],
            attack_values,
            defence_values,
        )
        apply_outcome_effects(roll, outcome)
    if pending["dice"] == 3 and state.world.is_fortified(target):
        worn = FortificationWorn(territory=target, boxes=1, game=state.game_number)
        state.world = worn.apply(state.world)
        state.world_events = (*state.world_events, worn)
        events.append(
            GameEvent(
                "fortification_worn",
                gettext_lazy("A 3-dice attack marks a wear box on %(territory)s's fortification.")
                % {"territory": territory_word(target)},
                {"territory": target},
            )
        )
    armies = state.armies  # `state.troops` twice, without its calls
    attackers = armies.get(origin, NO_ARMY)[1] - outcome.attacker_losses
    left = armies.get(target, NO_ARMY)[1] - outcome.defender_losses
    survivors = pending["dice"] - attacker_losses
    if left > 0:
        state.set_armies({origin: (attacker, attackers), target: (defender, left)})
    else:  # the surviving attackers move in at once, in the same copy of the board
        origin_left = max(attackers, 0) - survivors
        state.set_armies({origin: (attacker, origin_left), target: (attacker, survivors)})
    events.append(
        GameEvent(
            "battle",
            gettext_lazy(
                "%(attack)s against %(defence)s: the attacker loses %(attacker_losses)s, "
                "the defender loses %(defender_losses)s."
            )
            % {
                "attack": dice_words(sorted(attack_values, reverse=True)),
                "defence": dice_words(sorted(defence_values, reverse=True)),
                "attacker_losses": outcome.attacker_losses,
                "defender_losses": outcome.defender_losses,
            },
            {
                "attack": attack_values,
                "defence": defence_values,
                "attacker_losses": outcome.attacker_losses,
                "defender_losses": outcome.defender_losses,
            },
        )
    )
    events.extend(outcome.events)
    state.pending = None
    state.phase = EXPAND_ATTACK
    if left > 0:
        return
    _conquer(state, attacker, defender, origin, target, survivors, events)


def _conquer(
    state: GameState,
    attacker: int,
    defender: int,
    origin: str,
    target: str,
    survivors: int,
    events: list[GameEvent],
) -> None:
    """X-12: the surviving attackers have moved in (`resolve_roll`); more may follow (MoveIn)."""
    turn = state.turn
    across_sea = board_links.is_sea_line(state.world, origin, target)
    state.turn = changed(
        turn,
        conquered=True,
        first_strike_active=False,
        conquests=(*turn.conquests, target),
        sea_conquests=(*turn.sea_conquests, target) if across_sea else turn.sea_conquests,
        conquered_from=(*turn.conquered_from, defender),
    )
    events.append(
        GameEvent(
            "conquered",
            gettext_lazy("%(player)s conquers %(territory)s.")
            % {"player": seat_label(state, attacker), "territory": territory_word(target)},
            {"seat": attacker, "territory": target, "from": defender},
        )
    )
    if target in state.hqs:
        events.append(
            GameEvent(
                "hq_captured",
                gettext_lazy("%(player)s captures the HQ in %(territory)s (%(stars)s red stars).")
                % {
                    "player": seat_label(state, attacker),
                    "territory": territory_word(target),
                    "stars": state.red_stars(attacker),
                },
                {"seat": attacker, "territory": target, "hq_of": state.hqs[target]},
            )
        )
    if not state.holds_territory(defender):
        knocked_out(state, defender, events, by=attacker)
    if target in state.hqs and check_win(state, events, attacker):
        return
    extra = state.troops(origin) - 1
    if extra < 1:
        fallout.entry_loss(state, attacker, target, survivors, events)
        return
    state.phase = MOVE_IN
    state.pending = {
        "kind": "move_in",
        "origin": origin,
        "target": target,
        "min": survivors,
        "max": survivors + extra,
    }


def move_in(state: GameState, seat: int, move: MoveIn, events: list[GameEvent]) -> None:
    pending = state.pending
    assert pending is not None
    low, high = pending["min"], pending["max"]
    if not low <= move.count <= high:
        fail(
            "move_in_count",
            _("Move in %(low)s to %(high)s troops in all.") % {"low": low, "high": high},
            "X-12",
        )
    extra = move.count - low
    origin, target = pending["origin"], pending["target"]
    if extra:
        state.set_troops(origin, seat, state.troops(origin) - extra)
        state.set_troops(target, seat, state.troops(target) + extra)
    state.pending = None
    state.phase = EXPAND_ATTACK
    events.append(
        GameEvent(
            "moved_in",
            gettext_lazy("%(player)s moves %(count)s troops into %(territory)s.")
            % {
                "player": seat_label(state, seat),
                "count": move.count,
                "territory": territory_word(target),
            },
            {"seat": seat, "territory": target, "count": move.count},
        )
    )
    fallout.entry_loss(state, seat, target, move.count, events)


def move_in_options(state: GameState, seat: int) -> list[MoveOption]:
    pending = state.pending
    assert pending is not None
    return [MoveOption(MoveIn(pending["min"]), pending["min"], pending["max"])]
