"""The count of what waits for you, in the menu of every page, follows over the page's socket:
dismissing a notice on one page lowers it on another page of the same person without a
reload."""

from __future__ import annotations

import pytest

from notices.kinds import Kind
from notices.services import notify

pytestmark = pytest.mark.browser


@pytest.fixture
def live_server(asgi_live_server):
    """The count's socket needs the site served over ASGI, as in production."""
    return asgi_live_server


def test_the_count_follows_on_another_open_page(
    page, browser, live_server, login, player, campaign
):
    for pack in ("pack_2", "pack_3"):
        notify(Kind.PACK_OPENED, [player], campaign=campaign, params={"pack": pack}, ref=pack)
    login(page, player)
    page.goto("/")
    count = page.locator("#notices-link .notices-count")
    assert count.inner_text() == "2"
    other = browser.new_context(base_url=live_server.url)
    try:
        listing = other.new_page()
        login(listing, player)
        listing.goto("/notices/")
        page.wait_for_selector("#notices-link[data-live]", state="attached")
        listing.get_by_role("button", name="Dismiss", exact=True).first.click()
        listing.wait_for_load_state()
        page.wait_for_function(
            "() => document.querySelector('#notices-link .notices-count').textContent === '1'",
            timeout=5_000,
        )
    finally:
        other.close()
