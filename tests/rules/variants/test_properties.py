"""Invariants of every stand-alone rule set over whole bot games (hypothesis draws the rule
set, players, options and seed): armies never drop below one on a held territory (CL-17,
IN-1), every territory is held once setup is over (CL-3, IN-3), the table's trade-in count
only grows (CL-11), no hand passes the limit (IN-6), the forced trade is kept (CL-13), each
listed move is accepted, the state survives JSON, and the game replays exactly (RS-3)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.bot_random import RandomBot
from rules.bots import HeuristicBot
from rules.game import GameState, apply_move, legal_move_options, replay, seats_to_act
from rules.variants.cards import full_deck
from rules.variants.steps import steps_for
from tests.rules.variants.helpers import TERRITORIES, fresh

SETUP = ("cl_order", "cl_claim")
# Each game is checked for this many moves. Whether bots play their games to the end is the
# claim of `test_simulate_rule_sets.py`, on the tables it names; here the invariants hold at
# every step (a 6-seat classic game can run past 6,000 moves).
MAX_MOVES = 6000


@st.composite
def games(draw):
    rule_set = draw(st.sampled_from(["classic", "invasion"]))
    players = draw(st.integers(2, 6))
    options: dict = {}
    if rule_set == "classic" and players >= 4:
        options["short_game"] = draw(st.sampled_from(["off", "all_hqs", "some_hqs"]))
    if rule_set == "invasion":
        options["assignment"] = draw(st.sampled_from(["random", "pick"]))
        options["starting_units"] = draw(st.integers(0, 15))
        options["hand_limit"] = draw(st.integers(3, 6))
        options["trade_values"] = draw(st.sampled_from(["by_set", "escalating"]))
        options["fortify"] = draw(st.sampled_from(["connected", "adjacent"]))
        if players >= 3:
            options["mode"] = draw(st.sampled_from(["domination", "objectives"]))
    seed = draw(st.integers(0, 10_000))
    random_seats = draw(st.sets(st.integers(0, players - 1), max_size=1))
    return rule_set, players, options, seed, random_seats


def _check(before: GameState, state: GameState) -> None:
    assert all(n >= 1 for _owner, n in state.armies.values())
    if state.phase not in (*SETUP, "game_over"):
        assert set(state.armies) == set(TERRITORIES)
    assert state.table.get("trade_ins", 0) >= before.table.get("trade_ins", 0)
    limit = steps_for(state).hand_limit
    if limit is not None:
        assert all(len(seat.cards) <= limit for seat in state.seats)
    cards = [*state.draw_pile, *state.discard_pile, *(c for s in state.seats for c in s.cards)]
    marked = state.table.get("headquarters") or [] if state.table.get("hq_revealed") else []
    assert sorted(cards) == sorted(c for c in full_deck() if c not in marked)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_bot_games_keep_every_invariant_and_replay_exactly(game):
    rule_set, players, options, seed, random_seats = game
    state = initial = fresh(rule_set, players, seed, **options)
    bots = [
        RandomBot(seed + s) if s in random_seats else HeuristicBot(seed + s) for s in range(players)
    ]
    moves = []
    while not state.is_over and len(moves) < MAX_MOVES:
        seat = seats_to_act(state)[0]
        move = bots[seat].choose(state, seat)
        assert any(o.allows(move) for o in legal_move_options(state, seat))
        forced = steps_for(state).forced_trade_at is not None
        if state.phase == "cl_reinforce" and forced and len(state.seats[seat].cards) >= 5:
            assert move.type == "trade_cards"  # CL-13
        after, _events = apply_move(state, seat, move)
        _check(state, after)
        state = after
        moves.append((seat, move))
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state
    if state.is_over:
        assert state.winner is not None
    again = replay(initial, moves)
    assert again.failed_index is None and again.state == state
