"""The heuristic bot and the pack factions, kept apart from `rules.bots`: how much it likes
the Mutants' or the Aliens' card when choosing or drafting a faction, which option it
scratches off an Evolve card (J178, J179), and the two evolved powers it uses whenever offered:
Mindshackle and Mass Hypnosis.

Every choice is taken from what the engine lists, so a bot never tries an illegal move.
"""

from __future__ import annotations

from rules import box
from rules.data import content
from rules.game import GameState, Move, MoveOption, ResolveEvent, legal_move_options
from rules.game.event_cards import card_on_table
from rules.game.mutant_events import MUTANTS_EVOLVE
from rules.game.mutant_evolutions import MINDSHACKLE_WINDOW, Hypnotize, KeepCard, Mindshackle

PHASE = MINDSHACKLE_WINDOW
"""The decision only Mindshackle asks for; `mindshackle_move` answers it."""

PACK_FACTION_TASTE = 2
"""Both printed powers always act (the Mutants' re-roll and scar swap, the Aliens' free
landing and island bonus): as good as a strong starting power (`rules.bots.POWER_TASTE`)."""

EVOLUTION_TASTE = ("unnatural_strength", "unstable_cloning", "mindshackle", "mass_hypnosis")
"""Evolved powers, best first: the two that act on every roll come first."""


def faction_taste(faction: str) -> int | None:
    """How much the bot likes a faction whose card needs no P-2 choice (None: not one of them,
    the starting power decides)."""
    return PACK_FACTION_TASTE if box.is_pack_faction(faction) else None


def _rank(option: str, scratched: set[str]) -> int:
    """The best evolved power still reachable by scratching `option` off, given the option
    already scratched off the other Evolve card (if any)."""
    reachable = [
        e.key
        for e in content().evolutions.values()
        if option in e.options and scratched <= set(e.options)
    ]
    ranks = [EVOLUTION_TASTE.index(key) for key in reachable if key in EVOLUTION_TASTE]
    return min(ranks, default=len(EVOLUTION_TASTE))


def evolve_move(state: GameState, options: list[MoveOption]) -> Move | None:
    """The option to scratch off the Evolve card on the table, or None for any other card."""
    if card_on_table(state).key != MUTANTS_EVOLVE:
        return None
    answers = [o.move for o in options if isinstance(o.move, ResolveEvent)]
    scratched = set(state.world.evolutions.values())
    return min(answers, key=lambda m: (_rank(m.option, scratched), m.option), default=None)


def mindshackle_move(state: GameState, seat: int) -> Move:
    """Mindshackle from the player holding the most cards (the blind pick is likeliest to be
    worth more than one drawn card), else keep the card."""
    swaps = [o.move for o in legal_move_options(state, seat) if isinstance(o.move, Mindshackle)]
    best = max(swaps, key=lambda m: (len(state.seats[m.victim].cards), -m.victim), default=None)
    return best or KeepCard()


def hypnosis_move(state: GameState, seat: int) -> Move | None:
    """Mass Hypnosis on a territory the bot holds, the weakest first (the one most worth
    shielding), else on any territory offered; None when it is not offered."""
    named = [o.move for o in legal_move_options(state, seat) if isinstance(o.move, Hypnotize)]
    if not named:
        return None
    own = [m for m in named if state.owner(m.territory) == seat]
    return min(own or named, key=lambda m: (state.troops(m.territory), m.territory))
