"""Kinds of effect, keyed by the `effect` strings of the content data (powers, scars, events).

New content arrives as data naming one of these keys; a new *kind* of effect is one new function
registered here, never a rewrite of the turn. Die modifiers run in the X-8 order: marks
(fortification), the scar on the defending territory, faction-card scars, then faction powers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules import box
from rules.data import rules_content
from rules.game.events import GameEvent
from rules.game.state import GameState, changed, territory_name
from rules.names import territory_word
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world import World, kept_across

# Effect keys that the engine's steps ask about directly (fixtures/content.json).
MANEUVER_ANY_TIME = "maneuver_any_time"
MANEUVER_UNCONNECTED = "maneuver_unconnected"
FIRST_STRIKE = "first_target_lower_defence_minus_one"
WELL_SUPPLIED = "ignores_ammo_shortage"


def comeback_effect(state: GameState, seat: int) -> str | None:
    """The `effect` key of the comeback power in this seat's faction's blue slot (Pack 2)."""
    return _faction_effects(state.world, state.seats[seat].faction).comeback


EVOLVING_FACTION = "mutants"
"""The faction whose card hides an evolved power, revealed once both Evolve cards are
scratched (J178, J179); its key is the effect key of that power."""


def printed_effects(state: GameState, seat: int) -> list[str]:
    """G-3: the effect keys printed on the seat's faction card that act: a base faction's
    starting power chosen at P-2; both printed powers of a pack faction (Mutants, Aliens), and
    the Mutants' evolved power once revealed."""
    return list(_faction_effects(state.world, state.seats[seat].faction).printed)


def power_effects(state: GameState, seat: int) -> list[str]:
    """The effect keys of the powers on this seat's faction card: printed and comeback."""
    return list(_faction_effects(state.world, state.seats[seat].faction).powers)


def seat_effects(state: GameState, seat: int) -> tuple[str, ...]:
    """The effect keys acting for a seat: its faction card's powers and its faction-card scar
    (G-3, G-4). The kept keys are read here, not through `_faction_effects`: a call fewer,
    and several moves ask it a dozen times."""
    faction = state.seats[seat].faction
    try:
        effects: FactionEffects = state.world.__dict__["_derived"][_effects_table][faction]
    except KeyError:
        effects = _faction_effects(state.world, faction)
    return effects.acting


def has_effect(state: GameState, seat: int, effect: str) -> bool:
    faction = state.seats[seat].faction
    try:  # `seat_effects`, without its call
        effects: FactionEffects = state.world.__dict__["_derived"][_effects_table][faction]
    except KeyError:
        effects = _faction_effects(state.world, faction)
    return effect in effects.acting


@dataclass(frozen=True)
class FactionEffects:
    """The effect keys a faction card carries in one world: the world alone decides them, so
    they are worked out once per world and faction (`World.derived`)."""

    printed: tuple[str, ...]
    comeback: str | None
    powers: tuple[str, ...]
    acting: tuple[str, ...]


def _faction_effects(world: World, faction: str | None) -> FactionEffects:
    try:  # `World.derived`'s own memo read directly: several times a move
        return world.__dict__["_derived"][_effects_table][faction]  # type: ignore[no-any-return]
    except KeyError:
        found = world.derived(_effects_table)[faction] = _effects_of(world, faction)
        return found


@kept_across("starting_powers", "comeback_powers", "faction_scars", "evolutions", "packs_opened")
def _effects_table(world: World) -> dict[str | None, FactionEffects]:
    return {}


def _effects_of(world: World, faction: str | None) -> FactionEffects:
    facts = rules_content()
    if faction is None:
        printed: tuple[str, ...] = ()
    elif box.is_pack_faction(faction):
        evolved = box.evolution_key(world) if faction == EVOLVING_FACTION else None
        powers = tuple(power.effect for power in facts.factions[faction].powers)
        printed = (*powers, *([evolved] if evolved else []))
    else:
        power = world.starting_powers.get(faction)
        printed = (facts.power(power).effect,) if power else ()
    key = world.comeback_powers.get(faction) if faction else None
    found = box.comeback_powers(world).get(key) if key else None
    comeback = found.effect if found else None
    powers = (*printed, *([comeback] if comeback else []))
    scar = world.faction_scars.get(faction) if faction else None
    scar_effects = (facts.scar_types[scar.kind].effect,) if scar and not scar.cancelled else ()
    return FactionEffects(printed, comeback, powers, (*powers, *scar_effects))


@dataclass(slots=True)
class Roll:
    """One combat roll while modifiers apply. Dice lists are sorted high to low."""

    state: GameState
    attacker: int
    defender: int
    origin: str
    target: str
    natural_attack: list[int]
    natural_defence: list[int]
    attack: list[int] = field(default_factory=list)
    defence: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


DieModifier = Callable[[Roll, int | None], None]
"""Changes `roll.attack` / `roll.defence` in place; the int is the seat holding the effect."""

DIE_MODIFIERS: dict[str, DieModifier] = {}
RollSeats = tuple[int, int, str | None, str | None]
"""A roll's attacker and defender seats and their factions."""
Steps = tuple[tuple[DieModifier, int | None], ...]
"""Die modifiers in their X-8 order, each with the seat holding it (None: the board's)."""


def die_modifier(effect: str) -> Callable[[DieModifier], DieModifier]:
    def register(function: DieModifier) -> DieModifier:
        DIE_MODIFIERS[effect] = function
        return function

    return register


def _clamp(value: int) -> int:
    return max(1, min(6, value))


def _fortify(roll: Roll, reason: str) -> None:
    """X-9: +1 on each defence die, an explicit exception to X-8(2)."""
    roll.defence = [_clamp(v + 1) for v in roll.defence]
    roll.notes.append(reason)


@die_modifier("fortification")
def fortification(roll: Roll, holder: int | None) -> None:
    if roll.state.world.is_fortified(roll.target):
        _fortify(
            roll,
            _("fortification of %(territory)s: +1 on each defence die")
            % {"territory": territory_name(roll.target)},
        )


@die_modifier("defence_best_die_plus_one")
def bunker(roll: Roll, holder: int | None) -> None:
    """Bunker (A56s): +1 on the defender's higher die only, even on a pair (X-8(2)). A higher
    die of 6 stays a 6 (X-8(1)) and the lower die gains nothing."""
    value = roll.defence[0]
    if value < 6:
        roll.defence[0] = value + 1
        roll.notes.append(
            _("Bunker: the defence %(value)s becomes %(new)s") % {"value": value, "new": value + 1}
        )


@die_modifier("defence_best_die_minus_one")
def ammo_shortage(roll: Roll, holder: int | None) -> None:
    """Ammo Shortage (A53s): -1 on the defender's higher die (never below 1), unless the
    defender's faction is Well-Supplied (a Pack 2 comeback power)."""
    if has_effect(roll.state, roll.defender, WELL_SUPPLIED):
        roll.notes.append(_("Well-Supplied: the Ammo Shortage lowers no defence die"))
        return
    value = roll.defence[0]
    if value > 1:
        roll.defence[0] = value - 1
        roll.notes.append(
            _("Ammo Shortage: the defence %(value)s becomes %(new)s")
            % {"value": value, "new": value - 1}
        )


@die_modifier("fortified_own_starting_hq")
def fortified_hq(roll: Roll, holder: int | None) -> None:
    """Die Mechaniker: defending its own HQ's territory counts as fortified (not stacking)."""
    state = roll.state
    if holder != roll.defender or state.hqs.get(roll.target) != holder:
        return
    if state.world.is_fortified(roll.target):
        return
    _fortify(roll, _("Fortified HQ: +1 on each defence die"))


@die_modifier(FIRST_STRIKE)
def first_strike(roll: Roll, holder: int | None) -> None:
    """Enclave of the Bear: -1 on the defender's lower die in its first target of the turn."""
    turn = roll.state.turn
    if holder != roll.attacker or not turn.first_strike_active:
        return
    if turn.first_target != roll.target:
        return
    value = roll.defence[-1]
    if value > 1:
        roll.defence[-1] = value - 1
        roll.notes.append(
            _("First Strike: the lower defence %(value)s becomes %(new)s")
            % {"value": value, "new": value - 1}
        )


def die_modifier_steps(
    state: GameState, attacker: int, defender: int, target: str
) -> list[tuple[DieModifier, int | None]]:
    """X-8: the modifiers that may act on a roll over `target`, in their order (none under
    EMP, J167s: fights over that territory keep their natural dice this turn): the
    fortification, the defending territory's live scar, the two faction-card scars, then the
    two factions' powers (their effect keys kept per world, `_faction_effects`)."""
    if target in state.turn.emp_territories:
        return []
    world, seats = state.world, state.seats
    steps: list[tuple[DieModifier, int | None]] = [(fortification, None)]
    scar = world.scars.get(target)
    if scar is not None and not scar.cancelled:
        modifier = DIE_MODIFIERS.get(rules_content().scar_types[scar.kind].effect)
        if modifier is not None:
            steps.append((modifier, None))
    factions = (attacker, defender, seats[attacker].faction, seats[defender].faction)
    table = world.derived(_steps_table)
    kept = table.get(factions)
    if kept is None or kept[0] != len(DIE_MODIFIERS):  # a module registered one since
        kept = table[factions] = (len(DIE_MODIFIERS), _faction_steps(world, factions))
    steps += kept[1]
    return steps


@kept_across("starting_powers", "comeback_powers", "faction_scars", "evolutions", "packs_opened")
def _steps_table(world: World) -> dict[RollSeats, tuple[int, Steps]]:
    """`_faction_steps` by the roll's seats and their factions, with the count of modifiers
    registered when it was kept: the effect keys (`_effects_table`) decide them alone."""
    return {}


def _faction_steps(world: World, factions: RollSeats) -> Steps:
    """The two faction-card scars', then the two factions' powers' modifiers (X-8)."""
    attacker, defender, attacker_faction, defender_faction = factions
    sides = (
        (attacker, _faction_effects(world, attacker_faction)),
        (defender, _faction_effects(world, defender_faction)),
    )
    steps: list[tuple[DieModifier, int | None]] = []
    for seat, effects in sides:
        for effect in effects.acting[len(effects.powers) :]:  # a faction-card scar's
            modifier = DIE_MODIFIERS.get(effect)
            if modifier is not None:
                steps.append((modifier, seat))
    for seat, effects in sides:
        for effect in effects.powers:
            modifier = DIE_MODIFIERS.get(effect)
            if modifier is not None:
                steps.append((modifier, seat))
    return tuple(steps)


def apply_die_modifiers(roll: Roll) -> None:
    """X-8: mark, scar and power modifiers on the natural roll, re-sorting after each (X-8(3))."""
    roll.attack = list(roll.natural_attack)
    roll.defence = list(roll.natural_defence)
    steps = die_modifier_steps(roll.state, roll.attacker, roll.defender, roll.target)
    for modifier, holder in steps:
        modifier(roll, holder)
        roll.attack.sort(reverse=True)
        roll.defence.sort(reverse=True)


# --- effects on a roll's outcome -----------------------------------------------------------------


@dataclass(slots=True)
class Outcome:
    """Casualties of a resolved roll; outcome effects may change them before they apply."""

    attacker_losses: int
    defender_losses: int
    events: list[GameEvent] = field(default_factory=list)


OutcomeEffect = Callable[[Roll, Outcome, int], None]
OUTCOME_EFFECTS: dict[str, OutcomeEffect] = {}


def outcome_effect(effect: str) -> Callable[[OutcomeEffect], OutcomeEffect]:
    def register(function: OutcomeEffect) -> OutcomeEffect:
        OUTCOME_EFFECTS[effect] = function
        return function

    return register


@outcome_effect("triples_overrun")
def overrun(roll: Roll, outcome: Outcome, holder: int) -> None:
    """Enclave of the Bear: natural three of a kind that kills a defender removes them all."""
    natural = roll.natural_attack
    if holder != roll.attacker or len(natural) != 3 or len(set(natural)) != 1:
        return
    if outcome.defender_losses < 1:
        return
    defenders = roll.state.troops(roll.target)
    if defenders > outcome.defender_losses:
        outcome.defender_losses = defenders
        outcome.events.append(
            GameEvent(
                "power_used",
                gettext_lazy("Overrun: three %(value)ss remove every defender of %(territory)s.")
                % {"value": natural[0], "territory": territory_word(roll.target)},
                {"power": "triples_overrun", "territory": roll.target},
            )
        )


@outcome_effect("double_six_blocks_attacks")
def double_six_stand(roll: Roll, outcome: Outcome, holder: int) -> None:
    """Die Mechaniker: a natural defence of two 6s shuts the territory for the turn."""
    if holder != roll.defender or roll.natural_defence != [6, 6]:
        return
    state = roll.state
    if roll.target not in state.turn.blocked:
        state.turn = changed(state.turn, blocked=(*state.turn.blocked, roll.target))
        outcome.events.append(
            GameEvent(
                "power_used",
                gettext_lazy("Double-Six Stand: %(territory)s cannot be attacked again this turn.")
                % {"territory": territory_word(roll.target)},
                {"power": "double_six_blocks_attacks", "territory": roll.target},
            )
        )


def outcome_effects_act(state: GameState, attacker: int, defender: int) -> bool:
    """Whether a power acting on a roll's outcome is held by either side of a roll: without
    one, the losses are the dice's alone."""
    acting = OUTCOME_EFFECTS.keys()
    return not (
        acting.isdisjoint(seat_effects(state, attacker))
        and acting.isdisjoint(seat_effects(state, defender))
    )


def apply_outcome_effects(roll: Roll, outcome: Outcome) -> None:
    for seat in (roll.attacker, roll.defender):
        for effect in seat_effects(roll.state, seat):
            function = OUTCOME_EFFECTS.get(effect)
            if function is not None:
                function(roll, outcome, seat)


# --- end-of-turn scars (E-9) and events (E-7); missions (E-8) live in `missions` ----------------

EndOfTurnScar = Callable[[GameState, str, list[GameEvent]], None]
END_OF_TURN_SCARS: dict[str, EndOfTurnScar] = {}
"""Scar effect key -> what happens to a territory carrying it at the end of its controller's
turn. The starting scars (Bunker, Ammo Shortage) have none; pack scars register here."""

EventEffect = Callable[[GameState, str, list[GameEvent]], None]
EVENT_EFFECTS: dict[str, EventEffect] = {}
"""Event card (its print code, as in the deck) -> its effect (E-7). No event card exists until a
pack opens; `rules.game.pack_events` registers the packs' cards (Packs 1 and 3)."""


# --- effects at fixed points of the turn ---------------------------------------------------------

TurnStartEffect = Callable[[GameState, int, list[GameEvent]], None]
TURN_START_EFFECTS: dict[str, TurnStartEffect] = {}
"""Effect key -> what it does at the start of its holder's turn (T-1 step 1)."""

BaseRecruitEffect = Callable[[int], int]
BASE_RECRUIT_EFFECTS: dict[str, BaseRecruitEffect] = {}
"""Effect key -> base troops from territories + population, instead of rounding down (T-8)."""

CardEarningEffect = Callable[[GameState, int], bool]
CARD_EARNING_EFFECTS: dict[str, CardEarningEffect] = {}
"""Effect key -> whether it earns its holder a card this turn without a conquest (E-2)."""

CardDrawnEffect = Callable[[GameState, int, str, list[GameEvent]], None]
CARD_DRAWN_EFFECTS: dict[str, CardDrawnEffect] = {}
"""Effect key -> what happens when its holder takes a resource card ("coin" or a territory)."""

RecruitBonusEffect = Callable[[GameState, int], list[tuple[str, int]]]
RECRUIT_BONUS_EFFECTS: dict[str, RecruitBonusEffect] = {}
"""Effect key -> troops it adds to its holder's recruit total (T-7), as (what for, troops)."""

ExpansionCostEffect = Callable[[GameState, str], int]
EXPANSION_COST_EFFECTS: dict[str, ExpansionCostEffect] = {}
"""Effect key -> troops it adds to (or, negative, takes off) its holder's cost of expanding
into the empty territory given (X-3, X-4); the total never drops below 0."""


def _power_event(effect: str, text: str, territory: str) -> GameEvent:
    return GameEvent("power_used", text, {"power": effect, "territory": territory})


def _hq_reinforcement(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """Khan Industries: 1 troop joins every territory holding an HQ it controls."""
    for territory in state.hqs:
        if state.owner(territory) == seat:
            state.set_troops(territory, seat, state.troops(territory) + 1)
            name = territory_name(territory)
            events.append(
                _power_event(
                    "troop_on_each_hq_at_turn_start",
                    _("HQ Reinforcement: 1 troop joins %(territory)s.") % {"territory": name},
                    territory,
                )
            )


def _supply_drop(state: GameState, seat: int, card: str, events: list[GameEvent]) -> None:
    """Khan Industries: drawing the card of a territory it controls puts 1 troop there (the
    power says "may"; a troop can only help, so it is always taken [inference])."""
    if card != "coin" and state.owner(card) == seat:
        state.set_troops(card, seat, state.troops(card) + 1)
        events.append(
            _power_event(
                "troop_on_drawn_territory",
                _("Supply Drop: 1 troop joins %(territory)s.")
                % {"territory": territory_name(card)},
                card,
            )
        )


TURN_START_EFFECTS["troop_on_each_hq_at_turn_start"] = _hq_reinforcement
BASE_RECRUIT_EFFECTS["recruit_rounds_up"] = lambda total: -(-total // 3)
CARD_EARNING_EFFECTS["card_for_four_expansions"] = lambda state, seat: state.turn.expansions >= 4
CARD_DRAWN_EFFECTS["troop_on_drawn_territory"] = _supply_drop


def at_turn_start(state: GameState, seat: int, events: list[GameEvent]) -> None:
    for effect in seat_effects(state, seat):
        hook = TURN_START_EFFECTS.get(effect)
        if hook is not None:
            hook(state, seat, events)


def base_from(state: GameState, seat: int, total: int) -> int:
    """T-8 before the minimum: total / 3 rounded down, unless an effect says otherwise."""
    for effect in seat_effects(state, seat):
        rule = BASE_RECRUIT_EFFECTS.get(effect)
        if rule is not None:
            return rule(total)
    return total // 3


def earns_card_by_effect(state: GameState, seat: int) -> bool:
    return any(
        CARD_EARNING_EFFECTS[e](state, seat)
        for e in seat_effects(state, seat)
        if e in CARD_EARNING_EFFECTS
    )


def recruit_bonuses(state: GameState, seat: int) -> list[tuple[str, int]]:
    """Troops the seat's effects add to its recruit total, each with what it is for."""
    found: list[tuple[str, int]] = []
    for effect in seat_effects(state, seat):
        hook = RECRUIT_BONUS_EFFECTS.get(effect)
        if hook is not None:
            found += [(why, troops) for why, troops in hook(state, seat) if troops]
    return found


def expansion_cost_change(state: GameState, seat: int, target: str) -> int:
    """What the seat's effects add to (or take off) the printed cost of expanding into
    `target` (X-3, X-4)."""
    total = 0
    for effect in seat_effects(state, seat):
        change = EXPANSION_COST_EFFECTS.get(effect)
        if change is not None:
            total += change(state, target)
    return total


def on_card_taken(state: GameState, seat: int, card: str, events: list[GameEvent]) -> None:
    for effect in seat_effects(state, seat):
        hook = CARD_DRAWN_EFFECTS.get(effect)
        if hook is not None:
            hook(state, seat, card, events)
