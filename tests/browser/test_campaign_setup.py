"""In a real browser: create a campaign, customize it before game 1, invite a friend."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaign.models import Membership
from campaign.selectors.world import world_current
from rules.data import content

pytestmark = pytest.mark.browser


def test_an_owner_creates_and_customizes_a_world(page, login, outsider):
    login(page, outsider)
    page.goto("/")
    page.get_by_role("link", name="New campaign").first.click()
    page.fill("input[name=name]", "Friday table")
    page.get_by_role("button", name="Create the campaign").click()
    page.get_by_role("link", name="Customize it now").click()

    for key, faction in content().base_factions.items():
        page.check(f"input[name={key}][value={faction.powers[1].key}]")
    # Each button posts the form: the answer is a new page, read once it has come in.
    page.get_by_role("button", name="Keep these powers").click()
    expect(page.locator("#setup-confirm")).to_contain_text("This cannot be undone.")
    page.get_by_role("button", name="Yes, keep these powers").click()
    expect(page.locator(".messages")).to_contain_text("Starting powers chosen")

    page.fill("input[name=brazil]", "3")
    page.fill("input[name=egypt]", "9")
    page.get_by_role("button", name="Place the coins").click()
    errors = page.locator("#coins-form .form-errors")
    for words in ("Brazil would have 4 coins", "coins", "P-3"):
        expect(errors).to_contain_text(words)
    expect(page.locator("input[name=brazil]")).to_have_value("3")

    page.fill("input[name=brazil]", "2")
    page.fill("input[name=egypt]", "2")
    for territory in ["peru", "siam", "japan", "iceland"]:
        page.fill(f"input[name={territory}]", "2")
    page.get_by_role("button", name="Place the coins").click()
    page.get_by_role("button", name="Yes, place the coins").click()
    expect(page.locator("main")).to_contain_text("ready for game 1")  # main: on both pages

    page.get_by_role("link", name="World").click()
    # The click returns once the world page's address is committed, before its body is read.
    page.wait_for_load_state()
    campaign = Membership.objects.get(user=outsider).campaign
    world = world_current(campaign=campaign)
    assert world.customized
    expect(page.locator(".board-map svg")).to_have_count(1)
    assert "Brazil: 3 coins" in page.locator("#card-coins").inner_text()


def test_a_friend_joins_through_an_invitation_link(
    page, login, browser, live_server, campaign, outsider
):
    login(page, campaign.owner)
    page.goto(f"/campaigns/{campaign.slug}/members/")
    page.select_option("#invite-role", "player")
    page.get_by_role("button", name="Create an invitation link").click()
    page.wait_for_load_state()  # the click returns once the answer's page is committed
    link = page.locator(".invite-url").first.inner_text()
    path = re.sub(r"^https?://[^/]+", "", link)

    friend = browser.new_context(base_url=live_server.url)
    friend_page = friend.new_page()
    login(friend_page, outsider)
    friend_page.goto(path)
    friend_page.get_by_role("button", name="Join as player").click()
    expect(friend_page.locator(".messages")).to_contain_text(
        "Welcome to Ridgeway campaign as player"
    )
    friend.close()
    assert Membership.objects.get(campaign=campaign, user=outsider).role == "player"
