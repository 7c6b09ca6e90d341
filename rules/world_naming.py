"""Naming the world (END-8): at the end of game 15 the person with the most signatures names
it; tied signers roll off, each adding 1 per continent they named. Dice come from the caller
(given rounds, or a seeded `random.Random`), never from global randomness."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.data import content
from rules.errors import IllegalWorldEvent, Violation
from rules.words import gettext as _
from rules.words import listed
from rules.world import World


def world_naming_due(world: World) -> bool:
    """END-8: the world is named at the end of game 15, once, by the most frequent signer."""
    return world.world_name is None and world.games_played >= content().constants["rewarded_games"]


def world_naming_candidates(world: World) -> list[str]:
    """The people with the most signatures (END-8); more than one means a roll-off."""
    counts = world.signature_counts()
    if not counts:
        return []
    most = max(counts.values())
    return sorted(p for p, n in counts.items() if n == most)


def continents_named_by(world: World, person: str) -> int:
    return sum(1 for c in world.continent_names.values() if c.namer == person)


@dataclass(frozen=True)
class RollOff:
    """The END-8 roll-off: each round maps the people still tied to (die, bonus, total)."""

    winner: str
    rounds: tuple[dict[str, tuple[int, int, int]], ...] = field(default_factory=tuple)


def world_naming_rolloff(
    world: World,
    *,
    rounds: Sequence[Mapping[str, int]] | None = None,
    rng: random.Random | None = None,
) -> RollOff:
    """Settle who names the world (END-8): a single most-frequent signer names it; tied signers
    each roll a die plus 1 per continent they named, and the still-tied re-roll (OPEN-15).

    Dice come from `rounds` (one mapping person -> die per round, as rolled at the table) or,
    when `rounds` is None, from `rng` (a seeded generator the caller owns). Raises
    `IllegalWorldEvent` when the given rounds leave out a tied person or stop while still tied.
    """
    tied = world_naming_candidates(world)
    if not tied:
        raise IllegalWorldEvent("no_signers", _("Nobody has signed, so nobody names it."), "END-8")
    if len(tied) == 1:
        return RollOff(winner=tied[0])
    if rounds is None and rng is None:
        raise IllegalWorldEvent(
            "rolloff_dice", _("Tied signers roll off; give the dice rolled."), "END-8"
        )
    played: list[dict[str, tuple[int, int, int]]] = []
    given = list(rounds) if rounds is not None else None
    while len(tied) > 1:
        if given is not None:
            if len(played) >= len(given):
                raise IllegalWorldEvent(
                    "rolloff_unfinished",
                    _("%(people)s are still tied; they roll again.")
                    % {"people": listed(tied, _(" and "))},
                    "END-8",
                )
            dice = dict(given[len(played)])
        else:
            assert rng is not None
            dice = {p: rng.randint(1, 6) for p in tied}
        missing = [p for p in tied if p not in dice]
        if missing:
            raise IllegalWorldEvent(
                "rolloff_missing",
                _("Round %(round)s needs a die for %(people)s.")
                % {"round": len(played) + 1, "people": listed(missing)},
                "END-8",
            )
        if any(not 1 <= dice[p] <= 6 for p in tied):
            raise IllegalWorldEvent("bad_die", _("A die shows 1 to 6."), "C-5")
        result = {
            p: (dice[p], continents_named_by(world, p), dice[p] + continents_named_by(world, p))
            for p in tied
        }
        played.append(result)
        best = max(total for _, _, total in result.values())
        tied = [p for p in tied if result[p][2] == best]
    if given is not None and len(given) > len(played):
        raise IllegalWorldEvent(
            "rolloff_extra", _("The roll-off was settled before the last round given."), "END-8"
        )
    return RollOff(winner=tied[0], rounds=tuple(played))


def world_namer_violations(
    world: World, namer: str | None, *, rounds: Sequence[Mapping[str, int]] = ()
) -> list[Violation]:
    """Why `namer` may not name the world now (END-8), given the roll-off dice if tied."""
    if not namer:
        return [Violation("namer_required", _("Say who names the world."), "END-8")]
    candidates = world_naming_candidates(world)
    if namer not in candidates:
        return [
            Violation(
                "not_most_signatures",
                _("%(namer)s does not have the most signatures; %(candidates)s names the world.")
                % {"namer": namer, "candidates": listed(candidates, _(" or ")) or _("nobody")},
                "END-8",
            )
        ]
    if len(candidates) == 1:
        return []
    try:
        winner = world_naming_rolloff(world, rounds=rounds).winner
    except IllegalWorldEvent as exc:
        return [exc.as_violation()]
    if winner != namer:
        return [
            Violation(
                "lost_rolloff",
                _("%(winner)s won the roll-off, not %(namer)s.")
                % {"winner": winner, "namer": namer},
                "END-8",
            )
        ]
    return []
