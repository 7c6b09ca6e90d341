"""The heuristic bot's play in the stand-alone rule sets (Classic Risk, Invasión): claim whole
continents, trade every set it may (and must, CL-13, CL-18), stack its new armies on one front,
attack with the odds in its favour, go for headquarters and objectives, keep its hand under the
limit (IN-6) and bring idle armies to the front; with two seats left of a bigger table its biggest
stack pushes through. Deterministic for a given state and seed."""

from __future__ import annotations

import random

from rules import bot_odds
from rules.board_links import neighbours
from rules.data import rules_board
from rules.game import (
    Attack,
    ChooseHeadquarters,
    EndTurn,
    GameState,
    Maneuver,
    Move,
    MoveIn,
    MoveOption,
    PlaceNeutral,
    PlaceTroops,
    RollForOrder,
    TradeCards,
    legal_move_options,
)
from rules.variants.common import alive, players

ATTACK_ODDS = 0.55
PUSH_SEATS = 2
"""With this many seats left of a bigger table the bot pushes: its biggest stack attacks first
and moves in whole, so escalating trade-ins (CL-13) end the game instead of refilling both
sides."""
HQ_GARRISON = 3
ODDS_SCALE = 120
CARD_ODDS = 0.4
"""Without a conquest yet this turn, a card is worth a riskier attack (CL-9)."""


def choose(state: GameState, seat: int, rng: random.Random) -> Move:
    options = legal_move_options(state, seat)
    if not options:
        raise ValueError(f"Seat {seat} has no legal move in phase {state.phase}.")
    phase = state.phase
    if phase == "cl_order":
        return RollForOrder()
    if phase == "cl_claim":
        return _claim(state, seat, options)
    if phase == "cl_setup_place":
        return _setup_place(state, seat, options)
    if phase == "cl_headquarters":
        return _headquarters(state, seat)
    if phase == "cl_reinforce":
        return _reinforce(state, seat, options)
    if phase == "cl_attack":
        return _attack(state, seat, options)
    if phase == "cl_defend":
        return max((o.move for o in options), key=lambda m: m.dice)  # type: ignore[attr-defined]
    if phase == "cl_move_in":
        return _move_in(state, seat, options[0])
    return rng.choice(options).move


def _enemies_near(state: GameState, seat: int, territory: str) -> list[str]:
    return [
        t
        for t in neighbours(state.world, territory)
        if state.owner(t) is not None and state.owner(t) != seat
    ]


def _continent_share(state: GameState, seat: int, territory: str) -> float:
    continent = rules_board().continent_of(territory)
    mine = sum(1 for t in continent.territories if state.owner(t) == seat)
    theirs = sum(1 for t in continent.territories if state.owner(t) not in (None, seat))
    return (mine - theirs) / len(continent.territories) + continent.bonus / (
        10 * len(continent.territories)
    )


def _claim(state: GameState, seat: int, options: list[MoveOption]) -> Move:
    def score(option: MoveOption) -> tuple[float, str]:
        territory = option.move.territory  # type: ignore[attr-defined]
        near_mine = sum(1 for t in neighbours(state.world, territory) if state.owner(t) == seat)
        return (_continent_share(state, seat, territory) + 0.1 * near_mine, territory)

    return max(options, key=score).move


def _own_hq(state: GameState, seat: int) -> str | None:
    hqs = state.table.get("headquarters") or []
    return hqs[seat] if state.table.get("hq_revealed") and seat < len(hqs) else None


def _front(state: GameState, seat: int) -> str:
    """The territory to stack new armies on: a border one, the biggest stack first, then the
    one facing the weakest neighbour."""
    mine = state.controlled(seat)
    own_hq = _own_hq(state, seat)
    if own_hq is not None and state.owner(own_hq) == seat:
        threat = max((state.troops(t) for t in _enemies_near(state, seat, own_hq)), default=0)
        if threat + HQ_GARRISON > state.troops(own_hq):
            return own_hq  # CL-31: losing one's own headquarters loses the race
    border = [t for t in mine if _enemies_near(state, seat, t)] or mine

    def score(territory: str) -> tuple[float, ...]:
        weakest = min((state.troops(t) for t in _enemies_near(state, seat, territory)), default=0)
        return (
            state.troops(territory) - weakest + 3 * _continent_share(state, seat, territory),
            -weakest,
        )

    return max(border, key=lambda t: (*score(t), t))


def _setup_place(state: GameState, seat: int, options: list[MoveOption]) -> Move:
    neutral = [o.move for o in options if isinstance(o.move, PlaceNeutral)]
    places = [o for o in options if isinstance(o.move, PlaceTroops)]
    if places:
        front = _front(state, seat)
        option = next(o for o in places if o.move.territory == front)  # type: ignore[attr-defined]
        return PlaceTroops(front, option.max_count or 1)
    # CL-22: the neutral army goes where it blocks the opponent's biggest stack.
    return max(
        neutral,
        key=lambda m: (
            max(
                (state.troops(t) for t in _enemies_near(state, seat, m.territory)),  # type: ignore[attr-defined]
                default=0,
            ),
            m.territory,  # type: ignore[attr-defined]
        ),
    )


def _headquarters(state: GameState, seat: int) -> Move:
    mine = state.controlled(seat)
    return ChooseHeadquarters(
        max(mine, key=lambda t: (state.troops(t) - len(_enemies_near(state, seat, t)), t))
    )


def _reinforce(state: GameState, seat: int, options: list[MoveOption]) -> Move:
    trades = [o.move for o in options if isinstance(o.move, TradeCards)]
    if trades:
        # A set holding a pictured territory we own gives 2 more armies (CL-12).
        return max(trades, key=lambda m: (sum(state.owner(c) == seat for c in m.cards), m.cards))
    front = _front(state, seat)
    return PlaceTroops(front, state.turn.recruits_left)


def _odds(attackers: int, defenders: int) -> float:
    """The exact odds (`rules.bot_odds.conquest_odds`) for small stacks; for big ones the odds of
    stacks scaled down to the same ratio, which keeps the exact sum's depth bounded."""
    total = attackers + defenders
    if total > ODDS_SCALE:
        attackers = max(1, round(attackers * ODDS_SCALE / total))
        defenders = max(1, round(defenders * ODDS_SCALE / total))
    return bot_odds.conquest_odds(attackers, defenders)


def _pushing(state: GameState) -> bool:
    return len(players(state)) > PUSH_SEATS >= len(alive(state))


def _onward(state: GameState, seat: int, move: Attack) -> int:
    """Whether a pushing stack could go on from the target (enemies beside it), so the stack
    does not end its run in its own land."""
    return int(bool(_enemies_near(state, seat, move.target)))


def _target_value(state: GameState, seat: int, target: str) -> float:
    value = 0.0
    owner = state.owner(target)
    hqs = state.table.get("headquarters") or []
    if state.table.get("hq_revealed") and target in hqs:
        value += 0.3
    if owner is not None and len(state.controlled(owner)) <= 2:
        value += 0.2  # knocking a player out takes their cards (CL-18)
    return value + 0.2 * max(0.0, _continent_share(state, seat, target))


def _attack(state: GameState, seat: int, options: list[MoveOption]) -> Move:
    best: tuple[tuple[float, ...], Attack] | None = None
    threshold = ATTACK_ODDS if state.turn.conquered else CARD_ODDS
    pushing = _pushing(state)
    for option in options:
        move = option.move
        if not isinstance(move, Attack):
            continue
        attackers = state.troops(move.origin) - 1
        if move.dice != min(3, attackers):
            continue
        if move.origin == _own_hq(state, seat):
            attackers -= 2 * HQ_GARRISON  # the headquarters keeps a garrison
            if attackers < 1:
                continue
        odds = _odds(attackers, state.troops(move.target))
        value = odds + _target_value(state, seat, move.target)
        score = (attackers, _onward(state, seat, move), value) if pushing else (value,)
        if odds >= threshold and (best is None or (score, move.target) > (best[0], best[1].target)):
            best = (score, move)
    if best is not None:
        return best[1]
    return _fortify(state, seat, options)


def _distance_to_enemy(state: GameState, seat: int) -> dict[str, int]:
    """For each own territory, how many steps through own land to one facing an enemy."""
    mine = set(state.controlled(seat))
    frontier = [t for t in sorted(mine) if _enemies_near(state, seat, t)]
    distance = dict.fromkeys(frontier, 0)
    while frontier:
        following = []
        for here in frontier:
            for there in sorted(neighbours(state.world, here)):
                if there in mine and there not in distance:
                    distance[there] = distance[here] + 1
                    following.append(there)
        frontier = following
    return distance


def _fortify(state: GameState, seat: int, options: list[MoveOption]) -> Move:
    """The biggest idle stack (no enemy beside it) moves all it can to where it gets closest
    to the front."""
    distance = _distance_to_enemy(state, seat)
    far = len(state.armies)
    moves = [
        o
        for o in options
        if isinstance(o.move, Maneuver)
        and distance.get(o.move.origin, far) > 0
        and distance.get(o.move.target, far) < distance.get(o.move.origin, far)
    ]
    if not moves:
        return EndTurn()
    option = max(
        moves,
        key=lambda o: (
            o.max_count or 0,
            -distance.get(o.move.target, far),  # type: ignore[attr-defined]
            o.move.origin,  # type: ignore[attr-defined]
            o.move.target,  # type: ignore[attr-defined]
        ),
    )
    move = option.move
    return Maneuver(move.origin, move.target, option.max_count or 1)  # type: ignore[attr-defined]


def _move_in(state: GameState, seat: int, option: MoveOption) -> Move:
    """All in when the territory left behind faces no enemy or the bot pushes; else two
    thirds."""
    pending = state.pending or {}
    low, high = option.min_count or 1, option.max_count or 1
    origin = pending.get("origin", "")
    if origin == _own_hq(state, seat):
        return MoveIn(low)
    if _pushing(state) or not _enemies_near(state, seat, origin):
        return MoveIn(high)
    return MoveIn(max(low, (2 * high) // 3))
