"""Load against the service on PostgreSQL while its database backends are killed: the share of
5xx answers, and whether any write was half-applied or doubled.

Run `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<scratch db> .venv/bin/python
bench/connection_kill.py [--seconds 30] [--clients 4]`. The database named must be one you may
empty: it is migrated and its bench rows are written there. The script serves the site with
uvicorn on 127.0.0.1 (one process, tasks run in-process, no Redis), and runs:

- clients, each looping over reads (the campaign API and the world, a public campaign's page),
  writes (a campaign created through the API, with an Idempotency-Key; a 503, a 5xx or a lost
  answer is retried with the same key, up to 5 times) and sign-ins (the sign-in page, then its
  form; one a client every 10 s at most, within allauth's limit of 30 a minute);
- a killer, ending every client backend of the database (`pg_terminate_backend`) every 0.3-1 s.

It then prints the requests sent, the 5xx among them (503 included), the writes whose key was
answered, and from the database: doubled writes (a key's campaign created twice) and
half-applied ones (a campaign without its owner's membership or person). Targets: 5xx <= 1%,
0 half-applied, 0 doubled. Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.pop("REDIS_URL", None)  # tasks in-process, cache in memory: the database alone fails

import django  # noqa: E402

django.setup()

import psycopg  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

from campaign.models import Campaign, Membership, Person  # noqa: E402
from campaign.services.campaigns import campaign_create  # noqa: E402

PASSWORD = "bench-password-123"
PREFIX = "bench-kill-"
WRITE_TRIES = 5
SIGN_IN_EVERY = 10.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Tally:
    """Counts shared by the threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.statuses: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.fives = 0
        self.lost_answers = 0
        self.writes_answered: dict[str, int] = {}
        self.writes_given_up: list[str] = []
        self.sign_ins: Counter[str] = Counter()
        self.odd_answer = ""

    def answer(self, kind: str, status: int | None) -> None:
        with self.lock:
            self.kinds[kind] += 1
            if status is None:
                self.lost_answers += 1
                self.statuses["no answer"] += 1
                return
            self.statuses[str(status)] += 1
            if status >= 500:
                self.fives += 1


def _request(port, method, path, body=None, headers=None) -> tuple[int | None, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        answer = dict(response.getheaders())
        answer["Set-Cookie"] = "; ".join(response.msg.get_all("Set-Cookie") or [])
        return response.status, answer, response.read()
    except (OSError, http.client.HTTPException):
        return None, {}, b""
    finally:
        conn.close()


def _client(port: int, token: str, slug: str, until: float, tally: Tally, seed: int) -> None:
    rng = random.Random(seed)
    auth = {"Authorization": f"Token {token}"}
    next_sign_in = time.monotonic()
    while time.monotonic() < until:
        roll = rng.random()
        if roll >= 0.85 and time.monotonic() >= next_sign_in:
            # One sign-in per client every SIGN_IN_EVERY s: under allauth's 30 a minute.
            next_sign_in = time.monotonic() + SIGN_IN_EVERY
            _sign_in(port, tally)
        elif roll < 0.6:
            path = rng.choice(
                [
                    (f"/api/v1/campaigns/{slug}/", auth),
                    (f"/api/v1/campaigns/{slug}/world/", auth),
                    (f"/campaigns/{slug}/", {}),
                ]
            )
            status, _, _ = _request(port, "GET", path[0], headers=path[1])
            tally.answer("read", status)
        else:
            _write(port, auth, tally)


def _write(port: int, auth: dict, tally: Tally) -> None:
    key = uuid.uuid4().hex
    body = json.dumps({"name": f"{PREFIX}{key}"})
    headers = {**auth, "Content-Type": "application/json", "Idempotency-Key": key}
    for _ in range(WRITE_TRIES):
        status, answer, _ = _request(port, "POST", "/api/v1/campaigns/", body, headers)
        tally.answer("write", status)
        if status is not None and status < 500:
            with tally.lock:
                tally.writes_answered[key] = status
            return
        time.sleep(min(float(answer.get("Retry-After", 0.2)), 0.2))
    with tally.lock:
        tally.writes_given_up.append(key)


def _sign_in(port: int, tally: Tally) -> None:
    status, headers, page = _request(port, "GET", "/accounts/login/")
    tally.answer("sign-in page", status)
    if status != 200:
        tally.sign_ins["page failed"] += 1
        return
    found = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"])
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if found is None or token is None:
        tally.sign_ins["no form"] += 1
        return
    form = urlencode(
        {"login": "bench", "password": PASSWORD, "csrfmiddlewaretoken": token.group(1).decode()}
    )
    status, _, body = _request(
        port,
        "POST",
        "/accounts/login/",
        form,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={found.group(1)}",
        },
    )
    tally.answer("sign-in", status)
    if status not in (302, None) and not tally.odd_answer:
        tally.odd_answer = f"sign-in answered {status}: {body[:300]!r}"
    tally.sign_ins["signed in" if status == 302 else f"answered {status}"] += 1


def _killer(dsn: str, database: str, until: float, kills: list[int], seed: int) -> None:
    rng = random.Random(seed)
    with psycopg.connect(dsn, autocommit=True) as admin:
        while time.monotonic() < until:
            time.sleep(rng.uniform(0.3, 1.0))
            ended = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = "
                "%s AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
                [database],
            ).fetchone()[0]
            kills.append(ended)


def _prepare() -> tuple[str, str]:
    """Migrate, and make the bench user, its token and a public campaign to read."""
    call_command("migrate", verbosity=0)
    Campaign.objects.filter(name__startswith=PREFIX).delete()
    users = get_user_model().objects
    user = users.filter(username="bench").first() or users.create_user("bench", password=PASSWORD)
    user.set_password(PASSWORD)
    user.save()
    campaign = Campaign.objects.filter(owner=user, name="Bench reads").first()
    if campaign is None:
        campaign = campaign_create(owner=user, name="Bench reads", is_public=True)
    token, _ = Token.objects.get_or_create(user=user)
    return token.key, campaign.slug


def _check(tally: Tally) -> dict[str, int]:
    """From the database: each key's campaigns, and whether each is whole."""
    names = Counter(Campaign.objects.filter(name__startswith=PREFIX).values_list("name", flat=True))
    doubled = sum(count - 1 for count in names.values() if count > 1)
    half = sum(
        1
        for campaign in Campaign.objects.filter(name__startswith=PREFIX)
        if not Membership.objects.filter(campaign=campaign, user=campaign.owner_id).exists()
        or not Person.objects.filter(campaign=campaign, user=campaign.owner_id).exists()
    )
    answered = set(tally.writes_answered)
    missing = sum(1 for key in answered if f"{PREFIX}{key}" not in names)
    return {"doubled": doubled, "half_applied": half, "answered_but_missing": missing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-kill", action="store_true", help="the same load, nothing killed")
    args = parser.parse_args()
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        sys.exit("Set DATABASE_URL to a PostgreSQL database you may write bench rows into.")
    token, slug = _prepare()
    connection.close()
    connection.close_pool()
    port = _free_port()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/python"),
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--lifespan",
            "off",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "REDIS_URL"},
    )
    try:
        for _ in range(100):
            if _request(port, "GET", "/accounts/login/")[0] == 200:
                break
            time.sleep(0.2)
        else:
            sys.exit("The server did not start.")
        tally, kills = Tally(), []
        until = time.monotonic() + args.seconds
        dsn = (
            f"host={db['HOST'] or '127.0.0.1'} port={db['PORT'] or 5432} "
            f"user={db['USER']} dbname=postgres"
            + (f" password={db['PASSWORD']}" if db.get("PASSWORD") else "")
        )
        threads = [
            threading.Thread(target=_client, args=(port, token, slug, until, tally, args.seed + i))
            for i in range(args.clients)
        ]
        if not args.no_kill:
            threads.append(
                threading.Thread(target=_killer, args=(dsn, db["NAME"], until, kills, args.seed))
            )
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    connection.close_pool()  # the bench's own idle connections were killed too
    found = _check(tally)
    total = sum(tally.kinds.values())
    print(f"{elapsed:.1f} s, {args.clients} clients, {len(kills)} kills ({sum(kills)} backends)")
    print(f"requests: {total} ({', '.join(f'{k} {n}' for k, n in sorted(tally.kinds.items()))})")
    print(f"answers: {', '.join(f'{s}: {n}' for s, n in sorted(tally.statuses.items()))}")
    print(f"5xx: {tally.fives} of {total} = {100 * tally.fives / max(total, 1):.2f}%")
    print(f"no answer (connection to the server lost): {tally.lost_answers}")
    print(
        f"writes: {len(tally.writes_answered)} answered, {len(tally.writes_given_up)} given up "
        f"after {WRITE_TRIES} tries"
    )
    print(f"sign-ins: {', '.join(f'{k} {n}' for k, n in sorted(tally.sign_ins.items()))}")
    if tally.odd_answer:
        print(f"first odd answer: {tally.odd_answer}")
    print(
        f"half-applied: {found['half_applied']}, doubled: {found['doubled']}, "
        f"answered but missing: {found['answered_but_missing']}"
    )


if __name__ == "__main__":
    main()
