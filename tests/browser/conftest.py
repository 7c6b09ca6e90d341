"""Playwright (sync API) in headless Chromium against pytest-django's `live_server`.

Fixtures: `browser` (one per session), `page` (a fresh context per test, in the language a
`browser_locale` mark names; a screenshot goes to `test-artifacts/` when the test fails),
`login(page, user)` (signs a user in by cookie, no form). Mark tests `@pytest.mark.browser`;
they use `live_server` so data is committed. `asgi_live_server` serves the site as production
does, over ASGI with its websockets (live game pages): a module whose pages need those uses it
as its `live_server`.
"""

from __future__ import annotations

import os
import re
import socket
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client, modify_settings

# Playwright's sync API runs an event loop in this thread; Django would then refuse ORM calls
# from the test body ("async unsafe") although they are plainly synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# How long an action or an `expect` waits for the page (a busy 2-core CI machine is slow).
TIMEOUT_MS = 10_000


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# Playwright's sync API keeps an event loop running in the main thread while it is open, and
# asgiref refuses `async_to_sync` there: the browser closes once the browser tests are done, so
# the socket tests that come after them run as they do alone.
@pytest.fixture(scope="package")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(request, browser, live_server):
    # `@pytest.mark.browser_locale("es-ES")`: the browser's language (its Accept-Language).
    marker = request.node.get_closest_marker("browser_locale")
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 1280, "height": 900},
        locale=marker.args[0] if marker else None,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    context.close()


@pytest.fixture
def login(live_server):
    """Sign `user` in for `page` by giving its browser context a fresh session cookie."""

    def sign_in(page, user) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": live_server.url}]
        )

    return sign_in


@pytest.fixture
def asgi_live_server(transactional_db, monkeypatch):
    """`config.asgi` under uvicorn in a thread of this process, on a free port, with the
    in-memory channel layer. As Django's live server does, an in-memory SQLite test database
    is reached through the test's own connection from every thread that serves a request (a
    connection of their own would see another, empty database or lock its tables)."""
    import uvicorn

    from config.asgi import application

    shared = connections["default"]
    if shared.vendor == "sqlite" and shared.is_in_memory_db():
        shared.inc_thread_sharing()
        monkeypatch.setattr(connections, "create_connection", lambda alias: shared)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config = uvicorn.Config(application, lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    ready = threading.Event()
    while not server.started and thread.is_alive():
        ready.wait(0.05)
    assert server.started, "the ASGI server did not start"
    # pytest-django's own helper turns these settings on for the test, as for its server.
    yield SimpleNamespace(
        url=f"http://127.0.0.1:{port}",
        _live_server_modified_settings=modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"}),
    )
    server.should_exit = True
    thread.join(timeout=10)
    listener.close()
    if shared.vendor == "sqlite" and shared.is_in_memory_db():
        shared.dec_thread_sharing()
