"""Move path benchmark: server CPU per request of a move POST and of an unchanged state poll,
against a bare authenticated DRF view in the same run, and a move's growth with the campaign.

Run `.venv/bin/python bench/moves.py [--rounds 20] [--per-round 5] [--history 200]`. Every
request goes in-process through the whole Django stack (middlewares, session, user, DRF) with
the test client, signed in; CPU is `time.process_time` around it. Rounds interleave the kinds
of request, so a busy machine slows them alike; min/median/max are over every request.

- `move`: a POST on a game whose seats are all hot-seat on this browser (no bot replies).
- `move+bots`: the same on a game of one person and two bots: ending a turn there makes the
  bots play their whole turns inside the same request.
- `poll`: the API state of a seat, nothing having changed.
- `move@N`: a move on a campaign whose game N this is (the history before it is hand-logged
  games appended through `world_event_append`, the one door of the world), same seed and
  same moves as at game 1.

The database is a fresh test database (in-memory SQLite, or `test_<name>` of `DATABASE_URL`),
dropped at the end. Prints figures only; nothing here is asserted (tests never time things).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
)

from campaign.models import Campaign, EventSource  # noqa: E402
from campaign.models.digital import DigitalGame, GameSeat  # noqa: E402
from campaign.services.campaigns import campaign_create, person_create  # noqa: E402
from campaign.services.digital.finish import digital_game_abandon  # noqa: E402
from campaign.services.digital.start import SeatRequest, digital_game_start  # noqa: E402
from campaign.services.setup import setup_randomize  # noqa: E402
from campaign.services.world import world_event_append  # noqa: E402
from rules.data import content  # noqa: E402
from rules.world_events import GameRecorded, VictorSigned  # noqa: E402

SEED = 7
STARTS = ("egypt", "ontario", "siam")


@dataclass
class Table:
    """One campaign with a game in play, and the browser that holds its seats."""

    name: str
    campaign: Campaign
    client: Client
    seats: list[SeatRequest]
    owner: object
    game_id: int = 0
    seat: int = 0
    moves_applied: list[int] = field(default_factory=list)

    def start(self) -> None:
        game = digital_game_start(
            campaign=self.campaign,
            user=self.owner,
            seats=self.seats,
            seed=SEED,
            session_key=self.client.session.session_key,
        )
        self.game_id = game.pk

    def state(self) -> dict:
        return self.client.get(f"/api/v1/games/{self.game_id}/state?seat={self.seat}").json()

    def next_move(self) -> dict:
        """The seat to act and its first legal move that is not ending the turn early, read
        through the API (outside the timing); a finished game is abandoned and started
        again on the same seed."""
        data = self.state()
        if data["status"] != DigitalGame.Status.PLAYING:
            digital_game_abandon(game=DigitalGame.objects.get(pk=self.game_id), user=self.owner)
            self.start()
            data = self.state()
        held = set(data["held_seats"])
        self.seat = next(s for s in data["seats_to_act"] if s in held)
        data = self.state()
        options = data["legal"]
        chosen = next((o for o in options if o["move"]["type"] != "end_turn"), options[0])
        move = dict(chosen["move"])
        if chosen.get("max_count") is not None:
            move["count"] = chosen["max_count"]
        return {"seat": self.seat, "version": data["version"], "move": move}

    def post(self, body: dict):
        before = body["version"]
        response = self.client.post(
            f"/api/v1/games/{self.game_id}/moves", body, content_type="application/json"
        )
        if response.status_code == 200:
            self.moves_applied.append(response.json()["version"] - before)
        return response


def history(campaign: Campaign, owner, persons: list, games: int) -> None:
    """`games` games logged by hand before the measured one: a row per faction on the cards'
    backs each (the world grows as a real campaign's does), signed while games are signed."""
    factions = list(content().base_factions)
    signed = content().constants["rewarded_games"]
    for number in range(1, games + 1):
        players = tuple(
            {
                "person": person.key,
                "faction": factions[(number + i) % len(factions)],
                "start": STARTS[i],
                "outcome": "won" if i == 0 else "held_on",
            }
            for i, person in enumerate(persons)
        )
        events: list = [GameRecorded(number, "2026-01-01", players)]
        if number <= signed:
            events.append(VictorSigned(persons[0].key, number, "2026-01-01"))
        world_event_append(
            campaign=campaign, events=events, user=owner, source=EventSource.LOG, game_number=number
        )


def table(name: str, owner, games_before: int, *, bots: bool = False) -> Table:
    campaign = campaign_create(owner=owner, name=name)
    setup_randomize(campaign=campaign, user=owner, rng=random.Random(SEED))
    owner_person = campaign.persons.get(user=owner)
    guests = [person_create(campaign=campaign, display_name=f"Guest {i}") for i in (1, 2)]
    history(campaign, owner, [owner_person, *guests], games_before)
    client = Client()
    client.force_login(owner)
    if bots:
        seats = [
            SeatRequest(person=owner_person, kind=GameSeat.Kind.HUMAN),
            SeatRequest(person=None, kind=GameSeat.Kind.BOT),
            SeatRequest(person=None, kind=GameSeat.Kind.BOT),
        ]
    else:
        seats = [SeatRequest(person=p, kind=GameSeat.Kind.HOTSEAT) for p in (owner_person, *guests)]
    found = Table(name, campaign, client, seats, owner)
    found.start()
    return found


def measured(request: Callable[[], object]) -> tuple[float, float]:
    """(CPU ms, wall ms) of one request, which must succeed."""
    cpu, wall = time.process_time(), time.perf_counter()
    response = request()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if response.status_code != 200:
        raise SystemExit(f"{response.status_code}: {response.content[:300]!r}")
    return cpu * 1000, wall * 1000


def queries(request: Callable[[], object]) -> int:
    with CaptureQueriesContext(connection) as captured:
        request()
    return len(captured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--per-round", type=int, default=5)
    parser.add_argument("--history", type=int, default=200, help="games before the longest")
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(ROOT_URLCONF="bench.urls", DEBUG=False):
            run(args)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(args: argparse.Namespace) -> None:
    owner = get_user_model().objects.create_user("bench", "bench@example.com", "bench-password")
    built = time.process_time()
    depths = sorted(d for d in {15, 100, args.history} if 0 < d <= args.history)
    tables = {"move": table("Game 1", owner, 0)}
    tables["move+bots"] = table("Bots", owner, 0, bots=True)
    for depth in depths:
        tables[f"move@{depth + 1}"] = table(f"Game {depth + 1}", owner, depth)
    print(f"built {len(tables)} campaigns in {time.process_time() - built:.1f} s CPU")
    spectator = tables["move"]
    bare = spectator.client

    def poll():
        return bare.get(f"/api/v1/games/{spectator.game_id}/state?seat=0")

    kinds: dict[str, Callable[[], Callable[[], object]]] = {
        "bare": lambda: lambda: bare.get("/bench/ok/"),
        "poll": lambda: poll,
    }
    for name, each in tables.items():

        def prepared(each: Table = each) -> Callable[[], object]:
            body = each.next_move()
            return lambda: each.post(body)

        kinds[name] = prepared
    counts = {name: queries(kind()) for name, kind in kinds.items()}
    for name in tables:
        tables[name].moves_applied.clear()
    cpu: dict[str, list[float]] = {name: [] for name in kinds}
    wall: dict[str, list[float]] = {name: [] for name in kinds}
    for _round in range(args.rounds):
        for name, kind in kinds.items():
            for _ in range(args.per_round):
                spent, took = measured(kind())
                cpu[name].append(spent)
                wall[name].append(took)

    base_cpu, base_wall = statistics.median(cpu["bare"]), statistics.median(wall["bare"])
    vendor = connection.vendor
    print(f"{vendor}, {args.rounds} rounds x {args.per_round} requests per kind, interleaved")
    print(
        f"{'request':<12} {'CPU ms min/median/max':>24} {'x bare':>7} {'p50 ms':>7} "
        f"{'x bare':>7} {'queries':>8}"
    )
    for name in kinds:
        c, w = cpu[name], wall[name]
        line = f"{min(c):.2f}/{statistics.median(c):.2f}/{max(c):.2f}"
        print(
            f"{name:<12} {line:>24} {statistics.median(c) / base_cpu:>7.2f} "
            f"{statistics.median(w):>7.2f} {statistics.median(w) / base_wall:>7.2f} "
            f"{counts[name]:>8}"
        )
    bots = tables["move+bots"].moves_applied
    print(f"move+bots applied {sum(bots) / len(bots):.1f} moves per request (max {max(bots)})")
    first = statistics.median(cpu["move"])
    growth = ", ".join(
        f"game {depth + 1} {statistics.median(cpu[f'move@{depth + 1}']) / first:.2f}x"
        for depth in depths
    )
    print(f"growth of a move's CPU against game 1: {growth}")


if __name__ == "__main__":
    main()
