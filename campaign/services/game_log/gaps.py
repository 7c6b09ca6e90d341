"""What a logged game may leave "not recorded": a player's start, the territories they held when
play stopped, or their held-on reward (END-6). Groups forget; the service keeps the gap as a gap
(start None, a `not_recorded` list on the game's record) instead of inventing a value, and a
correction fills it in later. The winner is always needed (END-2), so it cannot be a gap.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.selectors.record_gaps import GAP_WORDS
from campaign.services.game_log.entry import GameLogEntry, PlayerEntry
from rules.errors import Violation
from rules.rewards import rewards_given

GAPS = tuple(GAP_WORDS)
# "Something given and marked not recorded", one whole sentence for each gap.
GIVEN_AND_GAP = {
    "start": gettext_lazy(
        "The starting territory is both given and marked not recorded: keep one of the two."
    ),
    "held": gettext_lazy(
        "The territories held at the end is both given and marked not recorded: keep one of "
        "the two."
    ),
    "reward": gettext_lazy(
        "The held-on reward is both given and marked not recorded: keep one of the two."
    ),
}


def gap_refusals(entry: GameLogEntry, game: int) -> list[tuple[str, Violation]]:
    """(field, violation) for gaps that contradict the rest of the entry: something marked not
    recorded yet given, a reward gap for a player who takes no held-on reward."""
    found: list[tuple[str, Violation]] = []
    for i, player in enumerate(entry.players):
        where = f"players.{i}"
        unknown = [w for w in player.not_recorded if w not in GAPS]
        if unknown:
            found.append(
                (
                    f"{where}.not_recorded",
                    Violation(
                        "unknown_gap",
                        _(
                            "Only a start, the territories held or a held-on reward may be left "
                            "not recorded."
                        ),
                        "END-2",
                    ),
                )
            )
        given = {
            "start": bool(player.start),
            "held": bool(player.held),
            "reward": player.reward is not None,
        }
        for what, is_given in given.items():
            if is_given and not player.knows(what):
                found.append(
                    (
                        f"{where}.{what}",
                        Violation(
                            "gap_given",
                            str(GIVEN_AND_GAP[what]),
                            "END-6" if what == "reward" else "S-7",
                        ),
                    )
                )
        if not player.knows("reward") and (
            entry.outcome(player) != "held_on" or not rewards_given(game)
        ):
            found.append(
                (
                    f"{where}.reward",
                    Violation(
                        "gap_not_owed",
                        _(
                            "Only a held-on player of games 1-15 takes a held-on reward, so only "
                            "theirs can be not recorded."
                        ),
                        "END-6",
                    ),
                )
            )
    return found


def recorded_player(entry: GameLogEntry, player: PlayerEntry) -> dict[str, Any]:
    """The player's row of the game's record: an unknown start is None, and the other gaps are
    listed under `not_recorded` (absent when nothing is missing, as in older records)."""
    gaps = [w for w in ("held", "reward") if not player.knows(w)]
    return {
        "person": player.person,
        "faction": player.faction,
        "start": player.start if player.knows("start") else None,
        "outcome": entry.outcome(player),
        **({"eliminated_by": player.eliminated_by} if player.eliminated_by else {}),
        **({"not_recorded": gaps} if gaps else {}),
    }


def reward_held(player: PlayerEntry) -> tuple[str, ...]:
    """The territories a held-on reward may target: those held, or, when the list is not
    recorded, the reward's own target (the group says it was held; END-6 cannot be checked)."""
    if player.knows("held") or player.reward is None:
        return player.held
    return (player.reward.target,)
