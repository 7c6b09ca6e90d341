"""Tallies the records contradict. Every game has exactly one winner (END-2) and games 1-15
are signed once each, by their winner (END-4, END-9), so some totals cannot be: more wins than
games, more signatures than signed games, a person with more wins than games played. Such a
number is shown as impossible, never taken as fact.

`claimed_tally_problems` checks numbers a person gives (say "8 wins each" for 3 players over 15
games: 24 wins in 15 games); `tally_problems` checks the world's own records, which an owner's
override or a hand-edited import may have bent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from rules.data import content
from rules.world import World


@dataclass(frozen=True)
class TallyProblem:
    code: str
    text: str
    rule: str


def _signed_games(games: int) -> int:
    return min(games, content().constants["rewarded_games"])


def claimed_tally_problems(
    *,
    games: int,
    wins: Mapping[str, int],
    played: Mapping[str, int] | None = None,
    signatures: Mapping[str, int] | None = None,
) -> list[TallyProblem]:
    """Why claimed per-person counts cannot all be true after `games` games. `played` (games
    each person played) and `signatures` (lines each signed) are checked when given."""
    problems: list[TallyProblem] = []
    counts = {
        gettext_noop("%(person)s cannot have %(n)s wins."): wins,
        gettext_noop("%(person)s cannot have %(n)s games played."): played or {},
        gettext_noop("%(person)s cannot have %(n)s signatures."): signatures or {},
    }
    for what, tally in counts.items():
        for person, n in tally.items():
            if n < 0:
                problems.append(
                    TallyProblem("negative", _(what) % {"person": person, "n": n}, "END-2")
                )
    total = sum(max(0, n) for n in wins.values())
    if total > games:
        problems.append(
            TallyProblem(
                "more_wins_than_games",
                ngettext(
                    "%(total)s wins in all, but only %(games)s game played: each game has "
                    "exactly one winner.",
                    "%(total)s wins in all, but only %(games)s games played: each game has "
                    "exactly one winner.",
                    games,
                )
                % {"total": total, "games": games},
                "END-2",
            )
        )
    for person, n in wins.items():
        limit = (played or {}).get(person, games)
        if n > limit:
            problems.append(
                TallyProblem(
                    "wins_beyond_games",
                    _("%(person)s cannot have won %(n)s games out of %(limit)s played.")
                    % {"person": person, "n": n, "limit": limit},
                    "END-2",
                )
            )
        if person in (played or {}) and played[person] > games:
            problems.append(
                TallyProblem(
                    "played_beyond_games",
                    _("%(person)s cannot have played %(n)s of %(games)s games.")
                    % {"person": person, "n": played[person], "games": games},
                    "S-10",
                )
            )
    if signatures is not None:
        signed = sum(max(0, n) for n in signatures.values())
        if signed > _signed_games(games):
            problems.append(
                TallyProblem(
                    "more_signatures_than_games",
                    _(
                        "%(signed)s signatures, but only %(games)s games are signed so far: one "
                        "line per game, games 1-15."
                    )
                    % {"signed": signed, "games": _signed_games(games)},
                    "END-4",
                )
            )
    return problems


def tally_problems(world: World, names: Mapping[str, str] | None = None) -> list[TallyProblem]:
    """What the world's own records contradict: a game with other than one winner, wins and
    signatures beyond the games played, a game signed twice or before it was played. People
    are named by `names` (person key -> display name) when given."""

    def who(person: str) -> str:
        return (names or {}).get(person, person)

    problems: list[TallyProblem] = []
    games = world.games_played
    played = [r for r in world.faction_records if r.player is not None]
    winners = Counter(r.game for r in played if r.outcome == "won")
    for game in sorted({r.game for r in played}):
        if winners[game] != 1:
            problems.append(
                TallyProblem(
                    "one_winner",
                    _("Game %(game)s is recorded with %(n)s winners; a game has exactly one.")
                    % {"game": game, "n": winners[game]},
                    "END-2",
                )
            )
    problems += claimed_tally_problems(
        games=games,
        wins=Counter(who(r.player) for r in played if r.outcome == "won"),
        played=Counter(who(r.player) for r in played),
        signatures=Counter(who(s.person) for s in world.signatures),
    )
    lines = Counter(s.game for s in world.signatures)
    for game, n in sorted(lines.items()):
        if n > 1:
            problems.append(
                TallyProblem(
                    "signed_twice",
                    _("Game %(game)s is signed %(n)s times.") % {"game": game, "n": n},
                    "END-4",
                )
            )
        if game > games:
            problems.append(
                TallyProblem(
                    "signed_before_played",
                    _("Game %(game)s is signed but only %(games)s games are played.")
                    % {"game": game, "games": games},
                    "END-4",
                )
            )
    return problems
