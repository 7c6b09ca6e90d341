"""Playwright (sync API) in headless Chromium against pytest-django's `live_server`.

Fixtures: `browser` (one per session), `page` (a fresh context per test, in the language a
`browser_locale` mark names; a screenshot goes to `test-artifacts/` when the test fails),
`login(page, user)` (signs a user in by cookie, no form). Mark tests `@pytest.mark.browser`;
they use `live_server` so data is committed.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

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
    context.set_default_timeout(10_000)
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
