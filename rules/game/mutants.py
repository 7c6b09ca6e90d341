"""The Mutants (Pocket 1) in play: the two powers printed on their card, and the evolved powers
the card reveals once both Evolve cards are scratched. Their cards (Agent of Chaos, The Mutants
Evolve) live in `mutant_events`; the condition of the mission printed in their red slot lives
with the other conditions in `missions`.

Of the evolved powers, Unnatural Strength and Unstable Cloning act on a roll and live here.
Mindshackle (a card swap after the draw) and Mass Hypnosis (a territory named with a trade-in,
safe until the Mutants' next turn) each wait on a decision of the Mutants' player: they live in
`mutant_evolutions`.

Both printed powers always act (`effects.printed_effects`). Born of the Fallout
(`fallout_immune`) is read by the fallout rules themselves; this module adds what it means
with Old Grudges: the fallout territory counts as a Biohazard territory for the Mutants, and
Old Grudges turns Biohazard into a gain, so they gain 1 troop there [inference from combining
the two].
"""

from __future__ import annotations

from rules import box
from rules.data import content
from rules.game.common import seat_label
from rules.game.effects import EVOLVING_FACTION, Outcome, Roll, has_effect, outcome_effect
from rules.game.events import GameEvent
from rules.game.state import GameState, territory_name
from rules.names import territory_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy

MUTANTS = EVOLVING_FACTION
OLD_GRUDGES = "reroll_ones_against_bringer"
FALLOUT_IMMUNE = "fallout_immune"
UNNATURAL_STRENGTH = "unnatural_strength"
UNSTABLE_CLONING = "unstable_cloning"
LOSE_ONE = "end_of_turn_lose_one"
"""Biohazard's effect: the controller loses 1 troop there at the end of its turn."""
GAIN_ONE = "end_of_turn_gain_one"
"""Mercenary's effect: 1 troop joins the controller there at the end of its turn."""
SWAPPED = {LOSE_ONE: GAIN_ONE, GAIN_ONE: LOSE_ONE}


def power_name(effect: str) -> str:
    """The printed name of the Mutant power or evolved power acting as `effect`."""
    evolved = content().evolutions.get(effect)
    if evolved is not None:
        return evolved.name
    powers = content().factions[MUTANTS].powers
    return next(p.name for p in powers if p.effect == effect)


def _used(effect: str, text: str, territory: str) -> GameEvent:
    return GameEvent("power_used", text, {"power": effect, "territory": territory})


# --- Old Grudges -------------------------------------------------------------------------------


def reroll_ones(
    state: GameState, rng: Rng, attacker: int, defender: int, dice: list[int]
) -> tuple[list[int], GameEvent | None]:
    """Old Grudges: attacking the Bringer of Nuclear Fire, every natural 1 of the attack is
    rolled again until it shows something else. The power says "may"; a 1 never wins a
    comparison, so the attacker always takes it [inference]. Returns the natural dice after
    the re-rolls (sorted high to low) and the event saying so, if any die was rolled again."""
    bringer = state.world.bringer
    ones = dice.count(1)
    if not ones or bringer is None or state.seats[defender].faction != bringer:
        return dice, None
    if not has_effect(state, attacker, OLD_GRUDGES):
        return dice, None
    again = []
    for _roll in range(ones):
        value = rng.die()
        while value == 1:
            value = rng.die()
        again.append(value)
    rolled = sorted([*(v for v in dice if v != 1), *again], reverse=True)
    shown = ",".join(str(v) for v in again)
    words = (
        _(
            "%(power)s: %(player)s rolls the 1 again against the Bringer of Nuclear Fire and gets "
            "%(dice)s."
        )
        if ones == 1
        else _(
            "%(power)s: %(player)s rolls the %(count)s 1s again against the Bringer of Nuclear "
            "Fire and gets %(dice)s."
        )
    )
    text = words % {
        "power": power_name(OLD_GRUDGES),
        "player": seat_label(state, attacker),
        "count": ones,
        "dice": shown,
    }
    event = GameEvent("power_used", text, {"power": OLD_GRUDGES, "ones": ones, "rerolled": again})
    return rolled, event


def end_of_turn_scar_effect(state: GameState, seat: int, effect: str) -> str:
    """Old Grudges: for the Mutants, Biohazard and Mercenary swap what they do at the end of
    their turn (E-9): a Biohazard territory gains them a troop, a Mercenary one loses one."""
    if effect in SWAPPED and has_effect(state, seat, OLD_GRUDGES):
        return SWAPPED[effect]
    return effect


def fallout_end_of_turn(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """J169s with the Mutants' two powers: the fallout territory they control is a Biohazard
    territory for them, and Biohazard gains them a troop, so 1 Mutant troop joins there."""
    fallout = state.world.fallout
    if fallout is None or state.owner(fallout) != seat:
        return
    if not box.addition_active(state.world, "fallout_zone"):
        return
    if not (has_effect(state, seat, FALLOUT_IMMUNE) and has_effect(state, seat, OLD_GRUDGES)):
        return
    state.set_troops(fallout, seat, state.troops(fallout) + 1)
    events.append(
        GameEvent(
            "scar_effect",
            gettext_lazy(
                "%(power)s: the fallout zone counts as a Biohazard territory for %(player)s, and 1 "
                "troop joins them in %(territory)s."
            )
            % {
                "power": power_name(OLD_GRUDGES),
                "player": seat_label(state, seat),
                "territory": territory_word(fallout),
            },
            {"seat": seat, "territory": fallout, "troops": 1},
        )
    )


# --- evolved powers (J178, J179) ---------------------------------------------------------------


@outcome_effect(UNNATURAL_STRENGTH)
def unnatural_strength(roll: Roll, outcome: Outcome, holder: int) -> None:
    """An attacking Mutant 6 beats a defending 6 instead of losing the tie (X-7), on the final
    values the dice are compared with."""
    if holder != roll.attacker:
        return
    pairs = zip(sorted(roll.attack, reverse=True), sorted(roll.defence, reverse=True), strict=False)
    sixes = sum(1 for high, low in pairs if high == low == 6)
    if not sixes:
        return
    outcome.attacker_losses -= sixes
    outcome.defender_losses += sixes
    outcome.events.append(
        _used(
            UNNATURAL_STRENGTH,
            _("%(power)s: the attacking 6 beats the defending 6 in %(territory)s.")
            % {"power": power_name(UNNATURAL_STRENGTH), "territory": territory_name(roll.target)},
            roll.target,
        )
    )


@outcome_effect(UNSTABLE_CLONING)
def unstable_cloning(roll: Roll, outcome: Outcome, holder: int) -> None:
    """Defending with a natural pair and keeping the territory through the roll, the Mutants
    gain 1 troop there."""
    natural = roll.natural_defence
    if holder != roll.defender or len(natural) != 2 or natural[0] != natural[1]:
        return
    state = roll.state
    troops = state.troops(roll.target)
    if troops - outcome.defender_losses <= 0:
        return
    state.set_troops(roll.target, holder, troops + 1)
    outcome.events.append(
        _used(
            UNSTABLE_CLONING,
            _(
                "%(power)s: a pair of %(value)ss holds %(territory)s, and 1 troop joins "
                "%(player)s there."
            )
            % {
                "power": power_name(UNSTABLE_CLONING),
                "value": natural[0],
                "territory": territory_name(roll.target),
                "player": seat_label(state, holder),
            },
            roll.target,
        )
    )
