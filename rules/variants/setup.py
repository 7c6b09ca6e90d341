"""Setting up a stand-alone game: the order roll (CL-2), taking the board (CL-3, CL-21, IN-3,
IN-4), placing the starting armies (CL-4, CL-22, IN-5) and the secret headquarters (CL-30)."""

from __future__ import annotations

from typing import Any

from rules.board_links import territories
from rules.game.events import GameEvent
from rules.game.moves import (
    ChooseHeadquarters,
    ClaimTerritory,
    MoveOption,
    PlaceNeutral,
    PlaceTroops,
    RollForOrder,
)
from rules.game.state import GameState, Seat, SeatSpec, TurnFlags, territory_name
from rules.names import territory_word
from rules.rng import Rng, Seed
from rules.rule_sets import INVASION
from rules.variants import objectives
from rules.variants.cards import full_deck, is_wild
from rules.variants.common import fail, neutral_seat, next_player, players, set_table, start_turn
from rules.variants.steps import STARTING_ARMIES, Steps, steps_for, steps_for_choice
from rules.words import gettext as _
from rules.words import gettext_lazy, listed
from rules.world import World

ORDER = "cl_order"
CLAIM = "cl_claim"
SETUP_PLACE = "cl_setup_place"
HEADQUARTERS = "cl_headquarters"
NEUTRAL_NAME = "Neutral"


def variant_game(
    seats: list[SeatSpec],
    *,
    seed: Seed,
    game_number: int,
    rule_set: str,
    options: dict[str, Any],
) -> GameState:
    """A new stand-alone game on a fresh board, waiting for the order roll (CL-2)."""
    if len({s.person for s in seats}) != len(seats):
        fail("person_twice", _("Each person takes one seat."), "CL-1")
    steps = steps_for_choice(rule_set, len(seats), options)
    rng = Rng.from_seed(seed)
    deck = rng.shuffled(full_deck())
    seat_states = [Seat(person=s.person, name=s.name, starting_troops=0) for s in seats]
    table: dict[str, Any] = {"trade_ins": 0}
    if steps.assignment == "neutral_deal":
        table["neutral"] = len(seat_states)
        seat_states.append(Seat(person="", name=NEUTRAL_NAME, starting_troops=40))
    if steps.victory == "objectives":
        table["objectives"] = objectives.deal(rng, list(range(len(seats))))
    return GameState(
        world=World(),
        game_number=game_number,
        seats=tuple(seat_states),
        armies={},
        hqs={},
        phase=ORDER,
        current_seat=0,
        first_seat=None,
        turn_number=0,
        turn=TurnFlags(),
        pending={"kind": "order_roll", "contenders": list(range(len(seats))), "rolls": []},
        draw_pile=tuple(deck),
        discard_pile=(),
        slots=(),
        coin_pile=0,
        coin_award_done=False,
        event_deck=(),
        mission=None,
        mission_deck=(),
        rng=rng.state,
        winner=None,
        world_events=(),
        rule_set=rule_set,
        options=dict(options),
        table=table,
    )


def roll_for_order(
    state: GameState, seat: int, move: RollForOrder, events: list[GameEvent]
) -> None:
    """CL-2: one die each; the highest starts, ties roll again among the tied."""
    assert state.pending is not None
    rng = Rng.resume(state.rng)
    value = rng.die()
    state.rng = rng.state
    rolls = [*state.pending["rolls"], [seat, value]]
    events.append(
        GameEvent(
            "order_roll",
            gettext_lazy("%(player)s rolls %(value)s.")
            % {"player": state.seats[seat].name, "value": value},
            {"seat": seat, "dice": [value]},
        )
    )
    if len(rolls) < len(state.pending["contenders"]):
        state.pending = {**state.pending, "rolls": rolls}
        return
    best = max(v for _s, v in rolls)
    leaders = [s for s, v in rolls if v == best]
    if len(leaders) > 1:
        state.pending = {"kind": "order_roll", "contenders": leaders, "rolls": []}
        events.append(
            GameEvent(
                "order_tie",
                gettext_lazy("%(players)s tie and roll again.")
                % {"players": listed(state.seats[s].name for s in leaders)},
                {"seats": leaders},
            )
        )
        return
    first = leaders[0]
    state.first_seat = first
    state.current_seat = first
    state.pending = None
    events.append(
        GameEvent(
            "first_player",
            gettext_lazy("%(player)s starts.") % {"player": state.seats[first].name},
            {"seat": first},
        )
    )
    _take_the_board(state, steps_for(state), first, rng, events)


def _take_the_board(
    state: GameState, steps: Steps, first: int, rng: Rng, events: list[GameEvent]
) -> None:
    if steps.assignment in ("claim", "pick"):
        state.phase = CLAIM
        return
    board = sorted(territories(state.world))
    if steps.assignment == "neutral_deal":
        # CL-21: the territory cards without wildcards, dealt in three piles of 14; a dealt
        # pile is as good as a chosen one, since neither player sees the piles first.
        dealt = rng.shuffled([c for c in full_deck() if not is_wild(c)])
        owners = [0, 1, neutral_seat(state)]
        for index, territory in enumerate(dealt):
            state.set_troops(territory, owners[index // 14], 1)  # type: ignore[arg-type]
    else:
        # IN-3: shuffled territories dealt round the table from the first player, so no one
        # holds more than one territory more than another.
        order = _order_from(state, first)
        for index, territory in enumerate(rng.shuffled(board)):
            state.set_troops(territory, order[index % len(order)], 1)
    state.rng = rng.state
    events.append(
        GameEvent("board_dealt", gettext_lazy("The territories are dealt out."), {}),
    )
    _begin_placement(state, first, events)


def _order_from(state: GameState, first: int) -> list[int]:
    order = [first]
    while len(order) < len(players(state)):
        order.append(next_player(state, order[-1]))
    return order


def _starting_armies(state: GameState, steps: Steps) -> int:
    if steps.starting_units is not None:
        return steps.starting_units
    return STARTING_ARMIES[len(players(state))]


def _begin_placement(state: GameState, seat: int, events: list[GameEvent]) -> None:
    steps = steps_for(state)
    left = [0] * state.seat_count
    for s in range(state.seat_count):
        if steps.placement == "free":
            left[s] = 0 if s == neutral_seat(state) else _starting_armies(state, steps)
        else:
            left[s] = max(0, _starting_armies(state, steps) - len(state.controlled(s)))
    set_table(state, to_place=left)
    state.phase = SETUP_PLACE
    _next_placer(state, seat, events)


def _due(state: GameState, seat: int) -> dict[str, Any]:
    steps = steps_for(state)
    left = state.table["to_place"]
    if steps.placement == "free":
        return {"kind": "setup_place", "own": left[seat], "neutral": 0}
    if steps.placement == "two_and_neutral":
        neutral = neutral_seat(state)
        return {
            "kind": "setup_place",
            "own": min(2, left[seat]),
            "neutral": min(1, left[neutral]),  # type: ignore[index]
        }
    return {"kind": "setup_place", "own": min(1, left[seat]), "neutral": 0}


def _next_placer(state: GameState, seat: int, events: list[GameEvent]) -> None:
    """The first player from `seat` on with armies still to place; once none has any, the
    headquarters (CL-30) or the first turn (CL-2)."""
    candidate = seat
    for _step in range(state.seat_count):
        due = _due(state, candidate)
        if due["own"] or due["neutral"]:
            state.current_seat = candidate
            state.pending = due
            return
        candidate = next_player(state, candidate)
    set_table(state, to_place=None)
    assert state.first_seat is not None
    if steps_for(state).headquarters != "none":
        state.phase = HEADQUARTERS
        state.current_seat = state.first_seat
        state.pending = None
        set_table(state, headquarters=[None] * state.seat_count, hq_revealed=False)
        return
    start_turn(state, state.first_seat, events)


def claim_territory(
    state: GameState, seat: int, move: ClaimTerritory, events: list[GameEvent]
) -> None:
    """CL-3 / IN-4: one army on an empty territory; once all are taken, placing begins."""
    if move.territory not in territories(state.world):
        fail("unknown_territory", _("There is no such territory."), "CL-3")
    if state.occupied(move.territory):
        fail(
            "territory_taken",
            _("%(territory)s is already claimed.") % {"territory": territory_name(move.territory)},
            "CL-3",
        )
    state.set_troops(move.territory, seat, 1)
    events.append(
        GameEvent(
            "claimed",
            gettext_lazy("%(player)s claims %(territory)s.")
            % {"player": state.seats[seat].name, "territory": territory_word(move.territory)},
            {"seat": seat, "territory": move.territory},
        )
    )
    following = next_player(state, seat)
    if len(state.armies) < len(territories(state.world)):
        state.current_seat = following
        return
    _begin_placement(state, following, events)


def place_setup(state: GameState, seat: int, move: PlaceTroops, events: list[GameEvent]) -> None:
    """CL-4, CL-22, IN-5: starting armies go on one's own territories."""
    due = state.pending or {}
    if state.owner(move.territory) != seat:
        fail("not_yours", _("You can only place armies on your own territories."), "CL-4")
    if not 1 <= move.count <= due.get("own", 0):
        fail(
            "bad_count",
            _("You may place %(count)s armies now.") % {"count": due.get("own", 0)},
            "CL-4",
        )
    state.set_troops(move.territory, seat, state.troops(move.territory) + move.count)
    left = list(state.table["to_place"])
    left[seat] -= move.count
    set_table(state, to_place=left)
    events.append(
        GameEvent(
            "placed",
            gettext_lazy("%(player)s places %(count)s on %(territory)s.")
            % {
                "player": state.seats[seat].name,
                "count": move.count,
                "territory": territory_word(move.territory),
            },
            {"seat": seat, "territory": move.territory, "count": move.count},
        )
    )
    _after_setup_move(state, seat, {**due, "own": due["own"] - move.count}, events)


def place_neutral(state: GameState, seat: int, move: PlaceNeutral, events: list[GameEvent]) -> None:
    """CL-22: one neutral army on a neutral territory, each turn of the placement."""
    due = state.pending or {}
    neutral = neutral_seat(state)
    if not due.get("neutral"):
        fail("no_neutral_due", _("No neutral army is due from you now."), "CL-22")
    if neutral is None or state.owner(move.territory) != neutral:
        fail("not_neutral", _("Neutral armies go on neutral territories."), "CL-22")
    state.set_troops(move.territory, neutral, state.troops(move.territory) + 1)  # type: ignore[arg-type]
    left = list(state.table["to_place"])
    left[neutral] -= 1  # type: ignore[index]
    set_table(state, to_place=left)
    events.append(
        GameEvent(
            "placed_neutral",
            gettext_lazy("%(player)s adds a neutral army to %(territory)s.")
            % {"player": state.seats[seat].name, "territory": territory_word(move.territory)},
            {"seat": seat, "territory": move.territory},
        )
    )
    _after_setup_move(state, seat, {**due, "neutral": 0}, events)


def _after_setup_move(
    state: GameState, seat: int, due: dict[str, Any], events: list[GameEvent]
) -> None:
    if due["own"] or due["neutral"]:
        state.pending = due
        return
    _next_placer(state, next_player(state, seat), events)


def setup_place_options(state: GameState, seat: int) -> list[MoveOption]:
    due = state.pending or {}
    found: list[MoveOption] = []
    if due.get("own"):
        found += [MoveOption(PlaceTroops(t, 1), 1, due["own"]) for t in state.controlled(seat)]
    neutral = neutral_seat(state)
    if due.get("neutral") and neutral is not None:
        found += [MoveOption(PlaceNeutral(t)) for t in state.controlled(neutral)]
    return found


def claim_options(state: GameState, seat: int) -> list[MoveOption]:
    return [
        MoveOption(ClaimTerritory(t))
        for t in sorted(territories(state.world))
        if not state.occupied(t)
    ]


def choose_headquarters(
    state: GameState, seat: int, move: ChooseHeadquarters, events: list[GameEvent]
) -> None:
    """CL-30: each player in turn secretly picks one own territory; all are shown together."""
    if state.owner(move.territory) != seat:
        fail("not_yours", _("Your headquarters must be one of your territories."), "CL-30")
    hqs = list(state.table["headquarters"])
    hqs[seat] = move.territory
    set_table(state, headquarters=hqs)
    events.append(
        GameEvent(
            "headquarters_chosen",
            gettext_lazy("%(player)s has chosen a headquarters.")
            % {"player": state.seats[seat].name},
            {"seat": seat},
        )
    )
    following = next_player(state, seat)
    if following != state.first_seat:
        state.current_seat = following
        return
    set_table(state, hq_revealed=True)
    # CL-30: a headquarters' territory card marks it for the game and leaves the deck.
    state.draw_pile = tuple(c for c in state.draw_pile if c not in hqs)
    shown = listed(
        _("%(player)s in %(territory)s")
        % {"player": state.seats[s].name, "territory": territory_name(t)}
        for s, t in enumerate(hqs)
        if t is not None
    )
    events.append(
        GameEvent(
            "headquarters_revealed",
            gettext_lazy("Headquarters revealed: %(list)s.") % {"list": shown},
            {"headquarters": hqs},
        )
    )
    start_turn(state, state.first_seat, events)


def headquarters_options(state: GameState, seat: int) -> list[MoveOption]:
    return [MoveOption(ChooseHeadquarters(t)) for t in state.controlled(seat)]


__all__ = ["INVASION"]
