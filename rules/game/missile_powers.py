"""Missile powers (Pocket 1, rules addition J167s, the brown slot of a faction card): taking one
on the next Red Star token gained in play, and the powers that act at the start of a turn or
around a fight: Rally, Bad Intel and EMP. (Interference and Recon, which act on the
end-of-turn draw, live in `missile_draws`.)

Taking: the engine compares each move's Red Star tokens before and after (`raise_picks`), so
every source counts (buying, missions, the coin-pile award, events) while the tokens dealt at
setup never do. The pick waits beneath any pack still to open or comeback pick still owed.

Using: each use discards one Missile token, at most once a turn for each holder. The powers
that answer another player's step (Bad Intel here, Interference in `missile_draws`) open a
short window, offered only to the one seat holding that power while it has a missile and has
not used it this turn; with nobody so placed, no window opens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rules import board_links, box
from rules.data import board, content
from rules.errors import IllegalMove, Violation
from rules.game.common import START_OF_TURN, continent_bonuses, fail, record_power_pick, seat_label
from rules.game.events import GameEvent
from rules.game.moves import Move, MoveOption
from rules.game.scars import open_turn_start_window
from rules.game.state import GameState, changed, territory_name
from rules.words import gettext as _
from rules.words import gettext_lazy, listed
from rules.world_events.pockets import MissilePowerGained

MISSILE_PICK = "missile_power_pick"
"""Phase: factions that just gained a Red Star token pick their missile power, in turn."""
BAD_INTEL_WINDOW = "bad_intel_window"
"""Phase: a turn has begun; the holder of Bad Intel may cut one of its continent bonuses."""

EMP = "emp"
INTERFERENCE = "interference"
RECON = "recon"
BAD_INTEL = "bad_intel"
RALLY = "rally"
RALLY_TROOPS = 2


@dataclass(frozen=True)
class ChooseMissilePower(Move):
    """J167s: a faction that just gained a Red Star token in play takes one of the missile
    powers left on the sheet for its brown slot."""

    type: ClassVar[str] = "choose_missile_power"
    power: str


@dataclass(frozen=True)
class UseMissilePower(Move):
    """J167s: discard a missile to use the faction's missile power. `target` names what it
    acts on: the territory (EMP), the continent (Bad Intel) or the face-up slot "1"-"4"
    (Recon); Rally and Interference take none."""

    type: ClassVar[str] = "use_missile_power"
    power: str
    target: str = ""


@dataclass(frozen=True)
class PassMissilePower(Move):
    """Let the moment for Interference or Bad Intel go by."""

    type: ClassVar[str] = "pass_missile_power"


# --- who holds what ------------------------------------------------------------------------------


def held_power(state: GameState, seat: int) -> str | None:
    """The missile power in the brown slot of this seat's faction card, if any."""
    faction = state.seats[seat].faction
    return state.world.missile_powers.get(faction) if faction else None


def power_name(power: str) -> str:
    return content().missile_powers[power].name


def _use_refusal(state: GameState, seat: int, power: str) -> str | None:
    """The code of why this seat may not use `power` now (J167s), or None. No words: the
    listing of every step asks it of every seat."""
    player = state.seats[seat]
    if held_power(state, seat) != power:
        return "power_not_held"
    if player.eliminated:
        return "eliminated"
    if player.missiles < 1:
        return "no_missile"
    if seat in state.turn.missile_power_users:
        return "power_used"
    return None


def use_problem(state: GameState, seat: int, power: str) -> Violation | None:
    """Why this seat may not use `power` now, whatever its target (J167s), or None."""
    code = _use_refusal(state, seat, power)
    if code is None:
        return None
    if code == "power_not_held":
        known = box.missile_powers(state.world)
        name = known[power].name if power in known else _("that missile power")
        return Violation(
            "power_not_held", _("Your faction does not hold %(power)s.") % {"power": name}, "G-3"
        )
    if code == "eliminated":
        return Violation("eliminated", _("An eliminated player uses no power."), "G-3")
    if code == "no_missile":
        return Violation(
            "no_missile", _("A missile power costs a missile, and you hold none."), "G-3"
        )
    return Violation("power_used", _("You have already used your missile power this turn."), "G-3")


def may_use(state: GameState, seat: int, power: str) -> bool:
    return _use_refusal(state, seat, power) is None


def holder_of(state: GameState, power: str, *, besides: int) -> int | None:
    """The seat other than `besides` that may use `power` now, in turn order from it."""
    if power not in state.world.missile_powers.values():
        return None  # no faction's card holds it (the usual case): no seat to ask
    for seat in state.in_turn_order_from(besides)[1:]:
        if may_use(state, seat, power):
            return seat
    return None


def spend(
    state: GameState, seat: int, power: str, text: str, events: list[GameEvent], **data: Any
) -> None:
    """The cost of a use: one missile back to the pool, and the power is spent this turn."""
    state.set_seat(seat, missiles=state.seats[seat].missiles - 1)
    turn = state.turn
    state.turn = changed(turn, missile_power_users=(*turn.missile_power_users, seat))
    events.append(
        GameEvent(
            "missile_power_used",
            gettext_lazy("%(player)s discards a missile for %(power)s: %(what)s.")
            % {"player": seat_label(state, seat), "power": power_name(power), "what": text},
            {"seat": seat, "power": power, **data},
        )
    )


def check_use(state: GameState, seat: int, move: UseMissilePower, power: str) -> None:
    """Refuse a use of another power at this moment, or one the seat may not make."""
    if move.power != power:
        known = box.missile_powers(state.world).get(move.power)
        words = (
            _("%(power)s cannot be used at this moment.")
            if known
            else _("That missile power cannot be used at this moment.")
        )
        fail("power_timing", words % {"power": known.name if known else ""}, "G-3")
    problem = use_problem(state, seat, power)
    if problem:
        raise IllegalMove.from_violation(problem)


# --- taking a power: the next Red Star token gained in play --------------------------------------


def _may_pick(state: GameState, seat: int) -> bool:
    faction = state.seats[seat].faction
    return faction is not None and box.may_take_missile_power(state.world, faction)


def _beneath(
    phase: str, pending: dict[str, Any] | None, seats: list[int]
) -> tuple[str, dict[str, Any]]:
    """The decision chain with the picks added beneath any decision that resumes play when
    done (a pack to open, a comeback pick), or after the picks already waiting."""
    if phase == MISSILE_PICK:
        assert pending is not None
        waiting = pending["seats"]
        return phase, {**pending, "seats": [*waiting, *(s for s in seats if s not in waiting)]}
    if pending is not None and "resume_phase" in pending:
        inner_phase, inner = _beneath(pending["resume_phase"], pending["resume_pending"], seats)
        return phase, {**pending, "resume_phase": inner_phase, "resume_pending": inner}
    return MISSILE_PICK, {
        "kind": MISSILE_PICK,
        "seats": seats,
        "resume_phase": phase,
        "resume_pending": pending,
    }


def raise_picks(before: GameState, after: GameState, events: list[GameEvent]) -> None:
    """J167s: every seat whose Red Star tokens grew during the move just applied, and whose
    faction may take a missile power, picks one now. Setup deals its tokens before any turn,
    so those never count; a game that just ended asks nothing."""
    if before.seats is after.seats:
        return  # no seat changed (the engine rebinds `seats` when one does): no token gained
    if before.turn_number == 0 or after.is_over:
        return
    for old, new in zip(before.seats, after.seats, strict=False):
        if new.red_star_tokens > old.red_star_tokens:
            break
    else:
        return  # the usual case (a card taken, a missile fired): the box need not be asked
    if not box.missile_powers_active(after.world):
        return
    seats = [
        seat
        for seat in after.in_turn_order_from(after.current_seat)
        if after.seats[seat].red_star_tokens > before.seats[seat].red_star_tokens
        and _may_pick(after, seat)
    ]
    if not seats:
        return
    after.phase, after.pending = _beneath(after.phase, after.pending, seats)
    names = listed(seat_label(after, s) for s in seats)
    events.append(
        GameEvent(
            "missile_power_due",
            gettext_lazy(
                "%(players)s gained a Red Star token and must pick a missile power (J167s)."
            )
            % {"players": names},
            {"seats": seats},
        )
    )


def picker(state: GameState) -> int:
    return state.pending["seats"][0]  # type: ignore[index]


def choose_missile_power(
    state: GameState, seat: int, move: ChooseMissilePower, events: list[GameEvent]
) -> None:
    """The power goes into the faction's brown slot for good (a world event); the next seat
    owed a pick chooses, or play resumes where it stopped."""
    left = {p.key: p for p in box.missile_powers_left(state.world)}
    if move.power not in left:
        names = listed(p.name for p in left.values())
        fail(
            "power_not_left",
            _("Choose one of the missile powers left: %(powers)s.") % {"powers": names},
            "G-3",
        )
    faction = state.seats[seat].faction
    assert faction is not None
    gained = MissilePowerGained(
        faction=faction, power=move.power, person=state.seats[seat].person, game=state.game_number
    )
    words = ("missile_power_gained", left[move.power].name)
    record_power_pick(state, seat, gained, words, events, _may_pick)


def pick_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(ChooseMissilePower(p.key)) for p in box.missile_powers_left(state.world)]


# --- Rally: the start of the holder's own turn ---------------------------------------------------


def rally_territories(state: GameState, seat: int) -> list[str]:
    """The territories holding an HQ (any faction's) that this seat controls."""
    return sorted(t for t in state.hqs if state.owner(t) == seat)


def use_at_turn_start(
    state: GameState, seat: int, move: UseMissilePower, events: list[GameEvent]
) -> None:
    """Rally: 2 troops join each territory with an HQ the player controls."""
    check_use(state, seat, move, RALLY)
    if move.target:
        fail("rally_target", _("Rally names no territory: it reinforces every HQ you hold."), "G-3")
    held = rally_territories(state, seat)
    if not held:
        fail("no_hq_held", _("Rally needs a territory with an HQ under your control."), "G-3")
    for territory in held:
        state.set_troops(territory, seat, state.troops(territory) + RALLY_TROOPS)
    names = listed(territory_name(t) for t in held)
    spend(
        state,
        seat,
        RALLY,
        _("%(count)s troops join %(territories)s") % {"count": RALLY_TROOPS, "territories": names},
        events,
        territories=held,
        troops=RALLY_TROOPS,
    )


def rally_options(state: GameState, seat: int) -> list[MoveOption]:
    if may_use(state, seat, RALLY) and rally_territories(state, seat):
        return [MoveOption(UseMissilePower(RALLY))]
    return []


# --- EMP: before a combat roll -------------------------------------------------------------------


def emp_targets(state: GameState, seat: int) -> list[str]:
    """Territories this seat may put under EMP now: while it expands and attacks, an enemy
    territory it could attack; as a defender choosing dice, the territory it defends. The
    holder must be a side of the fight [inference: the window before a roll is not opened to
    every player for every attack]."""
    if not may_use(state, seat, EMP):
        return []
    pending = state.pending
    if pending is not None and pending.get("kind") == "attack":
        found = [pending["target"]] if pending["defender"] == seat else []
    else:
        found = sorted(
            {
                there
                for origin in state.controlled(seat)
                if state.troops(origin) >= 2
                for there in board_links.neighbours(state.world, origin)
                if state.owner(there) not in (None, seat)
            }
        )
    return [t for t in found if t not in state.turn.emp_territories]


def use_emp(state: GameState, seat: int, move: UseMissilePower, events: list[GameEvent]) -> None:
    """EMP: until the turn ends, every roll over the territory keeps its natural dice: no mark,
    scar or power changes them, and no missile may be fired on them (X-8 counts missiles
    among modifiers)."""
    check_use(state, seat, move, EMP)
    if move.target not in emp_targets(state, seat):
        fail(
            "emp_target",
            _("EMP goes on a territory you are about to fight over (attack or defend)."),
            "G-3",
        )
    turn = state.turn
    state.turn = changed(turn, emp_territories=(*turn.emp_territories, move.target))
    spend(
        state,
        seat,
        EMP,
        _("dice over %(territory)s keep their natural values this turn")
        % {"territory": territory_name(move.target)},
        events,
        territory=move.target,
    )


def emp_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(UseMissilePower(EMP, t)) for t in emp_targets(state, seat)]


# --- Bad Intel: the start of another player's turn -----------------------------------------------


def bad_intel_targets(state: GameState) -> list[str]:
    """The continents whose bonus the player on turn would collect, as the turn begins."""
    bonuses = continent_bonuses(state, state.current_seat)
    return [c for c, n in bonuses.items() if n > 0 and c not in state.turn.bonuses_denied]


def open_turn_start(state: GameState, events: list[GameEvent]) -> None:
    """A turn has begun: the holder of Bad Intel is offered its window first, when it may use
    it and the player on turn holds a continent; then the start-of-turn scar window (T-3)."""
    holder = holder_of(state, BAD_INTEL, besides=state.current_seat)
    if holder is None or not bad_intel_targets(state):
        open_turn_start_window(state, events)
        return
    state.phase = BAD_INTEL_WINDOW
    state.pending = {"kind": BAD_INTEL, "seat": holder}
    events.append(
        GameEvent(
            "missile_power_window",
            gettext_lazy("%(holder)s may use Bad Intel on %(player)s's continent bonuses.")
            % {
                "holder": seat_label(state, holder),
                "player": seat_label(state, state.current_seat),
            },
            {"seat": holder, "power": BAD_INTEL},
        )
    )


def _after_bad_intel(state: GameState, events: list[GameEvent]) -> None:
    state.phase = START_OF_TURN
    state.pending = None
    open_turn_start_window(state, events)


def use_bad_intel(
    state: GameState, seat: int, move: UseMissilePower, events: list[GameEvent]
) -> None:
    """Bad Intel: the player on turn goes without one continent's bonus this turn."""
    check_use(state, seat, move, BAD_INTEL)
    if move.target not in bad_intel_targets(state):
        fail(
            "bad_intel_target",
            _("Name a continent whose bonus %(player)s would collect this turn.")
            % {"player": seat_label(state, state.current_seat)},
            "G-3",
        )
    turn = state.turn
    state.turn = changed(turn, bonuses_denied=(*turn.bonuses_denied, move.target))
    spend(
        state,
        seat,
        BAD_INTEL,
        _("%(player)s collects no bonus for %(continent)s this turn")
        % {
            "player": seat_label(state, state.current_seat),
            "continent": board().continents[move.target].name,
        },
        events,
        continent=move.target,
        against=state.current_seat,
    )
    _after_bad_intel(state, events)


def pass_bad_intel(
    state: GameState, seat: int, move: PassMissilePower, events: list[GameEvent]
) -> None:
    _after_bad_intel(state, events)


def bad_intel_options(state: GameState, seat: int) -> list[MoveOption]:
    uses = [MoveOption(UseMissilePower(BAD_INTEL, c)) for c in bad_intel_targets(state)]
    return [*uses, MoveOption(PassMissilePower())]


def window_seat(state: GameState) -> int:
    """Who answers a missile-power window (Bad Intel, Interference)."""
    return state.pending["seat"]  # type: ignore[index]
