"""Who played what in a logged game (S-6, S-7, S-10, END-2): each faction once, each person
once, starting territories the world allows, held territories, the winner, who eliminated whom.
"""

from __future__ import annotations

from collections.abc import Mapping

from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.packs import eliminated_by_refusals
from campaign.services.game_log.planner import GamePlanner
from rules import board_links, box
from rules.data import board
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import World


def _territory_name(key: str) -> str:
    return board().territory(key).name if board().knows(key) else repr(key)


def _city_words(kind: str) -> str:
    """ "X holds the <kind> city Y; nobody starts there.", one whole sentence per kind."""
    if kind == "minor":
        return _("%(territory)s holds the minor city %(city)s; nobody starts there.")
    if kind == "capital":
        return _("%(territory)s holds the capital city %(city)s; nobody starts there.")
    return _("%(territory)s holds the %(kind)s city %(city)s; nobody starts there.")


def _start_violations(world: World, person: str, start: str) -> list[Violation]:
    """S-7: unoccupied and unmarked, or a Major City this person founded."""
    if not board_links.on_board(world, start):
        return [
            Violation(
                "unknown_territory", _("There is no territory '%(key)s'.") % {"key": start}, "C-2"
            )
        ]
    city = world.cities.get(start)
    name = _territory_name(start)
    if city is not None:
        if city.kind == "major" and city.founder == person:
            return []
        if city.kind == "major":
            return [
                Violation(
                    "start_in_others_city",
                    _(
                        "%(territory)s holds %(city)s, a Major City someone else founded; only "
                        "its founder may start there."
                    )
                    % {"territory": name, "city": city.name},
                    "S-7",
                )
            ]
        return [
            Violation(
                "start_in_city",
                _city_words(city.kind) % {"territory": name, "city": city.name, "kind": city.kind},
                "S-7",
            )
        ]
    if world.is_marked(start):
        return [
            Violation(
                "start_marked",
                _("%(territory)s carries a scar (a mark); starting territories must be unmarked.")
                % {"territory": name},
                "S-7",
            )
        ]
    return []


def plan_seating(
    planner: GamePlanner, entry: GameLogEntry, world: World, persons: Mapping[str, str]
) -> None:
    """Refuse what makes the seating wrong; `world` is the world before the game, where the
    starts are placed. Adds no event: the caller records the game once the seating holds.
    A pack's faction is seated from the game after its pack opened (a sealed one is refused
    like an unknown one, U-8); a territory held at the end may be one a pocket adds, checked
    once the game's events place it (`pockets`)."""
    refuse = planner.refuse
    factions = box.factions(world)

    seen_factions: set[str] = set()
    seen_persons: set[str] = set()
    holders: dict[str, int] = {}
    for i, player in enumerate(entry.players):
        where = f"players.{i}"
        if player.faction not in factions:
            refuse(f"{where}.faction", Violation("unknown_faction", _("Choose a faction."), "C-3"))
        elif player.faction in seen_factions:
            refuse(
                f"{where}.faction",
                Violation(
                    "faction_twice",
                    _("%(faction)s is already taken; each faction is played once.")
                    % {"faction": factions[player.faction].name},
                    "S-6",
                ),
            )
        seen_factions.add(player.faction)
        if player.person not in persons:
            refuse(
                f"{where}.person",
                Violation("unknown_person", _("Choose a member or name a guest."), "G-17"),
            )
        elif player.person in seen_persons:
            refuse(
                f"{where}.person",
                Violation(
                    "person_twice",
                    _("%(name)s already plays; each person plays one faction.")
                    % {"name": persons[player.person]},
                    "S-6",
                ),
            )
        seen_persons.add(player.person)
        if not player.start:
            if player.knows("start"):
                refuse(
                    f"{where}.start",
                    Violation(
                        "required",
                        _("Give the starting territory, or mark it not recorded."),
                        "S-7",
                    ),
                )
        else:
            for violation in _start_violations(world, player.person, player.start):
                refuse(f"{where}.start", violation)
        for key in player.held:
            if not board().knows(key):
                refuse(
                    f"{where}.held",
                    Violation(
                        "unknown_territory",
                        _("There is no territory '%(key)s'.") % {"key": key},
                        "C-2",
                    ),
                )
            elif key in holders:
                refuse(
                    f"{where}.held",
                    Violation(
                        "held_twice",
                        _(
                            "%(territory)s is listed for two players; one player controls a "
                            "territory."
                        )
                        % {"territory": _territory_name(key)},
                        "G-6",
                    ),
                )
            holders.setdefault(key, i)
        if player.held and not player.troops_at_end:
            refuse(
                f"{where}.held",
                Violation(
                    "held_without_troops",
                    _("A player with no troops on the board at the end holds no territory."),
                    "G-6",
                ),
            )
    starts = [p.start for p in entry.players if p.start]
    for i, player in enumerate(entry.players):
        if not player.start or not board_links.on_board(world, player.start):
            continue
        if starts.count(player.start) > 1 and starts.index(player.start) < i:
            refuse(
                f"players.{i}.start",
                Violation(
                    "start_twice",
                    _("%(territory)s is already another faction's start.")
                    % {"territory": _territory_name(player.start)},
                    "S-7",
                ),
            )
            continue
        near = [
            other.start
            for other in entry.players[:i]
            if board_links.on_board(world, other.start)
            and board_links.adjacent(world, player.start, other.start)
        ]
        if near:
            refuse(
                f"players.{i}.start",
                Violation(
                    "hq_adjacent",
                    _(
                        "%(territory)s borders %(other)s, another faction's HQ; HQs may not be "
                        "placed next to each other at setup."
                    )
                    % {
                        "territory": _territory_name(player.start),
                        "other": _territory_name(near[0]),
                    },
                    "S-7.1",
                ),
            )
    if entry.winner not in {p.faction for p in entry.players}:
        refuse(
            "winner", Violation("one_winner", _("The winner must be one of the factions."), "END-2")
        )
    winner = next((p for p in entry.players if p.faction == entry.winner), None)
    if winner is not None and not winner.troops_at_end:
        refuse(
            "winner",
            Violation(
                "winner_without_troops",
                _("The winner had troops on the board at the end."),
                "END-2",
            ),
        )
    for where, violation in eliminated_by_refusals(entry):
        refuse(where, violation, hard=True)
