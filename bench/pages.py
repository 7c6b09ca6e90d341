"""History pages at 15 and 200 games: SQL queries and latency of each page, a correction of
game 2, and `verify_worlds`, with the ratio of the large campaign to the small one.

Run `.venv/bin/python bench/pages.py [--rounds 7]`. It builds its own test database (SQLite in
memory, or `test_<name>` of `DATABASE_URL`), so it never touches a real one. Prints figures
only; the query counts are asserted by the tests, nothing here is.

Each campaign is built through the services a group uses: the pre-game customization, then
games logged by hand (`game_log`, refusals accepted by the owner as house rules where the
generated table breaks one), and before each game a digital game started and abandoned, so the
play list holds as many digital games (full states, seats) as the campaign has games. Pages are
requested through the whole Django stack (`django.test.Client`, middleware, templates) in
interleaved rounds: each round requests every page of both campaigns once.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from campaign.models import Campaign, GameLog, Person, WorldEventRecord  # noqa: E402
from campaign.models.digital import GameSeat  # noqa: E402
from campaign.selectors.world import world_current, world_snapshot_mismatches  # noqa: E402
from campaign.services.campaigns import campaign_create, person_create  # noqa: E402
from campaign.services.digital.finish import digital_game_abandon  # noqa: E402
from campaign.services.digital.start import SeatRequest, digital_game_start  # noqa: E402
from campaign.services.game_log.correct import game_log_correct  # noqa: E402
from campaign.services.game_log.entry import (  # noqa: E402
    GameLogEntry,
    IncidentEntry,
    PlayerEntry,
)
from campaign.services.game_log.record import game_log  # noqa: E402
from campaign.services.game_log.refusals import GameLogRefused  # noqa: E402
from campaign.services.setup import setup_randomize  # noqa: E402
from config.celery import app  # noqa: E402
from rules import box  # noqa: E402
from rules.data import board  # noqa: E402
from rules.rewards import RewardChoice  # noqa: E402

HOUSE_RULE = "Bench table: accepted as a house rule."
SIZES = (15, 200)
TERRITORY = "egypt"  # a page of one territory, a start in many games


def _entry(world, persons: list[Person], number: int, rng: random.Random) -> GameLogEntry:
    """A plausible game: three or four people of the campaign, factions of the box, distinct
    starts, two players using a missile, a winner who takes a reward while rewards are given,
    a slogan, the world named after game 15."""
    factions = list(box.factions(world))
    rng.shuffle(factions)
    seats = 3 + number % 2
    people = persons[number % len(persons) :] + persons[: number % len(persons)]
    starts = rng.sample(sorted(board().territories), seats)
    players = tuple(
        PlayerEntry(
            factions[i],
            person=people[i].key,
            start=starts[i],
            troops_at_end=i != seats - 1,
            held=(starts[i],) if i != seats - 1 else (),
        )
        for i in range(seats)
    )
    winner_reward = None
    if number <= 15:
        open_cards = sorted(t for t in board().territories if world.has_card(t))
        winner_reward = RewardChoice("R6", rng.choice(open_cards))
    return GameLogEntry(
        played_on=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * number),
        players=players,
        incidents=tuple(
            IncidentEntry("missiles_used", by_faction=p.faction, count=1) for p in players[:2]
        ),
        winner=players[0].faction,
        slogan=f"Game {number}" if number <= 15 else "",
        winner_reward=winner_reward,
        world_name="Bench" if number == 15 else "",
        world_namer=people[0].key if number == 15 else "",
    )


def build(games: int, owner) -> Campaign:
    """A campaign of `games` games logged by hand, each after a digital game abandoned."""
    campaign = campaign_create(owner=owner, name=f"Bench {games}", is_public=True)
    rng = random.Random(games)
    setup_randomize(campaign=campaign, user=owner, rng=rng)
    persons = [Person.objects.get(campaign=campaign, user=owner)] + [
        person_create(campaign=campaign, display_name=f"Guest {i}") for i in range(1, 5)
    ]
    for number in range(1, games + 1):
        table = [SeatRequest(person=p, kind=GameSeat.Kind.HOTSEAT) for p in persons[:3]]
        game = digital_game_start(campaign=campaign, user=owner, seats=table, session_key="b")
        digital_game_abandon(game=game, user=owner)
        entry = _entry(world_current(campaign=campaign), persons, number, rng)
        try:
            game_log(campaign=campaign, user=owner, entry=entry)
        except GameLogRefused:
            game_log(campaign=campaign, user=owner, entry=entry, override_reason=HOUSE_RULE)
    return campaign


def pages(campaign: Campaign) -> dict[str, str]:
    slug = campaign.slug
    return {
        "play list": f"/c/{slug}/play/",
        "world": f"/campaigns/{slug}/",
        "world as of game 2": f"/campaigns/{slug}/?game=2",
        "timeline": f"/campaigns/{slug}/history/games/",
        "statistics": f"/campaigns/{slug}/history/stats/",
        "territory": f"/campaigns/{slug}/history/territories/{TERRITORY}/",
    }


def spread(values: list[float]) -> str:
    return (
        f"min {min(values):7.1f}  median {statistics.median(values):7.1f}  max {max(values):7.1f}"
    )


def counted(action: Callable[[], object]) -> tuple[int, float]:
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        action()
        elapsed = time.perf_counter() - started
    return len(queries), elapsed * 1000


def measure_pages(client: Client, campaigns: dict[int, Campaign], rounds: int) -> None:
    small, large = SIZES
    names = list(pages(campaigns[small]))
    queries: dict[tuple[str, int], int] = {}
    times: dict[tuple[str, int], list[float]] = {(n, s): [] for n in names for s in SIZES}
    for name in names:  # a first request warms caches (templates, fixtures) off the clock
        for size in SIZES:
            response = client.get(pages(campaigns[size])[name])
            assert response.status_code == 200, (name, size, response.status_code)
    for _ in range(rounds):
        for name in names:
            for size in SIZES:
                url = pages(campaigns[size])[name]
                count, ms = counted(lambda url=url: client.get(url))
                queries[name, size] = count
                times[name, size].append(ms)
    print(f"pages ({rounds} interleaved rounds; ms per request)")
    for name in names:
        for size in SIZES:
            print(f"  {name:20} {size:3d} games: {queries[name, size]:3d} queries  ", end="")
            print(spread(times[name, size]))
        ratio = statistics.median(times[name, large]) / statistics.median(times[name, small])
        print(f"  {name:20} ratio {large}/{small} (medians): {ratio:.2f}x")


def measure_verify(campaigns: dict[int, Campaign], rounds: int) -> None:
    small, large = SIZES
    times: dict[int, list[float]] = {size: [] for size in SIZES}
    for _ in range(rounds):
        for size in SIZES:
            _, ms = counted(lambda c=campaigns[size]: world_snapshot_mismatches(campaign=c))
            times[size].append(ms)
    events = {s: WorldEventRecord.objects.filter(campaign=campaigns[s]).count() for s in SIZES}
    print(f"verify_worlds ({rounds} interleaved rounds; ms per campaign)")
    for size in SIZES:
        print(f"  {size:3d} games, {events[size]:5d} events: {spread(times[size])}")
    ratio = statistics.median(times[large]) / statistics.median(times[small])
    print(f"  ratio {large}/{small}: {ratio:.2f}x for {events[large] / events[small]:.2f}x events")


def measure_correction(campaigns: dict[int, Campaign], owner) -> None:
    print("a correction of game 2 (games 2..N re-recorded)")
    for size in SIZES:
        campaign = campaigns[size]
        logged = GameLog.objects.get(campaign=campaign, game_number=2, corrections=None)
        entry = GameLogEntry.from_json(logged.entry)
        entry = replace(entry, played_on=entry.played_on + datetime.timedelta(days=1))

        def correct(campaign=campaign, entry=entry) -> None:
            game_log_correct(
                campaign=campaign,
                user=owner,
                game_number=2,
                entry=entry,
                reason="The date was wrong.",
                override_reason=HOUSE_RULE,
            )

        count, ms = counted(correct)
        print(f"  {size:3d} games: {count:4d} queries, {ms:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--sizes", type=int, nargs=2, default=(15, 200), metavar=("SMALL", "LARGE"))
    args = parser.parse_args()
    global SIZES
    SIZES = tuple(args.sizes)
    setup_test_environment()
    app.conf.task_always_eager = True  # the unlock task runs in-process, as in the tests
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        owner = get_user_model().objects.create_user("bench", "bench@example.com", "bench")
        started = time.perf_counter()
        campaigns = {size: build(size, owner) for size in SIZES}
        print(f"built campaigns of {SIZES} games in {time.perf_counter() - started:.1f} s")
        client = Client()
        client.force_login(owner)
        measure_pages(client, campaigns, args.rounds)
        measure_verify(campaigns, args.rounds)
        measure_correction(campaigns, owner)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
