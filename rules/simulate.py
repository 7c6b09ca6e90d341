"""Bot games played to the end on a fresh customized world, for checks and statistics.

Run `python -m rules.simulate --players 4 --seed 7 --games 20 --json`. Everything printed with
`--json` depends only on the arguments (the same seed prints the same bytes); timings go to
stderr, or to the plain-text report without `--json`. Game i uses seed `--seed + i` for its
world, its dice and its bots. A game that reaches `--max-moves` is reported as capped and makes
the run exit with status 1. Expect that with `--bots random` only: a uniformly random player
mostly maneuvers (the maneuver counts outnumber the attacks), which ends its turn, so its
stacks grow and the game can run for tens of thousands of moves.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.bot_levels import LEVELS, bot_for
from rules.bot_random import RandomBot
from rules.bots import Bot, HeuristicBot
from rules.data import board, content
from rules.errors import IllegalWorldEvent
from rules.game import GameState, Move, SeatSpec, apply_move, game_result, new_game, seats_to_act
from rules.game.result import ended_by
from rules.rule_sets import LEGACY, RULE_SETS, check_choice
from rules.world import World
from rules.world_events import (
    CityFounded,
    PackOpened,
    PregameCoinsPlaced,
    StartingPowerChosen,
    VictorSigned,
    WorldEvent,
)
from rules.world_events.missions import CityCovered
from rules.world_events.pockets import AlienIslandPlaced, NuclearStrike

DEFAULT_MAX_MOVES = 20_000
BOT_KINDS = ("heuristic", "random", "mixed", *LEVELS)


def person(seat: int) -> str:
    return f"p{seat + 1}"


def customized_world(seed: int, *, veterans: int = 0) -> World:
    """P-2 and P-3 decided by a seeded coin flip per faction and a seeded shuffle of the cards,
    through the same world events a campaign logs. The first `veterans` seats' persons have
    each signed the victors' section once, so they start with a missile (S-3)."""
    rng = random.Random(seed)
    world = World()
    changes: list[WorldEvent] = []
    for key in sorted(content().base_factions):
        powers = content().factions[key].powers
        changes.append(StartingPowerChosen(faction=key, power=rng.choice(powers).key))
    cards = sorted(board().territories)
    rng.shuffle(cards)
    wanted = content().supplies["pregame_coin_stickers"]
    changes.append(PregameCoinsPlaced(territories=tuple(sorted(cards[:wanted]))))
    for seat in range(veterans):
        changes.append(VictorSigned(person=person(seat), game=seat + 1, date="2026-01-01"))
    for change in changes:
        violations = change.check(world)
        if violations:
            raise IllegalWorldEvent.from_violation(violations[0])
        world = change.apply(world)
    return world


def legacy_world(seed: int) -> World:
    """A customized world some games into a campaign with every pack open: ten cities (three
    Major, one covered by the World Capital), rich territory cards, Pocket 1's fallout zone
    and Pocket 2's Alien Island. The engine benchmark and the determinism checks play here."""
    rng = random.Random(seed)
    world = customized_world(seed)
    territories = sorted(board().territories)
    rng.shuffle(territories)
    changes: list[WorldEvent] = [
        PackOpened(pack, 1, "opened for a legacy game") for pack in ("pack_1", "pack_2", "pack_3")
    ]
    for index, territory in enumerate(territories[:10]):
        kind = "major" if index < 3 else "minor"
        changes.append(CityFounded(territory, kind, f"City {index}", "p9", 1))
    capital = territories[3]
    changes += [
        CityCovered(capital, "p9", 1),
        CityFounded(capital, "capital", "Concordia", "p9", 1),
        PackOpened("pack_4", 1, "the World Capital was about to be placed"),
        NuclearStrike(territories[10], "khan_industries", "p9", 1),
        PackOpened("pocket_1", 1, "3 missiles were fired on one roll"),
        AlienIslandPlaced(("brazil", "western_australia"), "saharan_republic", "p9", 1),
        PackOpened("pocket_2", 1, "30 troops with a missile in hand"),
        PackOpened("do_not_open", 1, "the owner chose to"),
    ]
    for change in changes:
        world = change.apply(world)
    coins = dict(world.card_coins)
    for territory in territories[11:23]:
        coins[territory] = rng.randint(3, 6)
    return world.evolve(card_coins=coins, games_played=4)


def make_bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat; each has its own generator, seeded from the game seed and its seat."""
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        bot_seed = seed * 101 + seat
        if kind in LEVELS:
            bots.append(bot_for(kind, bot_seed))
        else:
            bots.append(HeuristicBot(bot_seed) if kind == "heuristic" else RandomBot(bot_seed))
    return bots


def seat_kinds(bots: str, players: int) -> list[str]:
    """`heuristic`, `random`, `mixed` (heuristic on even seats, random on odd ones), a bot
    level (`easy`, `normal`: the heuristic bot, `hard`), or one kind per seat separated by
    commas."""
    if bots == "mixed":
        return ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]
    if bots in ("heuristic", "random", *LEVELS):
        return [bots] * players
    kinds = bots.split(",")
    if len(kinds) != players or any(k not in ("heuristic", "random", *LEVELS) for k in kinds):
        raise ValueError(f"--bots must be one of {', '.join(BOT_KINDS)} or {players} kinds.")
    return kinds


@dataclass
class GameRun:
    seed: int
    initial: GameState
    state: GameState
    moves: list[tuple[int, Move]] = field(default_factory=list)
    capped: bool = False
    bot_seconds: float = 0.0
    engine_seconds: float = 0.0

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def how_won(self) -> str:
        """A stand-alone game's end: domination (everyone else knocked out), headquarters or
        an objective."""
        return ended_by(self.state)

    def summary(self) -> dict[str, object]:
        legacy = self.state.rule_set == LEGACY
        result = game_result(self.state) if self.state.is_over and legacy else None
        return {
            "seed": self.seed,
            "winner": self.winner,
            "winner_faction": self.state.seats[self.winner].faction
            if self.winner is not None
            else None,
            "capped": self.capped,
            "turns": self.state.turn_number,
            "moves": len(self.moves),
            "red_stars": [self.state.red_stars(s) for s in range(self.state.seat_count)],
            "outcomes": [s.outcome for s in result.seats] if result else None,
        } | (
            {}
            if legacy
            else {
                "rule_set": self.state.rule_set,
                "ended_by": self.how_won() if self.state.is_over else None,
                "trade_ins": self.state.table.get("trade_ins", 0),
            }
        )


def play_game(
    seed: int,
    kinds: Sequence[str],
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    veterans: int = 0,
    timed: bool = False,
    world: World | None = None,
    rule_set: str = LEGACY,
    options: dict[str, Any] | None = None,
) -> GameRun:
    """Play one game between bots to its end, or until `max_moves` moves (then `capped`), on
    `world` (for Risk Legacy a fresh customized one by default; the other rule sets play on
    a fresh unmarked board) under `rule_set` with `options`."""
    if rule_set != LEGACY:
        world = World()
    world = world or customized_world(seed, veterans=veterans)
    seats = [SeatSpec(person=person(i), name=f"Bot {i + 1}") for i in range(len(kinds))]
    state = new_game(
        world,
        seats,
        seed=seed,
        game_number=world.next_game_number,
        rule_set=rule_set,
        options=options,
    )
    run = GameRun(seed=seed, initial=state, state=state)
    bots = make_bots(kinds, seed)
    clock = time.perf_counter
    while not state.is_over:
        if len(run.moves) >= max_moves:
            run.capped = True
            break
        seat = seats_to_act(state)[0]
        if timed:
            started = clock()
            move = bots[seat].choose(state, seat)
            chosen = clock()
            state, _ = apply_move(state, seat, move)
            run.bot_seconds += chosen - started
            run.engine_seconds += clock() - chosen
        else:
            move = bots[seat].choose(state, seat)
            state, _ = apply_move(state, seat, move)
        run.moves.append((seat, move))
    run.state = state
    return run


def _summary(runs: list[GameRun], players: int) -> dict[str, object]:
    wins = [0] * players
    factions: dict[str, int] = {}
    for run in runs:
        if run.winner is not None:
            wins[run.winner] += 1
            faction = run.state.seats[run.winner].faction
            if faction is not None:
                factions[faction] = factions.get(faction, 0) + 1
    count = len(runs) or 1
    return {
        "summary": True,
        "games": len(runs),
        "finished": sum(1 for r in runs if r.state.is_over),
        "capped": sum(1 for r in runs if r.capped),
        "wins_per_seat": wins,
        "wins_per_faction": dict(sorted(factions.items())),
        "mean_turns": round(sum(r.state.turn_number for r in runs) / count, 2),
        "mean_moves": round(sum(len(r.moves) for r in runs) / count, 2),
    }


def _parse_options(
    rule_set: str, given: list[str], parser: argparse.ArgumentParser
) -> dict[str, Any]:
    """`KEY=VALUE` pairs as the rule set's options: numbers for int options, yes/no for bool."""
    options: dict[str, Any] = {}
    for pair in given:
        key, _eq, value = pair.partition("=")
        spec = RULE_SETS[rule_set].option(key)
        if spec is None:
            parser.error(f"{rule_set} has no option {key!r}")
        if spec.kind == "int":
            if not value.lstrip("-").isdigit():
                parser.error(f"--option {key} takes a whole number")
            options[key] = int(value)
        elif spec.kind == "bool":
            options[key] = value.lower() in ("1", "yes", "true", "on")
        else:
            options[key] = value
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.simulate", description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--bots", default="heuristic", help="heuristic|random|mixed|easy|normal|hard|k1,k2,..."
    )
    parser.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES)
    parser.add_argument(
        "--veterans", type=int, default=0, help="seats whose person has signed once (a missile)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON line per game + summary")
    parser.add_argument(
        "--rule-set", default=LEGACY, choices=sorted(RULE_SETS), help="legacy|classic|invasion"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule set option, e.g. --option short_game=all_hqs (repeatable)",
    )
    args = parser.parse_args(argv)
    options = _parse_options(args.rule_set, args.option, parser)
    refusals = check_choice(args.rule_set, args.players, options)
    if refusals:
        parser.error("; ".join(str(r) for r in refusals))
    if not 0 <= args.veterans <= args.players:
        parser.error("--veterans must be 0 to --players")
    try:
        kinds = seat_kinds(args.bots, args.players)
    except ValueError as exc:
        parser.error(str(exc))

    started = time.perf_counter()
    runs = []
    for index in range(args.games):
        run = play_game(
            args.seed + index,
            kinds,
            max_moves=args.max_moves,
            veterans=args.veterans,
            rule_set=args.rule_set,
            options=options,
        )
        runs.append(run)
        line = run.summary()
        if args.json:
            print(json.dumps(line, sort_keys=True), flush=True)
        else:
            status = "HIT THE MOVE CAP" if run.capped else f"seat {run.winner} won"
            if run.state.rule_set != LEGACY:
                how = "by " + run.how_won() if run.state.is_over else ""
                print(
                    f"game seed {run.seed}: {status} {how} after {line['turns']} turns, "
                    f"{line['moves']} moves; trade-ins {run.state.table.get('trade_ins', 0)}"
                )
                continue
            print(
                f"game seed {run.seed}: {status} ({line['winner_faction']}) after "
                f"{line['turns']} turns, {line['moves']} moves; red stars {line['red_stars']}"
            )
    elapsed = time.perf_counter() - started
    summary = _summary(runs, args.players)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        print(f"elapsed {elapsed:.2f}s", file=sys.stderr)
    else:
        print(
            f"{summary['games']} games, {summary['finished']} finished, {summary['capped']} "
            f"capped; wins per seat {summary['wins_per_seat']}; "
            + (
                f"wins per faction {summary['wins_per_faction']}; "
                if args.rule_set == LEGACY
                else ""
            )
            + f"mean {summary['mean_turns']} turns, "
            f"{summary['mean_moves']} moves; {elapsed:.2f}s"
        )
    return 1 if summary["capped"] else 0


if __name__ == "__main__":
    sys.exit(main())
