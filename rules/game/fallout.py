"""The fallout territory after Pocket 1's nuke (J161s, J168s, J169s) and the Fallout event cards
(J172-J174).

Once the nuke has made a fallout zone, two rules additions bind every faction but one whose
card has the `fallout_immune` power (the Mutants): `fallout_entry` (troops moving in lose half,
rounded up) and `fallout_zone` (no placing troops there, no maneuvering through it, its
controller loses 1 troop there at the end of its turn). The engine's steps ask here; each
answer is "no fallout rule applies" until the campaign's box holds them.
"""

from __future__ import annotations

from rules import board_links, box
from rules.data import english_name
from rules.errors import Violation
from rules.game.common import seat_label
from rules.game.effects import has_effect
from rules.game.events import GameEvent
from rules.game.knockout import knocked_out
from rules.game.state import GameState, territory_name
from rules.names import territory_word
from rules.rng import Rng
from rules.words import gettext as _
from rules.words import gettext_lazy, listed, ngettext
from rules.world_events import fallout_unchangeable

FALLOUT_IMMUNE = "fallout_immune"
ENTRY = "fallout_entry"
ZONE = "fallout_zone"


def _troops(count: int) -> str:
    return ngettext("%(count)s troop", "%(count)s troops", count) % {"count": count}


def zone_for(state: GameState, seat: int, addition: str) -> str | None:
    """The fallout territory when the rules addition `addition` binds `seat`, else None."""
    fallout = state.world.fallout
    if fallout is None or not box.addition_active(state.world, addition):
        return None
    if has_effect(state, seat, FALLOUT_IMMUNE):
        return None
    return fallout


# --- entering: expansion and moving in after a conquest (J168s) ---------------------------------


def entry_extra(state: GameState, seat: int, target: str) -> int:
    """Extra troops an expansion into `target` needs so that 1 still stands there once half
    are lost (J168s): 1 for the fallout territory, 0 anywhere else."""
    return int(zone_for(state, seat, ENTRY) == target)


def entry_loss(
    state: GameState, seat: int, territory: str, arrived: int, events: list[GameEvent]
) -> None:
    """J168s: the `arrived` troops that just expanded or moved into the fallout territory lose
    half, rounded up. Troops that fought for it are not touched: only those moving in."""
    if zone_for(state, seat, ENTRY) != territory or arrived < 1:
        return
    lost = -(-arrived // 2)
    left = state.troops(territory) - lost
    state.set_troops(territory, seat, left)
    words = (
        gettext_lazy(
            "%(troops)s entering %(territory)s, the fallout zone, lose %(lost)s to the fallout; "
            "the territory is left empty."
        )
        if left == 0
        else gettext_lazy(
            "%(troops)s entering %(territory)s, the fallout zone, lose %(lost)s to the fallout."
        )
    )
    events.append(
        GameEvent(
            "fallout_entry",
            words
            % {"troops": _troops(arrived), "territory": territory_word(territory), "lost": lost},
            {"seat": seat, "territory": territory, "arrived": arrived, "lost": lost},
        )
    )


# --- placing and maneuvering (J169s) ------------------------------------------------------------


def place_problem(state: GameState, seat: int, territory: str) -> Violation | None:
    """J169s: no troops may be placed in the fallout territory."""
    if zone_for(state, seat, ZONE) != territory:
        return None
    return Violation(
        "fallout_placement",
        _("No troops may be placed in %(territory)s: it is the fallout zone.")
        % {"territory": territory_name(territory)},
        "T-13",
    )


def placeable(state: GameState, seat: int) -> list[str]:
    """The territories this seat controls that may receive placed troops (`place_problem`
    refuses only the fallout zone)."""
    zone = zone_for(state, seat, ZONE)
    return [t for t in state.controlled(seat) if t != zone]


def recruits_lost(state: GameState, seat: int, events: list[GameEvent]) -> bool:
    """A seat whose only territory is the fallout zone has nowhere to place its recruits: they
    are lost [inference: the rules name no other place]. Returns whether that happened."""
    left = state.turn.recruits_left
    if left < 1 or not state.holds_territory(seat):
        return False
    zone = zone_for(state, seat, ZONE)
    for territory, army in state.armies.items():  # `placeable`, stopping at the first
        if army[0] == seat and territory != zone:
            return False  # somewhere to place them
    events.append(
        GameEvent(
            "recruits_lost",
            gettext_lazy(
                "%(player)s controls only the fallout zone, where no troops may be placed: the "
                "%(troops)s recruited are lost."
            )
            % {"player": seat_label(state, seat), "troops": _troops(left)},
            {"seat": seat, "count": left},
        )
    )
    return True


def _linked_around(state: GameState, seat: int, origin: str, target: str, zone: str) -> bool:
    """Whether `target` is reached from `origin` through the seat's territories without
    passing through `zone` (either end may be the zone itself)."""
    return target in _reach(state, seat, origin, zone)


_last_reach: tuple[object, ...] = ()
"""The last `_reach` asked and its answer: listing maneuvers asks it of one origin for every
target. Keyed by the very armies and world objects (the engine rebinds, never mutates them)."""


def _reach(state: GameState, seat: int, origin: str, zone: str) -> frozenset[str]:
    """The territories a path from `origin` through the seat's territories, never entering
    `zone`, comes next to."""
    global _last_reach
    last = _last_reach
    fresh = last and last[0] is state.armies and last[1] is state.world
    if fresh and last[2:5] == (seat, origin, zone):
        return last[5]  # type: ignore[return-value]
    owned = set(state.controlled(seat))
    seen = {origin}
    frontier = [origin]
    reached: set[str] = set()
    while frontier:
        here = frontier.pop()
        for there in board_links.neighbours(state.world, here):
            reached.add(there)
            if there in owned and there not in seen and there != zone:
                seen.add(there)
                frontier.append(there)
    found = frozenset(reached)
    _last_reach = (state.armies, state.world, seat, origin, zone, found)
    return found


def maneuver_zone(state: GameState, seat: int) -> str | None:
    """The fallout territory when it may stop a maneuver of this seat (J169s): the rule binds
    the seat and the seat controls it (no maneuver can pass a zone held by another)."""
    zone = zone_for(state, seat, ZONE)
    return zone if zone is not None and state.owner(zone) == seat else None


def maneuver_problem(
    state: GameState, seat: int, origin: str, target: str, *, linked: bool
) -> Violation | None:
    """J169s: no maneuver through the fallout territory, nor into it unless the campaign's
    reading (`fallout_maneuver_end`) allows ending there. Leaving it is allowed. `linked`:
    the maneuver must follow the seat's territories (M-3)."""
    zone = maneuver_zone(state, seat)
    if zone is None:
        return None
    if target == zone and box.setting(state.world, "fallout_maneuver_end") != "allowed":
        return Violation(
            "fallout_maneuver",
            _("No maneuver may end in %(territory)s: it is the fallout zone.")
            % {"territory": territory_name(zone)},
            "M-3",
        )
    if linked and not _linked_around(state, seat, origin, target, zone):
        return Violation(
            "fallout_maneuver",
            _(
                "%(origin)s and %(target)s are linked only through %(zone)s, the fallout zone, "
                "and no maneuver may pass through it."
            )
            % {
                "origin": territory_name(origin),
                "target": territory_name(target),
                "zone": territory_name(zone),
            },
            "M-3",
        )
    return None


# --- the end of the controller's turn (J161s) ---------------------------------------------------


def end_of_turn_loss(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """J161s: the seat ending its turn in control of the fallout territory loses 1 troop
    there; if that was its last troop on the board it is knocked out (nobody conquered it)."""
    zone = zone_for(state, seat, ZONE)
    if zone is None or state.owner(zone) != seat:
        return
    state.set_troops(zone, seat, state.troops(zone) - 1)
    events.append(
        GameEvent(
            "fallout_decay",
            gettext_lazy(
                "%(player)s loses 1 troop in %(territory)s, the fallout zone, at the end of the "
                "turn."
            )
            % {"player": seat_label(state, seat), "territory": territory_word(zone)},
            {"seat": seat, "territory": zone, "lost": 1},
        )
    )
    if not state.holds_territory(seat):
        knocked_out(state, seat, events, by=None)


# --- the land neighbours' losses: the nuke (J163) and the Fallout event (J172) -----------------


def land_neighbour_losses(
    state: GameState, territory: str, why: str, events: list[GameEvent]
) -> list[str]:
    """Each territory joined to `territory` by land that holds troops rolls a die and loses
    that many (down to empty). Troops of a `fallout_immune` faction are spared and roll
    nothing. Returns one line of words per territory, for the log."""
    rng = Rng.resume(state.rng)
    lines = []
    for there in sorted(board_links.land_neighbours(territory), key=english_name):
        holder, troops = state.owner(there), state.troops(there)
        if holder is None:
            continue
        who = {"territory": territory_name(there), "player": seat_label(state, holder)}
        if has_effect(state, holder, FALLOUT_IMMUNE):
            line = (
                _("%(territory)s (%(player)s) is spared: its troops are immune to the fallout")
                % who
            )
            events.append(
                GameEvent(
                    "fallout_spared",
                    gettext_lazy("%(why)s: %(what)s.") % {"why": why, "what": line},
                    {"territory": there, "seat": holder},
                )
            )
            lines.append(line)
            continue
        rolled = rng.die()
        lost = min(rolled, troops)
        state.set_troops(there, holder, troops - lost)
        words = (
            _("%(territory)s (%(player)s) rolls %(value)s and loses %(troops)s, and is left empty")
            if lost == troops
            else _("%(territory)s (%(player)s) rolls %(value)s and loses %(troops)s")
        )
        line = words % {**who, "value": rolled, "troops": _troops(lost)}
        events.append(
            GameEvent(
                "fallout_roll",
                gettext_lazy("%(why)s: %(what)s.") % {"why": why, "what": line},
                {"territory": there, "seat": holder, "dice": [rolled], "lost": lost},
            )
        )
        lines.append(line)
    state.rng = rng.state
    return lines


def fallout_event(state: GameState, name: str, events: list[GameEvent]) -> str | None:
    """J172-J174: the land neighbours of the fallout territory each lose a die roll of troops
    (Mutants spared). Returns words for the log, or None when the board has no fallout zone
    (then nothing happens)."""
    zone = state.world.fallout
    if zone is None:
        return None
    lines = land_neighbour_losses(state, zone, _("Event: %(card)s") % {"card": name}, events)
    where = territory_name(zone)
    if not lines:
        return _("no land neighbour of %(territory)s, the fallout zone, holds troops") % {
            "territory": where
        }
    return _("around %(territory)s, the fallout zone: %(losses)s") % {
        "territory": where,
        "losses": listed(lines, "; "),
    }


def unchangeable_problem(state: GameState, territory: str) -> Violation | None:
    """J169s: nothing more is ever stuck on the fallout territory (no scar, city or mark)."""
    return fallout_unchangeable(state.world, territory)
