"""Expand & Attack (X): expansions, attacks, the defender's dice, missiles, conquest, knock-out."""

from __future__ import annotations

from itertools import product
from typing import Any

from rules import board_links
from rules.combat import battle
from rules.errors import IllegalMove, Violation
from rules.game import fallout, mutant_evolutions, mutants, nuke, scars
from rules.game.common import (
    check_win,
    constant,
    fail,
    required,
    seat_label,
    unknown_territory,
)
from rules.game.effects import (
    Outcome,
    Roll,
    apply_die_modifiers,
    apply_outcome_effects,
    expansion_cost_change,
)
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.missile_reach import may_change_roll, missiles_to_change
from rules.game.moves import (
    Attack,
    DefendWith,
    Expand,
    FireMissile,
    MoveIn,
    MoveOption,
    PassMissiles,
    PassScarCard,
    PlayScarCard,
)
from rules.game.state import GameState, changed, territory_name
from rules.names import territory_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy, listed
from rules.world_events import FortificationWorn

EXPAND_ATTACK = "expand_attack"
DEFENDER_DICE = "attack_defender_dice"
MISSILE_WINDOW = "missile_window"
MOVE_IN = "move_in"
SIDES = ("attack", "defence")


# --- X-2..X-4 expansion --------------------------------------------------------------------------


def sea_ban_problem(state: GameState, origin: str, target: str) -> Violation | None:
    """Why The Ancient One's ban (DNO-1..DNO-5) keeps troops from crossing this sea line, or
    None: it stands until the turn of the player who chose it begins."""
    if state.sea_ban_until is None or not board_links.is_sea_line(state.world, origin, target):
        return None
    who = seat_label(state, state.sea_ban_until)
    return Violation(
        "sea_line_closed",
        _(
            "No attack or expansion may cross the sea line between %(origin)s and %(target)s "
            "until %(player)s's next turn begins (The Ancient One)."
        )
        % {"origin": territory_name(origin), "target": territory_name(target), "player": who},
        "E-7",
    )


def expansion_cost(state: GameState, seat: int, target: str) -> int:
    """X-3/X-4: troops lost entering an empty city: its population, +2 if fortified, and
    what the seat's powers and weaknesses add or take off."""
    cost = state.world.population(target)
    if state.world.is_fortified(target):
        cost += constant("fortification_expansion_cost")
    return max(0, cost + expansion_cost_change(state, seat, target))


def expand_range(
    state: GameState, seat: int, origin: str, target: str
) -> tuple[int, int] | Violation:
    """The troops that may move in an expansion (X-2..X-4), or why it is refused."""
    unknown = unknown_territory(state.world, origin, target)
    if unknown:
        return unknown
    if state.owner(origin) != seat:
        return Violation("not_controlled", _("Expand from a territory you control."), "X-2")
    if not board_links.adjacent(state.world, origin, target):
        return Violation(
            "not_adjacent",
            _("%(target)s is not adjacent to %(origin)s.")
            % {"target": territory_name(target), "origin": territory_name(origin)},
            "G-12",
        )
    closed = sea_ban_problem(state, origin, target)
    if closed:
        return closed
    if state.occupied(target):
        return Violation(
            "target_occupied",
            _(
                "%(territory)s is occupied; only unoccupied territories are expanded into "
                "(attack enemy troops instead)."
            )
            % {"territory": territory_name(target)},
            "X-2",
        )
    low, high = _expansion_troops(state, seat, origin, target)
    if low > high:
        cost = expansion_cost(state, seat, target)
        extra = fallout.entry_extra(state, seat, target)
        words = (
            _(
                "Expanding into %(territory)s costs %(cost)s troops, half of those arriving are "
                "lost to the fallout and 1 must arrive, with 1 left behind: not enough troops."
            )
            if extra
            else _(
                "Expanding into %(territory)s costs %(cost)s troops and 1 must arrive, with 1 "
                "left behind: not enough troops."
            )
        )
        return Violation(
            "expansion_troops", words % {"territory": territory_name(target), "cost": cost}, "X-3"
        )
    return low, high


def _expansion_troops(state: GameState, seat: int, origin: str, target: str) -> tuple[int, int]:
    """The fewest and the most troops an expansion from `origin` may move (X-3, X-4, J168s):
    none may when the fewest is more than the most."""
    cost = expansion_cost(state, seat, target)
    extra = fallout.entry_extra(state, seat, target)
    return cost + 1 + extra, state.troops(origin) - 1


def expand(state: GameState, seat: int, move: Expand, events: list[GameEvent]) -> None:
    low, high = required(expand_range(state, seat, move.origin, move.target))
    if not low <= move.count <= high:
        fail(
            "expansion_count",
            _("Move %(low)s to %(high)s troops into this territory.") % {"low": low, "high": high},
            "X-3",
        )
    lost = expansion_cost(state, seat, move.target)
    state.set_troops(move.origin, seat, state.troops(move.origin) - move.count)
    state.set_troops(move.target, seat, move.count - lost)
    state.turn = changed(
        state.turn,
        expansions=state.turn.expansions + 1,
        expanded_into_city=state.turn.expanded_into_city or move.target in state.world.cities,
    )
    words = (
        gettext_lazy(
            "%(player)s expands from %(origin)s into %(target)s with %(count)s, losing %(lost)s "
            "on the way."
        )
        if lost
        else gettext_lazy("%(player)s expands from %(origin)s into %(target)s with %(count)s.")
    )
    events.append(
        GameEvent(
            "expanded",
            words
            % {
                "player": seat_label(state, seat),
                "origin": territory_word(move.origin),
                "target": territory_word(move.target),
                "count": move.count,
                "lost": lost,
            },
            {
                "seat": seat,
                "origin": move.origin,
                "target": move.target,
                "count": move.count,
                "losses": lost,
            },
        )
    )
    fallout.entry_loss(state, seat, move.target, move.count - lost, events)


# --- X-6 attack ----------------------------------------------------------------------------------


def attack_dice_max(state: GameState, seat: int, origin: str, target: str) -> int | Violation:
    """The most attack dice allowed from `origin` against `target` (X-6), or why not."""
    unknown = unknown_territory(state.world, origin, target)
    if unknown:
        return unknown
    if state.owner(origin) != seat:
        return Violation("not_controlled", _("Attack from a territory you control."), "X-6")
    if not board_links.adjacent(state.world, origin, target):
        return Violation(
            "not_adjacent",
            _("%(target)s is not adjacent to %(origin)s.")
            % {"target": territory_name(target), "origin": territory_name(origin)},
            "G-12",
        )
    closed = sea_ban_problem(state, origin, target)
    if closed:
        return closed
    defender = state.owner(target)
    if defender is None or defender == seat:
        return Violation(
            "no_enemy",
            _("%(territory)s holds no enemy troops.") % {"territory": territory_name(target)},
            "X-6",
        )
    if target in state.turn.blocked:
        return Violation(
            "attack_blocked",
            _("%(territory)s cannot be attacked again this turn (a faction power).")
            % {"territory": territory_name(target)},
            "G-3",
        )
    hypnotized = mutant_evolutions.attack_refusal(state, target)
    if hypnotized:
        return hypnotized
    troops = state.troops(origin)
    if troops < 2:
        return Violation(
            "attack_troops", _("The attacking territory needs at least 2 troops."), "X-6"
        )
    return min(constant("attack_dice_max"), troops - 1)


def attack(state: GameState, seat: int, move: Attack, events: list[GameEvent]) -> None:
    most = required(attack_dice_max(state, seat, move.origin, move.target))
    if not 1 <= move.dice <= most:
        fail(
            "attack_dice",
            _("Attack with 1 to %(most)s troops; 1 stays out of the fight.") % {"most": most},
            "X-6",
        )
    turn = state.turn
    if turn.first_target is None:
        state.turn = changed(turn, first_target=move.target, first_strike_active=True)
    elif move.target != turn.first_target and turn.first_strike_active:
        state.turn = changed(turn, first_strike_active=False)
    defender = state.owner(move.target)
    assert defender is not None
    state.pending = {
        "kind": "attack",
        "attacker": seat,
        "defender": defender,
        "origin": move.origin,
        "target": move.target,
        "dice": move.dice,
    }
    state.phase = DEFENDER_DICE
    events.append(
        GameEvent(
            "attack_declared",
            gettext_lazy("%(player)s attacks %(target)s from %(origin)s with %(dice)s.")
            % {
                "player": seat_label(state, seat),
                "target": territory_word(move.target),
                "origin": territory_word(move.origin),
                "dice": move.dice,
            },
            {
                "seat": seat,
                "defender": defender,
                "origin": move.origin,
                "target": move.target,
                "dice": move.dice,
            },
        )
    )
    if state.troops(move.target) == 1:
        # Only one choice exists, so it is made for the defender.
        defend_with(state, defender, DefendWith(1), events)


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
    natural_attack = sorted(rng.dice(pending["dice"]), reverse=True)
    natural_defence = sorted(rng.dice(pending["defence_dice"]), reverse=True)
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
    modified = roll.attack != natural_attack or roll.defence != natural_defence
    words = (
        gettext_lazy(
            "Attack rolls %(attack)s against defence %(defence)s; after %(notes)s: "
            "%(modified_attack)s vs %(modified_defence)s."
        )
        if modified
        else gettext_lazy("Attack rolls %(attack)s against defence %(defence)s.")
    )
    events.append(
        GameEvent(
            "dice_rolled",
            words
            % {
                "attack": _dice(natural_attack),
                "defence": _dice(natural_defence),
                "notes": listed(roll.notes, "; ") if roll.notes else NO_NOTES,
                "modified_attack": _dice(roll.attack),
                "modified_defence": _dice(roll.defence),
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


def _dice(values: list[int]) -> str:
    return _DICE_WORDS.get(tuple(values)) or ",".join(map(str, values))


_DICE_WORDS = {
    dice: ",".join(map(str, dice))
    for count in (1, 2, 3)
    for dice in product(range(1, 7), repeat=count)
}
"""Every roll of 1 to 3 dice as a roll's words write it ("6,4,1"), made once."""


NO_NOTES = listed((), "; ")
"""The notes of a roll no modifier changed (a `Listed` is immutable: one serves every roll)."""


# --- X-10 missiles -------------------------------------------------------------------------------


def missile_order(state: GameState) -> list[int]:
    """PRI-2: attacker, defender, then the others in turn order from the attacker (clockwise,
    unless a draft's turn-order cards set the order, DIFF-12)."""
    pending = state.pending
    assert pending is not None
    attacker, defender = pending["attacker"], pending["defender"]
    others = [s for s in state.in_turn_order_from(attacker) if s not in (attacker, defender)]
    return [attacker, defender, *others]


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
    passed = pending["passed"]
    holders = [
        seat
        for seat in missile_order(state)
        if state.seats[seat].missiles > 0
        and not state.seats[seat].eliminated
        and seat not in passed
    ]
    if not holders:
        return None
    # only a holder whose missiles could still change this roll is asked.
    needed = missiles_to_change(state, max(state.seats[seat].missiles for seat in holders))
    return next((seat for seat in holders if may_change_roll(state, seat, holders, needed)), None)


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


# --- ..X-14 resolving the roll -----------------------------------------------------


def resolve_roll(state: GameState, events: list[GameEvent]) -> None:
    pending: dict[str, Any] = state.pending  # type: ignore[assignment]
    attacker, defender = pending["attacker"], pending["defender"]
    origin, target = pending["origin"], pending["target"]
    attack_values, defence_values = pending["attack_values"], pending["defence_values"]
    attacker_losses, defender_losses = battle(attack_values, defence_values)
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
    outcome = Outcome(attacker_losses, defender_losses)
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
    state.set_troops(origin, attacker, state.troops(origin) - outcome.attacker_losses)
    left = state.troops(target) - outcome.defender_losses
    state.set_troops(target, defender, left)
    events.append(
        GameEvent(
            "battle",
            gettext_lazy(
                "%(attack)s against %(defence)s: the attacker loses %(attacker_losses)s, "
                "the defender loses %(defender_losses)s."
            )
            % {
                "attack": _dice(sorted(attack_values, reverse=True)),
                "defence": _dice(sorted(defence_values, reverse=True)),
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
    _conquer(state, attacker, defender, origin, target, pending["dice"] - attacker_losses, events)


def _conquer(
    state: GameState,
    attacker: int,
    defender: int,
    origin: str,
    target: str,
    survivors: int,
    events: list[GameEvent],
) -> None:
    """X-12: the surviving attackers move in at once; more may follow (MoveIn)."""
    state.set_troops(origin, attacker, state.troops(origin) - survivors)
    state.set_troops(target, attacker, survivors)
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
    if state.troops_on_board(defender) == 0:
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


# --- options -------------------------------------------------------------------------------------


def expand_attack_options(state: GameState, seat: int) -> list[MoveOption]:
    """Expansions and attacks, checked by the functions that validate them (an expansion by
    those of `expand_range`'s checks the loop does not already hold to); candidates are only
    adjacent unoccupied or enemy territories, so the checks rarely refuse."""
    options: list[MoveOption] = []
    armies = state.armies
    fewest: dict[str, int] = {}  # what expanding into a target needs depends on it alone
    for origin, (owner, troops) in armies.items():
        if owner != seat or troops < 2:
            continue
        for target in board_links.sorted_neighbours(state.world, origin):
            army = armies.get(target)
            if army is None:
                if target in state.hqs:
                    continue
                if target not in fewest:
                    fewest[target] = _expansion_troops(state, seat, origin, target)[0]
                low, high = fewest[target], troops - 1
                # `expand_range` less the checks this loop holds to (the seat's own origin, a
                # bordering target on the board, unoccupied): the sea ban and the troops.
                if low <= high and sea_ban_problem(state, origin, target) is None:
                    options.append(MoveOption(Expand(origin, target, low), low, high))
            elif army[0] != seat:
                most = attack_dice_max(state, seat, origin, target)
                if not isinstance(most, Violation):
                    options += [MoveOption(Attack(origin, target, n)) for n in range(1, most + 1)]
    return options


def defender_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(DefendWith(n)) for n in range(1, defence_dice_max(state) + 1)]


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


def move_in_options(state: GameState, seat: int) -> list[MoveOption]:
    pending = state.pending
    assert pending is not None
    return [MoveOption(MoveIn(pending["min"]), pending["min"], pending["max"])]
