"""Exact odds of an attack (X-6..X-9, X-12): one roll, or rolling on until the territory falls
or the attacker stops, as a Markov chain over troop counts.

A `Fight` says how one roll turns out: every natural die face is enumerated (a sorted roll
with its number of orderings), the die modifiers change it and the outcome effects change the
casualties. `fight_in` builds one from a game state through the engine's own modifiers, so the
odds use everything the attacker can see on the board (fortifications, scars, faction powers
and scars) and nothing it cannot: missiles and scar cards in hand are never assumed played.
`fight_with` builds one from a few named modifiers, for the calculator anyone may use.

The defender is assumed to roll as many dice as it may (2 when it has 2 troops or more), and
the attacker as many as its troops free to fight allow, up to 3.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from rules.combat import battle
from rules.game import mutants
from rules.game.effects import (
    OUTCOME_EFFECTS,
    Outcome,
    Roll,
    apply_die_modifiers,
    apply_outcome_effects,
    die_modifier_steps,
    fortification,
    seat_effects,
)
from rules.game.state import GameState, changed
from rules.world_events import FortificationWorn

ATTACK_DICE_MAX = 3
DEFENCE_DICE_MAX = 2
SCARS = ("bunker", "ammo_shortage")
"""The scars the calculator knows: the two of the base game (A53s, A56s)."""

Modify = Callable[[list[int], list[int]], tuple[list[int], list[int]]]
"""Natural attack and defence dice (sorted high to low) -> the final values (X-8)."""
Resolve = Callable[[list[int], list[int], list[int], list[int], int], tuple[int, int, bool]]
"""(natural attack, natural defence, final attack, final defence, defenders) -> (attacker
losses, defender losses net of any troop the roll adds, whether no further attack on the
territory is allowed this turn)."""


@dataclass(frozen=True)
class Odds:
    """Chance to take the territory, and the troops each side loses on average."""

    conquer: float
    attacker_losses: float
    defender_losses: float


@dataclass(frozen=True)
class Step:
    """One outcome of a roll: losses (`wipe`: every defender is removed), whether the fight
    must stop there, and its probability."""

    attacker_losses: int
    defender_losses: int
    wipe: bool
    ends: bool
    chance: float


@dataclass
class Fight:
    """How a roll between a given number of dice turns out. `worn` is the fight after a
    3-dice roll marks a wear box on the territory's fortification (X-9), None when no wear
    changes anything."""

    modify: Modify | None = None
    resolve: Resolve | None = None
    attack_faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    worn: Callable[[], Fight] | None = None
    _tables: dict[tuple[int, int, int], tuple[Step, ...]] = field(default_factory=dict)
    _next: Fight | None = None

    def after_wear(self) -> Fight | None:
        if self.worn is None:
            return None
        if self._next is None:
            self._next = self.worn()
        return self._next

    def table(self, attack_dice: int, defence_dice: int, defenders: int) -> tuple[Step, ...]:
        """The outcomes of one roll. Outcome effects may depend on the defenders left; past
        three, only whether a loss removes them all matters, so three stands for any more."""
        if self.modify is None and self.resolve is None and len(self.attack_faces) == 6:
            return _plain_table(attack_dice, defence_dice)
        seen = min(defenders, 3) if self.resolve is not None else 0
        key = (attack_dice, defence_dice, seen)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = self._enumerate(attack_dice, defence_dice, seen)
        return found

    def _enumerate(self, attack_dice: int, defence_dice: int, seen: int) -> tuple[Step, ...]:
        ways: dict[tuple[int, int, bool, bool], float] = {}
        total = len(self.attack_faces) ** attack_dice * 6**defence_dice
        for attack, attack_ways in _sorted_rolls(self.attack_faces, attack_dice):
            for defence, defence_ways in _sorted_rolls((1, 2, 3, 4, 5, 6), defence_dice):
                final_attack, final_defence = (
                    self.modify(list(attack), list(defence)) if self.modify else (attack, defence)
                )
                if self.resolve is None:
                    lost_a, lost_d = battle(final_attack, final_defence)
                    ends = False
                else:
                    lost_a, lost_d, ends = self.resolve(
                        list(attack), list(defence), final_attack, final_defence, seen
                    )
                wipe = 0 < seen <= lost_d
                key = (lost_a, lost_d, wipe, ends)
                ways[key] = ways.get(key, 0) + attack_ways * defence_ways
        return tuple(
            Step(a, d, wipe, ends, n / total) for (a, d, wipe, ends), n in sorted(ways.items())
        )


def _sorted_rolls(faces: Sequence[int], dice: int) -> Iterator[tuple[list[int], int]]:
    """Every roll of `dice` dice as a sorted list, with the number of orderings giving it."""
    for roll in combinations_with_replacement(sorted(faces, reverse=True), dice):
        repeats = prod(factorial(roll.count(v)) for v in set(roll))
        yield list(roll), factorial(dice) // repeats


@cache
def _plain_table(attack_dice: int, defence_dice: int) -> tuple[Step, ...]:
    return Fight(modify=lambda a, d: (a, d))._enumerate(attack_dice, defence_dice, 0)


PLAIN = Fight()
"""A roll with no modifier at all (X-7)."""


# --- the chain -----------------------------------------------------------------------------------


def attack_once(fight: Fight, attack_dice: int, defenders: int) -> Odds:
    """One roll with `attack_dice` dice against as many defence dice as the defender may."""
    conquer = lost_a = lost_d = 0.0
    for step in fight.table(attack_dice, min(DEFENCE_DICE_MAX, defenders), defenders):
        gone = defenders if step.wipe else min(defenders, step.defender_losses)
        if gone >= defenders:
            conquer += step.chance
        lost_a += step.chance * step.attacker_losses
        lost_d += step.chance * gone
    return Odds(conquer, lost_a, lost_d)


def attack_until(fight: Fight, attackers: int, defenders: int) -> Odds:
    """Roll on, each time with the most dice, until the defenders are gone, the `attackers`
    free to fight (the origin's troops less those to stay behind) are spent, or a power
    stops further attacks this turn. Worked out from the smallest armies up with a stack of
    its own, so big armies need no deep recursion."""
    if defenders <= 0:
        return Odds(1.0, 0.0, 0.0)
    if attackers <= 0:
        return Odds(0.0, 0.0, 0.0)
    memo: dict[tuple[int, int, int], Odds] = {}
    moves: dict[tuple[int, int, int], list[tuple[Step, tuple[int, int, int]]]] = {}
    fights = [fight]

    def fight_at(worn: int) -> Fight:
        while len(fights) <= worn:
            fights.append(fights[-1].after_wear() or fights[-1])
        return fights[worn]

    def outcomes(key: tuple[int, int, int]) -> list[tuple[Step, tuple[int, int, int]]]:
        """Each outcome of the next roll and the armies it leaves."""
        a, d, worn = key
        dice = min(ATTACK_DICE_MAX, a)
        here = fight_at(worn)
        next_worn = worn + 1 if dice == ATTACK_DICE_MAX and here.worn is not None else worn
        return [
            (
                step,
                (a - step.attacker_losses, 0 if step.wipe else d - step.defender_losses, next_worn),
            )
            for step in here.table(dice, min(DEFENCE_DICE_MAX, d), d)
        ]

    def goes_on(step: Step, after: tuple[int, int, int]) -> bool:
        return after[1] > 0 and after[0] > 0 and not step.ends

    start = (attackers, defenders, 0)
    stack = [start]
    while stack:
        key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        if key not in moves:
            moves[key] = outcomes(key)
        waiting = [
            after
            for step, after in moves[key]
            if after != key and goes_on(step, after) and after not in memo
        ]
        if waiting:
            stack.extend(waiting)
            continue
        d = key[1]
        conquer = lost_a = lost_d = stay = 0.0
        for step, after in moves.pop(key):
            p = step.chance
            if after == key:
                stay += p
                continue
            lost_a += p * step.attacker_losses
            lost_d += p * (d - max(0, after[1]))
            if after[1] <= 0:
                conquer += p
            elif goes_on(step, after):
                then = memo[after]
                conquer += p * then.conquer
                lost_a += p * then.attacker_losses
                lost_d += p * then.defender_losses
        scale = 1 / (1 - stay) if stay < 1 else 0.0
        memo[key] = Odds(conquer * scale, lost_a * scale, lost_d * scale)
        stack.pop()
    return memo[start]


# --- fights from a game state --------------------------------------------------------------------


class _RerollDie:
    """Stands in for the dice when asking whether the attacker may roll its 1s again."""

    def die(self) -> int:
        return 2


def fight_in(state: GameState, seat: int, origin: str, target: str) -> Fight:
    """The fight `seat` would start attacking `target` from `origin` now, with every modifier
    it can see. The turn is read as the attack would leave it (X-6: the first target)."""
    defender = state.owner(target)
    if defender is None:
        return PLAIN
    scratch = state.clone()
    turn = scratch.turn
    if turn.first_target is None:
        scratch.turn = changed(turn, first_target=target, first_strike_active=True)
    elif target != turn.first_target and turn.first_strike_active:
        scratch.turn = changed(turn, first_strike_active=False)

    def modify(attack: list[int], defence: list[int]) -> tuple[list[int], list[int]]:
        roll = Roll(scratch, seat, defender, origin, target, attack, defence)
        apply_die_modifiers(roll)
        return roll.attack, roll.defence

    steps = die_modifier_steps(scratch, seat, defender, target)
    fortified = state.world.is_fortified(target)
    acting = [step for step in steps if fortified or step[0] is not fortification]

    resolve: Resolve | None = None
    effects = (*seat_effects(state, seat), *seat_effects(state, defender))
    if any(effect in OUTCOME_EFFECTS for effect in effects):
        trials: dict[int, GameState] = {}

        def resolve(
            natural_attack: list[int],
            natural_defence: list[int],
            attack: list[int],
            defence: list[int],
            defenders: int,
        ) -> tuple[int, int, bool]:
            trial = trials.get(defenders)
            if trial is None:
                trial = trials[defenders] = scratch.clone()
                trial.set_troops(target, defender, defenders)
            # The engine rebinds what it changes, never mutates it: putting the references
            # back undoes whatever the effects did to the trial state.
            kept = dict(trial.__dict__)
            roll = Roll(trial, seat, defender, origin, target, natural_attack, natural_defence)
            roll.attack, roll.defence = attack, defence
            outcome = Outcome(*battle(attack, defence))
            apply_outcome_effects(roll, outcome)
            added = trial.troops(target) - defenders
            ends = target in trial.turn.blocked and target not in kept["turn"].blocked
            trial.__dict__.update(kept)
            return outcome.attacker_losses, outcome.defender_losses - added, ends

    _, rerolled = mutants.reroll_ones(state, _RerollDie(), seat, defender, [1])  # type: ignore[arg-type]
    faces = (2, 3, 4, 5, 6) if rerolled is not None else (1, 2, 3, 4, 5, 6)
    worn = None
    if state.world.is_fortified(target):

        def worn() -> Fight:
            after = state.clone()
            after.world = FortificationWorn(target, 1, state.game_number).apply(state.world)
            return fight_in(after, seat, origin, target)

    return Fight(modify=modify if acting else None, resolve=resolve, attack_faces=faces, worn=worn)


def attack_odds(state: GameState, seat: int, origin: str, target: str, *, stay: int = 1) -> Odds:
    """Attacking until `target` falls or `stay` troops are left in `origin`."""
    free = state.troops(origin) - max(1, stay)
    return attack_until(fight_in(state, seat, origin, target), free, state.troops(target))


# --- fights from named modifiers (the calculator) ------------------------------------------------


def _fortified(attack: list[int], defence: list[int]) -> tuple[list[int], list[int]]:
    return attack, [min(6, v + 1) for v in defence]


def _scar(kind: str) -> Modify:
    def modify(attack: list[int], defence: list[int]) -> tuple[list[int], list[int]]:
        defence = list(defence)
        if kind == "bunker":
            defence[0] = min(6, defence[0] + 1)
        else:
            defence[0] = max(1, defence[0] - 1)
        return attack, sorted(defence, reverse=True)

    return modify


def fight_with(*, fortification_uses: int = 0, scar: str | None = None) -> Fight:
    """A fight over a territory with a fortification that has `fortification_uses` 3-dice
    rolls left in it (X-9: +1 on each defence die) and one of the base game's scars; the
    modifiers apply in the X-8 order (the mark, then the scar)."""
    if scar is not None and scar not in SCARS:
        raise ValueError(f"Unknown scar {scar!r}.")
    steps: list[Modify] = []
    if fortification_uses > 0:
        steps.append(_fortified)
    if scar is not None:
        steps.append(_scar(scar))
    if not steps:
        return PLAIN

    def modify(attack: list[int], defence: list[int]) -> tuple[list[int], list[int]]:
        for step in steps:
            attack, defence = step(attack, defence)
        return attack, defence

    worn = (
        (lambda: fight_with(fortification_uses=fortification_uses - 1, scar=scar))
        if fortification_uses > 0
        else None
    )
    return Fight(modify=modify, worn=worn)
