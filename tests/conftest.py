"""Shared fixtures: the people of the access matrix, a campaign they belong to, clients.

Users: `owner`, `player`, `viewer` (members of `campaign` with those roles) and `outsider`
(signed in, not a member). Clients: `owner_client`, `player_client`, `viewer_client`,
`outsider_client` (signed in) and `anon_client`; `client_for(user_or_None)` makes more.
`campaign` is private and has a Person per member plus a guest (`guest_person`);
`public_campaign` is the same campaign made public. Every user's password is `PASSWORD`.

Integration tests (`@pytest.mark.integration`) need the real services: they are deselected,
not skipped, unless DATABASE_URL points at PostgreSQL and REDIS_URL is set (see `bin/test`).
`celery_worker_process` starts a real `celery -A config worker` on Redis against the test
database; use it with `transactional_db` so the worker sees committed rows, and wait on
`AsyncResult.get(timeout=...)`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection
from django.test import Client

from campaign.connection_loss import drop_broken_connections
from campaign.models import Campaign, Person, Role
from campaign.services.campaigns import campaign_create, membership_add, person_create
from tests.cache_reset import cache_reset

PASSWORD = "correct-horse-battery-staple"


def integration_services_available() -> bool:
    database = os.environ.get("DATABASE_URL", "")
    return database.startswith(("postgres://", "postgresql://")) and bool(
        os.environ.get("REDIS_URL")
    )


def pytest_configure(config):
    """xdist workers on one Redis database would read each other's games (tests/xdist_redis.py)."""
    worker_on_redis = os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("REDIS_URL")
    if worker_on_redis and "tests.xdist_redis" not in sys.modules:
        raise pytest.UsageError("With -n and REDIS_URL, also pass -p tests.xdist_redis.")


def pytest_collection_modifyitems(config, items):
    if integration_services_available():
        return
    kept, dropped = [], []
    for item in items:
        (dropped if item.get_closest_marker("integration") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashing costs ~0.5 s a user; tests only need passwords to check."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _outside_any_request_language():
    """Each test begins outside any request, in the base language: a page an earlier test
    fetched in Spanish leaves Spanish active in the thread (LocaleMiddleware activates the
    request's language and never deactivates it), so words a test computes would be Spanish."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _celery_eager_unless_integration(request):
    """Only tests that use the real worker send tasks to it; every other test (the PostgreSQL
    pass of bin/test included, where REDIS_URL names a broker) runs tasks in-process. A worker
    test ends only once the worker is idle, so no task of it still holds rows while the test
    database is flushed (a TRUNCATE racing a task's locks deadlocks)."""
    from config.celery import app

    if "celery_worker_process" in request.fixturenames:
        yield
        _wait_until_worker_idle(app, request.getfixturevalue("celery_worker_process"))
        return
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def _wait_until_worker_idle(app, node: str, within: float = 30.0) -> None:
    """Block until the broker queue is empty and the worker runs and holds nothing. Each
    inspect call itself waits up to its timeout for the worker's reply."""
    import redis
    from django.conf import settings

    queue = redis.Redis.from_url(os.environ["REDIS_URL"])
    inspector = app.control.inspect(destination=[node], timeout=0.5)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        busy = [*(inspector.active() or {}).values(), *(inspector.reserved() or {}).values()]
        waiting = queue.llen(settings.REDIS_KEY_PREFIX + app.conf.task_default_queue)
        if not waiting and not any(busy):
            return
    pytest.fail(f"The Celery worker was still busy {within:.0f} s after the test.")


@pytest.fixture
def backends_ended(_django_db_helper):
    """For tests that end database backends on purpose: before the test's database is cleaned,
    the process's dead connections are closed and the pool rid of its dead idle ones, as after
    a lost connection in a request, so the next test, which may make no request, never meets
    one."""
    yield
    drop_broken_connections()


def _user(django_user_model, username: str):
    return django_user_model.objects.create_user(
        username=username, email=f"{username}@example.com", password=PASSWORD
    )


@pytest.fixture
def owner(db, django_user_model):
    return _user(django_user_model, "olga_owner")


@pytest.fixture
def player(db, django_user_model):
    return _user(django_user_model, "pete_player")


@pytest.fixture
def viewer(db, django_user_model):
    return _user(django_user_model, "vera_viewer")


@pytest.fixture
def outsider(db, django_user_model):
    return _user(django_user_model, "oscar_outsider")


@pytest.fixture
def campaign(owner, player, viewer) -> Campaign:
    campaign = campaign_create(owner=owner, name="Ridgeway campaign", is_public=False)
    membership_add(campaign=campaign, user=player, role=Role.PLAYER)
    membership_add(campaign=campaign, user=viewer, role=Role.VIEWER)
    return campaign


@pytest.fixture
def public_campaign(campaign) -> Campaign:
    campaign.is_public = True
    campaign.save(update_fields=["is_public"])
    return campaign


@pytest.fixture
def guest_person(campaign) -> Person:
    return person_create(campaign=campaign, display_name="Gus the guest")


@pytest.fixture
def persons(campaign, owner, player, viewer) -> dict[str, Person]:
    """Persons by role name; their `key` is the `person` string the World uses."""
    by_user = {p.user_id: p for p in campaign.persons.all()}
    return {"owner": by_user[owner.pk], "player": by_user[player.pk], "viewer": by_user[viewer.pk]}


@pytest.fixture
def client_for(db):
    def make(user) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def owner_client(client_for, owner) -> Client:
    return client_for(owner)


@pytest.fixture
def player_client(client_for, player) -> Client:
    return client_for(player)


@pytest.fixture
def viewer_client(client_for, viewer) -> Client:
    return client_for(viewer)


@pytest.fixture
def outsider_client(client_for, outsider) -> Client:
    return client_for(outsider)


@pytest.fixture
def anon_client(db) -> Client:
    """A signed-out visitor. Every request may touch the database (on PostgreSQL the connection
    check runs before each one), so the fixture enables it."""
    return Client()


def _test_database_url() -> str:
    """A URL for the database the tests use right now (the test database, not the real one)."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{auth}@{host}/{db['NAME']}"


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real Celery worker (solo pool) consuming the default queue on REDIS_URL, reading and
    writing the test database. Yields its node name; stopped at the end of the session."""
    from config.celery import app

    root = Path(__file__).resolve().parent.parent
    node = f"itest-{uuid.uuid4().hex[:8]}@localhost"
    with django_db_blocker.unblock():
        database_url = _test_database_url()
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    app.control.purge()  # leftovers of an earlier, interrupted run
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-n", node]
    command += ["--pool=solo", "--without-gossip", "--without-mingle", "--loglevel=WARNING"]
    worker = subprocess.Popen(
        command,
        cwd=root,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[node], timeout=1.0):
            if worker.poll() is not None:
                pytest.fail(f"The Celery worker exited at start (code {worker.returncode}).")
            if time.monotonic() > deadline:
                pytest.fail("The Celery worker did not answer a ping within 60 s.")
        yield node
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


@pytest.fixture(autouse=True)
def _cache_of_this_test_only():
    """Each test starts with an empty cache: counts and marks kept there by user id (unread
    notices, chat rates, open pages) must not reach a later test whose user got the same id."""
    cache_reset()
    yield
