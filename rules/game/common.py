"""Checks shared by several steps of the game: refusals, legal starts, win checks, packs due."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from rules import board_links
from rules.data import content, rules_board, rules_content
from rules.errors import IllegalMove, Violation
from rules.game.events import GameEvent
from rules.game.state import GAME_OVER, GameState, territory_name
from rules.names import faction_word
from rules.words import gettext as _
from rules.words import gettext_lazy
from rules.world import World
from rules.world_events import INCIDENTS, GameIncident, PackOpened, WorldEvent

OPEN_PACK = "open_pack"
START_OF_TURN = "start_of_turn"

T = TypeVar("T")


def fail(code: str, message: str, rule: str) -> NoReturn:
    raise IllegalMove(code, message, rule)


def required(result: T | Violation) -> T:
    """The value a check computed, or its refusal raised as IllegalMove. Checks return a
    Violation instead of raising so that legal-move generators can run the same code."""
    if isinstance(result, Violation):
        raise IllegalMove.from_violation(result)
    return result


def unknown_territory(world: World, *keys: str) -> Violation | None:
    """The first key that is no territory on this world's board (Alien Island counts once
    placed, `rules.board_links`); the refusal never names a sealed one. A printed territory
    is known without asking `on_board` (every attack and expansion asks of two)."""
    printed = rules_board().territories
    for key in keys:
        if key not in printed and not board_links.on_board(world, key):
            return Violation(
                "unknown_territory",
                _("There is no territory '%(territory)s'.") % {"territory": key},
                "C-2",
            )
    return None


def joined(names: list[str], *, either: bool = False) -> str:
    """The names joined by "and" (by "or" with `either`), in the reader's language."""
    words = _("%(names)s or %(name)s") if either else _("%(names)s and %(name)s")
    text = names[0] if names else ""
    for name in names[1:]:
        text = words % {"names": text, "name": name}
    return text


def constant(name: str) -> int:
    return rules_content().constants[name]


def seat_label(state: GameState, seat: int) -> str:
    return state.seats[seat].name


def a_or_an(name: str) -> str:
    """The name with its indefinite article: "an Ammo Shortage", "a Bunker" (by its first
    letter, which is right for the game's names)."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


_last_held: tuple[Any, ...] = ()
"""The board and seat `continents_held` last answered for, and the answer: the turn's start
and its recruit ask it of the same board (the engine rebinds the armies, never mutates them)."""


def continents_held(state: GameState, seat: int) -> list[str]:
    """The continents whose every territory the seat controls, in the board's order."""
    global _last_held
    armies = state.armies
    last = _last_held
    if last and last[0] is armies and last[1] == seat:
        return list(last[2])
    held = []
    for key, continent in rules_board().continents.items():
        for territory in continent.territories:  # most continents fail at their first
            army = armies.get(territory)
            if army is None or army[0] != seat:
                break
        else:
            held.append(key)
    _last_held = (armies, seat, tuple(held))
    return held


def continent_bonuses(state: GameState, seat: int) -> dict[str, int]:
    """T-10: every continent fully controlled, with its mark and the namer's +1."""
    person = state.seats[seat].person
    world = state.world
    return {key: max(0, world.continent_bonus(key, person)) for key in continents_held(state, seat)}


def _start_refusal(state: GameState, seat: int, territory: str, *, setup: bool) -> str | None:
    """The code of why `territory` is not a legal start (S-7, S-7.1), or None. No words:
    listing the starts asks it of every territory."""
    if not board_links.on_board(state.world, territory):
        return "unknown_territory"
    if state.occupied(territory):
        return "start_occupied"
    world = state.world
    city = world.cities.get(territory)
    own_major = (
        city is not None and city.kind == "major" and city.founder == state.seats[seat].person
    )
    if not own_major and world.is_marked(territory):
        return "start_marked"
    if setup and _hq_next_door(state, seat, territory) is not None:
        return "start_next_to_hq"
    return None


def _hq_next_door(state: GameState, seat: int, territory: str) -> str | None:
    """Another faction's HQ territory bordering `territory`, if any."""
    neighbours = board_links.neighbours(state.world, territory)
    for hq_territory, owner in state.hqs.items():
        if owner != seat and hq_territory in neighbours:
            return hq_territory
    return None


def legal_start_violation(
    state: GameState, seat: int, territory: str, *, setup: bool
) -> tuple[str, str, str] | None:
    """S-7 (and S-7.1 at setup only): why `territory` is not a legal start, or None."""
    code = _start_refusal(state, seat, territory, setup=setup)
    if code is None:
        return None
    if code == "unknown_territory":
        return (
            code,
            _("There is no territory '%(territory)s'.") % {"territory": territory},
            "C-2",
        )
    name = territory_name(territory)
    if code == "start_occupied":
        return (
            code,
            _("%(territory)s is occupied; a start must be unoccupied.") % {"territory": name},
            "S-7",
        )
    if code == "start_marked":
        return (
            code,
            _(
                "%(territory)s carries a mark; you may start only in an unmarked territory or "
                "in a Major City you founded."
            )
            % {"territory": name},
            "S-7",
        )
    other = _hq_next_door(state, seat, territory)
    assert other is not None  # the refusal's own reason
    return (
        code,
        _("%(territory)s borders %(other)s, which holds another HQ.")
        % {"territory": name, "other": territory_name(other)},
        "S-7.1",
    )


def legal_starts(state: GameState, seat: int, *, setup: bool) -> list[str]:
    return [
        t
        for t in board_links.territories(state.world)
        if _start_refusal(state, seat, t, setup=setup) is None
    ]


def has_legal_start(state: GameState, seat: int, *, setup: bool) -> bool:
    """Whether `legal_starts` holds any territory (asked without listing them all)."""
    return any(
        _start_refusal(state, seat, t, setup=setup) is None
        for t in board_links.territories(state.world)
    )


def hq_spacing_applies(state: GameState, seat: int) -> bool:
    """S-7.1 keeps HQs apart only while that leaves a legal start: a world crowded with marks
    must not leave a player unable to set up at all [inference]."""
    return has_legal_start(state, seat, setup=True)


def end_game(state: GameState, winner: int, reason: str, events: list[GameEvent]) -> None:
    state.winner = winner
    state.phase = GAME_OVER
    state.pending = None
    events.append(
        GameEvent(
            "game_won",
            gettext_lazy("%(player)s wins: %(reason)s.")
            % {"player": seat_label(state, winner), "reason": reason},
            {"seat": winner, "reason": reason},
        )
    )


def check_win(state: GameState, events: list[GameEvent], seat: int | None = None) -> bool:
    """W-1: the first to hold 4 red stars wins at once; checked whenever a total changes."""
    needed = constant("red_stars_to_win")
    candidates = [seat] if seat is not None else state.clockwise_from(state.current_seat)
    for candidate in candidates:
        if not state.seats[candidate].eliminated and state.red_stars(candidate) >= needed:
            end_game(state, candidate, _("%(count)s red stars") % {"count": needed}, events)
            return True
    return False


def check_last_standing(state: GameState, events: list[GameEvent]) -> bool:
    """W-1: every other player is eliminated."""
    standing = [i for i, s in enumerate(state.seats) if not s.eliminated]
    if len(standing) == 1:
        end_game(state, standing[0], _("every other player is eliminated"), events)
        return True
    return False


def pack_due(
    state: GameState,
    pack: str,
    reason: str,
    seat: int,
    events: list[GameEvent],
    *,
    count: int = 0,
    detail: str = "",
    ask: bool = True,
) -> None:
    """U-1/U-8: a mid-game unlock. Only for packs not yet open in the world; the state waits
    on an AcknowledgePack decision (unless the game is already over), then resumes. The world
    events record the fact the pack's condition reads (a `GameIncident`, when its kind is an
    incident, with `count` and `detail`) and the opening itself. With `ask=False` only the
    opening is recorded: the caller asks for the decision later with `ask_to_open`, once the
    step that opened the pack is done."""
    if pack in state.world.packs_opened or pack not in rules_content().packs:
        return
    reason = _("%(reason)s (game %(game)s, turn %(turn)s)") % {
        "reason": reason,
        "game": state.game_number,
        "turn": state.turn_number,
    }
    kind = rules_content().packs[pack].condition["kind"]
    recorded: list[WorldEvent] = []
    if kind in INCIDENTS:
        person = state.seats[seat].person
        recorded.append(
            GameIncident(
                game=state.game_number, incident=kind, person=person, count=count, detail=detail
            )
        )
    recorded.append(PackOpened(pack=pack, game=state.game_number, reason=reason))
    for event in recorded:
        state.world = event.apply(state.world)
    state.world_events = (*state.world_events, *recorded)
    name = content().packs[pack].name
    events.append(
        GameEvent(
            "pack_due",
            gettext_lazy("%(pack)s must be opened now: %(reason)s.")
            % {"pack": name, "reason": reason},
            {
                "pack": pack,
                "reason": reason,
                "rule": content().packs[pack].rule,
                "turn": state.turn_number,
            },
        )
    )
    if ask:
        ask_to_open(state, pack, seat)


def ask_to_open(state: GameState, pack: str, seat: int) -> None:
    """U-8: play waits until `seat` acknowledges the opened `pack`, then resumes where it is
    now (nothing is asked once the game is over)."""
    if state.phase == GAME_OVER:
        return
    state.pending = {
        "kind": OPEN_PACK,
        "pack": pack,
        "reason": state.world.packs_opened[pack].reason,
        "seat": seat,
        "resume_phase": state.phase,
        "resume_pending": state.pending,
    }
    state.phase = OPEN_PACK


def demolish_hq(state: GameState, territory: str) -> None:
    """G-10: the HQ in `territory` goes back to the box for this game; the campaign hears of
    it (a `GameIncident`)."""
    owner = state.hqs[territory]
    state.set_hq(territory, None)
    incident = GameIncident(
        game=state.game_number,
        incident="hq_demolished",
        person=state.seats[owner].person,
        detail=territory,
    )
    state.world = incident.apply(state.world)
    state.world_events = (*state.world_events, incident)


def record_power_pick(
    state: GameState,
    seat: int,
    picked: WorldEvent,
    words: tuple[str, str],
    events: list[GameEvent],
    may_pick: Callable[[GameState, int], bool],
) -> None:
    """A power picked for a slot of the seat's faction card (G-3): `picked` (the world event
    with its `power`) is checked and recorded for good, told as `words` (the event type and
    the power's name); then the next seat owed a pick chooses, or play resumes where it
    stopped."""
    problems = picked.check(state.world)
    if problems:
        raise IllegalMove.from_violation(problems[0])
    state.world = picked.apply(state.world)
    state.world_events = (*state.world_events, picked)
    kind, name = words
    faction = state.seats[seat].faction
    events.append(
        GameEvent(
            kind,
            gettext_lazy("%(player)s takes %(power)s for %(faction)s.")
            % {"player": seat_label(state, seat), "power": name, "faction": faction_word(faction)},
            {"seat": seat, "faction": faction, "power": picked.power},  # type: ignore[attr-defined]
        )
    )
    pending = state.pending
    assert pending is not None
    rest = [s for s in pending["seats"][1:] if may_pick(state, s)]
    if rest:
        state.pending = {**pending, "seats": rest}
        return
    state.phase, state.pending = pending["resume_phase"], pending["resume_pending"]
