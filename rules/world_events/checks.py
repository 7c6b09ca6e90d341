"""Refusals several kinds of world event share: a territory or continent that is not on the
board, a faction that does not exist, and the fallout zone nothing more may be added to."""

from __future__ import annotations

from rules import board_links
from rules.data import board
from rules.errors import Violation
from rules.words import gettext as _
from rules.world import World


def territory_name(territory: str) -> str:
    """The territory's printed name, or its key when the board does not know it."""
    return board().territory(territory).name if board().knows(territory) else territory


def unknown_territory(key: str) -> Violation:
    return Violation(
        "unknown_territory", _("There is no territory '%(key)s'.") % {"key": key}, "C-2"
    )


def unknown_faction(key: str) -> Violation:
    return Violation("unknown_faction", _("There is no faction '%(key)s'.") % {"key": key}, "C-3")


def known_territory(key: str, violations: list[Violation], world: World) -> bool:
    """The territory is on this world's board (Alien Island only once it is placed)."""
    if not board_links.on_board(world, key):
        violations.append(unknown_territory(key))
        return False
    return True


def known_continent(key: str, violations: list[Violation]) -> bool:
    if key not in board().continents:
        violations.append(
            Violation(
                "unknown_continent", _("There is no continent '%(key)s'.") % {"key": key}, "C-2"
            )
        )
        return False
    return True


def fallout_unchangeable(world: World, territory: str) -> Violation | None:
    """J169s: nothing more may ever be stuck on the fallout territory (no scar, city, sea line
    or island end). One refusal for every door that would mark it."""
    if territory != world.fallout:
        return None
    return Violation(
        "fallout_unchangeable",
        _("%(territory)s is the fallout zone: nothing more may ever be added to it.")
        % {"territory": territory_name(territory)},
        "G-1",
    )


def not_fallout(world: World, territory: str, violations: list[Violation]) -> bool:
    refused = fallout_unchangeable(world, territory)
    if refused is not None:
        violations.append(refused)
    return refused is None
