"""Spectators benchmark: what watching a digital game costs the server, with the game pages'
websockets (push) against the 1-second poll the pages used before (the baseline, run beside).

Run `.venv/bin/python bench/spectators.py [--spectators 50] [--interval 2] [--window 20]
[--idle 10] [--rounds 3] [--workers 1] [--redis redis://127.0.0.1:6379/3]`.

A real server is started: uvicorn serving `config.asgi` (`DEBUG=0`), on a fresh SQLite file,
with the in-memory channel layer, or with Redis's when `--redis` names a database (then
`--workers 2` shows news crossing processes). One person plays a hot-seat game through the API,
a move every `--interval` seconds. Spectators are signed-in members holding no seat; each
behaves as a game page does:

- `push`: a websocket to the game, which sends what changed in the spectators' panel with the
  news of each move (a page holding a seat would fetch its own panel instead: one GET).
- `poll`: a GET of its panel every second (`?v=`: 204 while nothing changed).
- `alone`: no spectator; the mover's own cost, subtracted to get the spectators' cost.

Each round runs the three, one after the other (spectators connected, `--idle` seconds with no
move, then `--window` seconds of moves); min/median/max are over rounds. Server CPU is the
server's processes' user+system time from /proc over wall time (cores). Latency is from the
mover sending a move to a spectator's socket hearing of it, and to its panel being fetched
(for `poll`, to the poll that brought the new panel; for `push`, to the socket's message that
carried it). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VERSION = re.compile(rb'id="game-panel"[^>]*data-version="(\d+)"')
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Window:
    """What one run of one mode measured."""

    idle_cores: float = 0.0
    idle_requests: int = 0
    cores: float = 0.0
    heard_ms: list[float] = field(default_factory=list)
    heard_by_move: dict[int, list[float]] = field(default_factory=dict)
    shown_ms: list[float] = field(default_factory=list)
    answered_ms: list[float] = field(default_factory=list)
    message_bytes: list[int] = field(default_factory=list)  # news of a move, as sent


@dataclass
class Game:
    """The game in play and when each of its versions was sent by the mover."""

    slug: str
    id: int
    sent_at: dict[int, float] = field(default_factory=dict)
    moving: bool = False


class Http:
    """HTTP/1.1 on one kept-alive connection, as a browser tab holds one."""

    def __init__(self, port: int, cookie: str) -> None:
        self.port, self.cookie = port, cookie
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: str = ""
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Cookie: {self.cookie}\r\n{headers}Content-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        await self.writer.drain()
        assert self.reader is not None
        status = int((await self.reader.readline()).split()[1])
        fields: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            fields[name.strip().lower()] = value.strip()
        if fields.get("transfer-encoding") == "chunked":
            content = b""
            while size := int((await self.reader.readline()).strip(), 16):
                content += await self.reader.readexactly(size + 2)
            await self.reader.readline()
        else:
            content = await self.reader.readexactly(int(fields.get("content-length", 0)))
        if fields.get("connection") == "close":
            self.close()
        return status, content

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def server_cores_used(pid: int) -> float:
    """CPU seconds (user + system) of the server and every process under it."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICKS
    family, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    return sum(times.get(member, 0.0) for member in family)


# --- the site's data, made in this process on the server's database --------------------------


def build(spectators: int) -> tuple[dict[str, str], Game]:
    """A public campaign, its owner (who plays all three hot-seat seats on their browser) and a
    viewer; cookies of signed-in sessions for the mover and for the spectators."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from campaign.models import Role
    from campaign.services.campaigns import campaign_create, membership_add, person_create
    from campaign.services.setup import setup_randomize

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    owner = users.create_user("mover", "mover@example.com", "bench-password")
    viewer = users.create_user("watcher", "watcher@example.com", "bench-password")
    campaign = campaign_create(owner=owner, name="Watched table", is_public=True)
    membership_add(campaign=campaign, user=viewer, role=Role.VIEWER)
    setup_randomize(campaign=campaign, user=owner, rng=random.Random(7))
    for name in ("Ann", "Ben"):
        person_create(campaign=campaign, display_name=name)
    cookies = {}
    for who, user in (("mover", owner), ("watcher", viewer)):
        client = Client()
        client.force_login(user)
        cookies[who] = f"sessionid={client.cookies['sessionid'].value}"
    game = Game(slug=campaign.slug, id=0)
    new_game(game, cookies["mover"])
    return cookies, game


def new_game(game: Game, mover_cookie: str) -> None:
    from campaign.models import Campaign
    from campaign.models.digital import GameSeat
    from campaign.services.digital.start import SeatRequest, digital_game_start

    campaign = Campaign.objects.get(slug=game.slug)
    seats = [SeatRequest(p, GameSeat.Kind.HOTSEAT) for p in campaign.persons.order_by("pk")]
    started = digital_game_start(
        campaign=campaign,
        user=campaign.owner,
        seats=seats[:3],
        seed=7,
        session_key=mover_cookie.split("=", 1)[1],
    )
    game.id, game.sent_at = started.pk, {}


def next_move(game: Game) -> dict | None:
    """The move the mover sends next (whoever acts, their first legal move that is not ending
    the turn early); None once the game is over."""
    from campaign.models.digital import DigitalGame
    from rules.game import legal_move_options, seats_to_act

    row = DigitalGame.objects.get(pk=game.id)
    if row.status != DigitalGame.Status.PLAYING:
        return None
    state = row.game_state()
    seat = seats_to_act(state)[0]
    options = legal_move_options(state, seat)
    chosen = next((o for o in options if o.move.type != "end_turn"), options[0])
    move = chosen.move.to_json()
    if chosen.max_count is not None:
        move["count"] = chosen.max_count
    return {"seat": seat, "version": row.version, "move": move}


# --- the people -------------------------------------------------------------------------------


async def mover(
    port: int, cookie: str, game: Game, window: Window, moves: int, interval: float
) -> None:
    token = secrets.token_hex(16)  # a CSRF secret of 32 characters, sent as cookie and header
    http = Http(port, f"{cookie}; csrftoken={token}")
    headers = f"X-CSRFToken: {token}\r\nContent-Type: application/json\r\n"
    for _ in range(moves):
        began = time.perf_counter()
        body = await asyncio.to_thread(next_move, game)
        if body is None:
            print("  (the game ended; a new one starts next window)")
            await asyncio.to_thread(new_game, game, cookie)
            break
        game.sent_at[body["version"] + 1] = time.perf_counter()
        status, answer = await http.request(
            "POST", f"/api/v1/games/{game.id}/moves", json.dumps(body).encode(), headers
        )
        if status != 200:
            raise SystemExit(f"move refused: {status} {answer[:300]!r}")
        window.answered_ms.append((time.perf_counter() - game.sent_at[body["version"] + 1]) * 1000)
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - began)))
    http.close()


def panel_path(game: Game, shown: int) -> str:
    return f"/c/{game.slug}/play/{game.id}/panel/?v={shown}"


def record(game: Game, window: Window, since: int, now_at: int, into: list[float]) -> None:
    stamp = time.perf_counter()
    for version in range(since + 1, now_at + 1):
        if version in game.sent_at and game.moving:
            into.append((stamp - game.sent_at[version]) * 1000)


async def push_spectator(
    port: int,
    cookie: str,
    game: Game,
    window: Window,
    ready: asyncio.Event,
    counter: list,
    deflate: bool,
) -> None:
    """Ends when its page is closed (`counter[3]` holds the open pages). A browser asks for
    compressed messages (permessage-deflate), as `deflate` does."""
    import websockets

    http = Http(port, cookie)
    url = f"ws://127.0.0.1:{port}/ws/c/{game.slug}/play/{game.id}/"
    async with websockets.connect(
        url,
        origin=f"http://127.0.0.1:{port}",
        additional_headers={"Cookie": cookie},
        compression="deflate" if deflate else None,
    ) as page:
        counter[3].append(page)
        shown = json.loads(await page.recv())["version"]
        counter[0] += 1
        if counter[0] == counter[1]:
            ready.set()
        async for raw in page:
            message = json.loads(raw)
            version = message["version"]
            if version <= shown:
                continue
            record(game, window, shown, version, window.heard_ms)
            if game.moving:
                window.message_bytes.append(len(raw))
            if game.moving and version in game.sent_at:
                window.heard_by_move.setdefault(version, []).append(
                    (time.perf_counter() - game.sent_at[version]) * 1000
                )
            # A spectator's page is sent what changed, or the panel: no request.
            if "parts" in message or "panel" in message:
                record(game, window, shown, version, window.shown_ms)
                shown = version
                continue
            status, body = await http.request("GET", panel_path(game, shown))
            counter[2] += 1
            if status == 200:
                fetched = int(VERSION.search(body)[1])
                record(game, window, shown, fetched, window.shown_ms)
                shown = fetched
    http.close()


async def poll_spectator(port: int, cookie: str, game: Game, window: Window, counter: list[int]):
    from campaign.models.digital import DigitalGame

    http = Http(port, cookie)
    shown = await asyncio.to_thread(lambda: DigitalGame.objects.get(pk=game.id).version)
    await asyncio.sleep(random.random())  # pages were opened at different moments
    try:
        while True:
            status, body = await http.request("GET", panel_path(game, shown))
            counter[2] += 1
            if status == 200:
                fetched = int(VERSION.search(body)[1])
                record(game, window, shown, fetched, window.shown_ms)
                shown = fetched
            await asyncio.sleep(1.0)  # htmx's "every 1s": a second after each answer
    finally:
        http.close()


async def one_window(mode: str, args, port: int, server: int, cookies, game: Game) -> Window:
    window = Window()
    counter = [0, args.spectators, 0, []]  # connected, expected, panel requests, open sockets
    ready = asyncio.Event()
    tasks = []
    if mode != "alone":
        for _ in range(args.spectators):
            if mode == "push":
                job = push_spectator(
                    port, cookies["watcher"], game, window, ready, counter, not args.no_deflate
                )
            else:
                job = poll_spectator(port, cookies["watcher"], game, window, counter)
            tasks.append(asyncio.create_task(job))
        if mode == "push":
            await asyncio.wait_for(ready.wait(), timeout=60)
    await asyncio.sleep(1.0)  # connections settle
    cpu, wall, requests = server_cores_used(server), time.perf_counter(), counter[2]
    await asyncio.sleep(args.idle)
    window.idle_cores = (server_cores_used(server) - cpu) / (time.perf_counter() - wall)
    window.idle_requests = counter[2] - requests
    game.moving = True
    cpu, wall = server_cores_used(server), time.perf_counter()
    moves = round(args.window / args.interval)
    await mover(port, cookies["mover"], game, window, moves, args.interval)
    await asyncio.sleep(0.5)  # the last move's news arrives
    window.cores = (server_cores_used(server) - cpu) / (time.perf_counter() - wall)
    game.moving = False
    # Pages close their sockets as a browser does (the server then waits on no one); the
    # polling pages simply stop.
    await asyncio.gather(*(page.close() for page in counter[3]))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return window


def spread(values: list[float], unit: str = "") -> str:
    if not values:
        return "-"
    return f"{min(values):.3f}/{statistics.median(values):.3f}/{max(values):.3f}{unit}"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def report(args, results: dict[str, list[Window]]) -> None:
    alone = [w.cores for w in results["alone"]]
    cost = {
        mode: [w.cores - a for w, a in zip(results[mode], alone, strict=True)]
        for mode in ("push", "poll")
    }
    n = args.spectators
    print(f"{'server CPU, cores (min/median/max over rounds)':<52} {'moves':>20} {'idle':>20}")
    for mode in ("alone", "push", "poll"):
        moving = spread([w.cores for w in results[mode]])
        idle = spread([w.idle_cores for w in results[mode]])
        print(f"  {mode:<50} {moving:>20} {idle:>20}")
    for mode in ("push", "poll"):
        print(f"  {n} spectators' own cost, {mode:<27} {spread(cost[mode]):>20}")
    push, poll = statistics.median(cost["push"]), statistics.median(cost["poll"])
    ratio = push / poll if poll > 0 else float("nan")
    print(f"  push / poll (spectators' cost, medians): {ratio:.2f}")
    print(f"  target: {n} spectators cost <= 0.1 core with push: {push:.3f}")
    per_move = [
        cost * args.window / round(args.window / args.interval) * 1000 / n for cost in cost["push"]
    ]
    print(f"  push: server CPU per move per spectator, ms: {spread(per_move)}")
    sizes = [size for w in results["push"] for size in w.message_bytes]
    if sizes:
        print(
            f"  push: a move's message, bytes before compression: p50 {percentile(sizes, 0.5):.0f}"
            f"  p95 {percentile(sizes, 0.95):.0f}  max {max(sizes)}  ({len(sizes)} messages)"
        )
    for mode in ("push", "poll"):
        per_minute = [w.idle_requests / n / args.idle * 60 for w in results[mode]]
        print(f"idle requests per spectator per minute, {mode}: {spread(per_minute)}")
    heard = [ms for w in results["push"] for ms in w.heard_ms]
    for label, values in (
        ("mover: move -> its answer", [ms for w in results["push"] for ms in w.answered_ms]),
        ("push: move -> socket heard", heard),
        ("push: move -> panel shown", [ms for w in results["push"] for ms in w.shown_ms]),
        ("poll: move -> panel shown", [ms for w in results["poll"] for ms in w.shown_ms]),
    ):
        print(
            f"{label:<30} ms p50 {percentile(values, 0.5):7.1f}  p95 "
            f"{percentile(values, 0.95):7.1f}  max {max(values, default=float('nan')):7.1f}"
            f"  ({len(values)} samples)"
        )
    moves = [times for w in results["push"] for times in w.heard_by_move.values()]
    first = [min(times) for times in moves]
    spread_ms = [max(times) - min(times) for times in moves]
    print(
        f"  where the time goes (push, per move, p50): the first socket hears it after "
        f"{percentile(first, 0.5):.1f} ms (the move, its commit, the spectators' changes made "
        f"once), the last {percentile(spread_ms, 0.5):.1f} ms after the first (sending to each)"
    )
    print(
        f"  target: a move reaches another socket in <= 300 ms p95: {percentile(heard, 0.95):.1f}"
    )


async def run(args, port: int, server: int, cookies, game: Game) -> dict[str, list[Window]]:
    results: dict[str, list[Window]] = {"alone": [], "push": [], "poll": []}
    for number in range(1, args.rounds + 1):
        for mode in results:
            results[mode].append(await one_window(mode, args, port, server, cookies, game))
        print(f"round {number}/{args.rounds} done")
    return results


def load() -> str:
    return " ".join(f"{v:.1f}" for v in os.getloadavg()) + " (1, 5, 15 min)"


def start_server(env: dict[str, str], workers: int) -> tuple[subprocess.Popen, int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)]
    command += ["--workers", str(workers), "--lifespan", "off", "--no-access-log"]
    command += ["--log-level", "warning", "--timeout-graceful-shutdown", "5"]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            if server.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)
    raise SystemExit("the server did not answer within 60 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between moves")
    parser.add_argument("--window", type=float, default=20.0, help="seconds of moves per mode")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds without moves per mode")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument("--redis", default="", help="a Redis database for the channel layer")
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="sockets without compression (more bytes, less CPU for each message)",
    )
    args = parser.parse_args()
    if args.workers > 1 and not args.redis:
        raise SystemExit("several processes share news only through Redis: add --redis URL")

    with tempfile.TemporaryDirectory() as folder:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "STATIC_UNCOLLECTED": "1",
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
        }
        prefix = f"bench-{secrets.token_hex(4)}:"
        if args.redis:
            env["REDIS_URL"] = args.redis
            env["REDIS_KEY_PREFIX"] = prefix
        os.environ.pop("REDIS_URL", None)
        os.environ.update(env)
        cookies, game = build(args.spectators)
        server, port = start_server(env, args.workers)
        layer = "Redis" if args.redis else "in-memory"
        print(
            f"{args.spectators} spectators, a move every {args.interval} s, {args.window:.0f} s "
            f"of moves and {args.idle:.0f} s idle per mode, {args.rounds} rounds; uvicorn x"
            f"{args.workers}, SQLite, {layer} channel layer, sockets "
            f"{'without' if args.no_deflate else 'with'} compression"
        )
        print(f"machine load average at the start: {load()}")
        try:
            results = asyncio.run(run(args, port, server.pid, cookies, game))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
            if args.redis:  # only this run's keys
                import redis

                given = redis.Redis.from_url(args.redis)
                for key in given.scan_iter(match=f"{prefix}*"):
                    given.delete(key)
        report(args, results)
        print(f"machine load average at the end: {load()}")
        print(f"({os.cpu_count()} cores; the latencies grow with what else the machine runs)")


if __name__ == "__main__":
    main()
