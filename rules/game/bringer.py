"""The Bringer of Nuclear Fire's extra missiles at setup (rules addition `bringer_missiles`,
J164s with J167s): when the Mutants play, the faction that nuked the board starts with 2
missiles on top of its player's own (S-3)."""

from __future__ import annotations

from rules import box
from rules.data import rules_content
from rules.game.common import seat_label
from rules.game.events import GameEvent
from rules.game.fallout import FALLOUT_IMMUNE
from rules.game.state import GameState
from rules.names import faction_word
from rules.words import gettext_lazy

BRINGER_MISSILES = 2


def _mutant(faction: str | None) -> bool:
    """A faction whose card the fallout never harms (the Mutants)."""
    found = rules_content().factions.get(faction or "")
    return found is not None and any(p.effect == FALLOUT_IMMUNE for p in found.powers)


def give_bringer_missiles(state: GameState, events: list[GameEvent]) -> None:
    """Once every faction is chosen: the Bringer's seat takes its 2 extra missiles, if the
    addition is in the box and a Mutant faction plays in this game."""
    bringer = state.world.bringer
    if bringer is None or not box.addition_active(state.world, "bringer_missiles"):
        return
    if not any(_mutant(seat.faction) for seat in state.seats):
        return
    for index, seat in enumerate(state.seats):
        if seat.faction != bringer:
            continue
        state.set_seat(index, missiles=seat.missiles + BRINGER_MISSILES)
        events.append(
            GameEvent(
                "bringer_missiles",
                gettext_lazy(
                    "The Mutants play: %(player)s (%(faction)s, the Bringer of Nuclear Fire) "
                    "starts with %(count)s more missiles (%(total)s in all)."
                )
                % {
                    "player": seat_label(state, index),
                    "faction": faction_word(bringer),
                    "count": BRINGER_MISSILES,
                    "total": seat.missiles + BRINGER_MISSILES,
                },
                {"seat": index, "faction": bringer, "missiles": BRINGER_MISSILES},
            )
        )
