"""CI boots the production configuration on this machine's PostgreSQL and Redis, without
containers, and plays a short game through HTTP: uvicorn (ASGI, two worker processes,
`DEBUG=0`, behind a TLS proxy as the README's Production section sets it up) and a Celery
worker, on a fresh database and a Redis database of their own. A person signs up, takes an API
token, creates a campaign and logs two games; the second leaves Pack 3 due (U-4), which the
worker opens. Then they start a digital game, and its page's websocket hears a move they make
through the API (the news goes through Redis, from whichever process took the move).

The test uses only what it is given: a database of its own on DATABASE_URL's server, and the
Redis database REDIS_URL names, where the server's keys carry a prefix of their own
(`REDIS_KEY_PREFIX`: the suite's worker never takes its tasks) and only those are deleted.

Static files are served from the source folders (`STATIC_UNCOLLECTED=1`, WhiteNoise's finders):
`collectstatic` compresses for over a minute and has a test of its own elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import psycopg
import pytest
import redis
import websockets

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a long pass phrase for CI"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def _fresh_database() -> Iterator[str]:
    """A new, empty PostgreSQL database on DATABASE_URL's server; dropped afterwards."""
    server = urlsplit(os.environ["DATABASE_URL"])
    name = f"risk_boot_{secrets.token_hex(4)}"
    admin_url = urlunsplit(server._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(server._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def _own_redis_keys() -> Iterator[str]:
    """A key prefix of this test's own in REDIS_URL's database; its keys deleted afterwards."""
    prefix = f"risk-boot-{secrets.token_hex(4)}:"
    given = redis.Redis.from_url(os.environ["REDIS_URL"])
    try:
        yield prefix
    finally:
        for key in given.scan_iter(match=f"{prefix}*"):
            given.delete(key)


class Browser:
    """Plain HTTP to the server as a TLS proxy would pass it on (`X-Forwarded-Proto: https`),
    keeping cookies by hand (a cookie jar sends no secure cookie over http://)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}
        self.token = ""

    def request(
        self, method: str, path: str, *, form: dict | None = None, data: object = None
    ) -> tuple[int, dict[str, str], str]:
        headers = {"X-Forwarded-Proto": "https", "Origin": self.origin, "Referer": self.origin}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif data is not None:
            body = json.dumps(data)
            headers["Content-Type"] = "application/json"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            return response.status, {k.lower(): v for k, v in response.getheaders()}, text
        finally:
            connection.close()

    def json(self, method: str, path: str, data: object = None, expect: int = 200) -> dict:
        status, _, text = self.request(method, path, data=data)
        assert status == expect, f"{method} {path}: {status} {text[:500]}"
        return json.loads(text)


def _start(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _wait_until_serving(browser: Browser, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert server.poll() is None, f"the server exited:\n{log.read_text()}"
        with contextlib.suppress(OSError):
            if browser.request("GET", "/accounts/login/")[0] == 200:
                return
        time.sleep(0.2)
    pytest.fail(f"the server did not answer within 30 s:\n{log.read_text()}")


def _game(starts: tuple[str, str, str], *, eliminated: bool, reward: dict) -> dict:
    """Ann (Die Mechaniker) wins; Ben holds on; Cy holds on or is eliminated."""
    names = ("Ann", "Ben", "Cy")
    factions = ("die_mechaniker", "khan_industries", "saharan_republic")
    players = [
        {"faction": f, "guest_name": n, "start": s, "troops_at_end": not (eliminated and n == "Cy")}
        for n, f, s in zip(names, factions, starts, strict=True)
    ]
    return {
        "played_on": "2026-02-01",
        "players": players,
        "winner": "die_mechaniker",
        "winner_reward": reward,
        "slogan": "Booted in CI",
    }


def test_the_production_configuration_serves_a_short_campaign(tmp_path):
    port = _free_port()
    given = redis.Redis.from_url(os.environ["REDIS_URL"])
    with _fresh_database() as database_url, _own_redis_keys() as prefix:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": database_url,
            "REDIS_URL": os.environ["REDIS_URL"],
            "REDIS_KEY_PREFIX": prefix,
            "TRUST_X_FORWARDED_PROTO": "1",
            "STATIC_UNCOLLECTED": "1",
            "BACKUP_DIR": str(tmp_path / "backups"),
        }
        for args in (["migrate", "--noinput"], ["check", "--deploy", "--fail-level", "WARNING"]):
            done = subprocess.run(
                [sys.executable, "manage.py", *args],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stdout + done.stderr
        web_log, worker_log = tmp_path / "web.log", tmp_path / "worker.log"
        uvicorn = ["config.asgi:application", "--host", "127.0.0.1", "--port", str(port)]
        uvicorn += ["--workers", "2", "--lifespan", "off"]
        web = _start([sys.executable, "-m", "uvicorn", *uvicorn], env, web_log)
        celery = ["-A", "config", "worker", "--pool=solo", "-n", f"boot-{port}@localhost"]
        celery += ["--without-gossip", "--without-mingle"]
        worker = _start([sys.executable, "-m", "celery", *celery], env, worker_log)
        try:
            browser = Browser(port)
            _wait_until_serving(browser, web, web_log)
            slug = _play(browser)
            _watch_a_move(browser, slug)
        finally:
            _stop(web)
            _stop(worker)
        # The server's queue, results and cache went to the given database, under its prefix.
        assert any(given.scan_iter(match=f"{prefix}*"))
    assert not any(given.scan_iter(match=f"{prefix}*"))


def _play(browser: Browser) -> str:
    status, _, page = browser.request("GET", "/accounts/signup/")
    assert status == 200
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    status, headers, _ = browser.request(
        "POST",
        "/accounts/signup/",
        form={
            "csrfmiddlewaretoken": csrf,
            "email": "ci@example.org",
            "username": "ci_player",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert status == 302, "sign-up refused"
    assert headers["strict-transport-security"].startswith("max-age=")
    browser.token = browser.json("POST", "/api/v1/token/", expect=201)["token"]

    slug = browser.json("POST", "/api/v1/campaigns/", {"name": "CI table"}, expect=201)["slug"]
    games = f"/api/v1/campaigns/{slug}/games/"
    first = _game(
        ("alaska", "egypt", "peru"), eliminated=True, reward={"code": "R6", "target": "ural"}
    )
    assert [p["name"] for p in browser.json("POST", games, first, expect=201)["open_now"]] == [
        "Pack 2"
    ]
    second = _game(
        ("greenland", "congo", "argentina"),
        eliminated=False,
        reward={"code": "R6", "target": "siberia"},
    )
    browser.json("POST", games, second, expect=201)

    # Ann signed twice: Pack 3 is due (U-4), and the worker opens it from the task.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        packs = browser.json("GET", f"/api/v1/campaigns/{slug}/packs/")
        if any(p["name"] == "Pack 3" for p in packs["opened"]):
            break
        time.sleep(0.3)
    else:
        pytest.fail(f"Pack 3 did not open within 30 s: {packs}")

    status, _, page = browser.request("GET", f"/campaigns/{slug}/")
    assert status == 200 and "CI table" in page
    stylesheet = re.search(r'href="(/static/[^"]+\.css)"', page)[1]
    assert browser.request("GET", stylesheet)[0] == 200
    return slug


def _watch_a_move(browser: Browser, slug: str) -> None:
    """The person starts a digital game against two bots on the page, opens its socket as the
    page does (their session cookie, this site's Origin) and rolls through the API: the socket
    hears the new version. Someone signed out is refused."""
    status, _, page = browser.request("GET", f"/c/{slug}/play/")
    assert status == 200
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    person = re.search(r'name="seat0_person"[^>]*>.*?<option value="(\d+)" selected', page, re.S)[1]
    form = {"csrfmiddlewaretoken": csrf, "seat0_kind": "human", "seat0_person": person}
    status, headers, _ = browser.request(
        "POST", f"/c/{slug}/play/", form=form | {"seat1_kind": "bot", "seat2_kind": "bot"}
    )
    assert status == 302, "the game did not start"
    game = int(re.search(r"/play/(\d+)/", headers["location"])[1])
    state = browser.json("GET", f"/api/v1/games/{game}/state?seat=0")
    socket = f"ws://127.0.0.1:{browser.port}/ws/c/{slug}/play/{game}/"
    cookie = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())

    async def watch() -> None:
        async with websockets.connect(
            socket, origin=browser.origin, additional_headers={"Cookie": cookie}
        ) as page_socket:
            assert json.loads(await page_socket.recv()) == {"version": state["version"]}
            move = {"seat": 0, "version": state["version"], "move": state["legal"][0]["move"]}
            moved = await asyncio.to_thread(
                browser.json, "POST", f"/api/v1/games/{game}/moves", move
            )
            heard = json.loads(await asyncio.wait_for(page_socket.recv(), timeout=10))
            assert heard == {"version": moved["version"]} and moved["version"] > state["version"]
        with pytest.raises(websockets.InvalidStatus):
            async with websockets.connect(socket, origin=browser.origin):
                pass

    asyncio.run(watch())
