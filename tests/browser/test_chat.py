"""Chat in the browser (issue 20, part 7): what one person types beside a game appears on the
other's open page without reloading (the game's socket tells it), as text even when it looks
like HTML; on a campaign's page the same through the campaign's socket, and a message an owner
removes shows as removed on every open page."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from campaign.models import ChatMessage
from campaign.models.digital import GameSeat
from campaign.services.chat import chat_rate_key
from campaign.services.digital.start import SeatRequest, digital_game_start

pytestmark = pytest.mark.browser

ATTACK = "<img src=x onerror=\"document.title='pwned'\">hello"


@pytest.fixture
def live_server(asgi_live_server):
    """The pages' sockets need the site served over ASGI, as in production."""
    return asgi_live_server


@pytest.fixture(autouse=True)
def _fresh_rate_counts(owner, player):
    cache.delete_many([chat_rate_key(owner.pk), chat_rate_key(player.pk)])


def _two_pages(page, browser, live_server, login, first, second, url):
    login(page, first)
    page.goto(url)
    other = browser.new_context(base_url=live_server.url).new_page()
    login(other, second)
    other.goto(url)
    return other


def test_a_message_typed_beside_a_game_appears_on_the_other_players_page_as_text(
    page, browser, live_server, login, owner, player, persons, campaign
):
    game = digital_game_start(
        campaign=campaign,
        user=owner,
        seats=[
            SeatRequest(persons["owner"], GameSeat.Kind.HUMAN),
            SeatRequest(persons["player"], GameSeat.Kind.HUMAN),
            SeatRequest(None, GameSeat.Kind.BOT),
        ],
        seed=11,
    )
    other = _two_pages(page, browser, live_server, login, owner, player, game.get_absolute_url())
    try:
        other.wait_for_selector("#game-live[data-state=live]", state="attached")
        page.fill("#chat-text", ATTACK)
        page.press("#chat-text", "Enter")
        other.wait_for_selector("#chat-messages .chat-text:has-text('hello')", timeout=5_000)
        assert other.locator("#chat-messages .chat-text").inner_text() == ATTACK
        assert other.locator("#chat-messages img").count() == 0
        assert "pwned" not in other.title() and "pwned" not in page.title()
        # Sent: the box is emptied once the sender's own answer is in, which may come after
        # the other page was told over its socket.
        expect(page.locator("#chat-text")).to_have_value("")
        assert page.url.endswith(game.get_absolute_url())  # no reload, no redirect
    finally:
        other.context.close()


def test_on_a_campaigns_page_a_message_and_its_removal_reach_the_other_page(
    page, browser, live_server, login, owner, player, campaign
):
    url = campaign.get_absolute_url()
    other = _two_pages(page, browser, live_server, login, owner, player, url)
    try:
        other.fill("#chat-text", "Friday at eight?")
        other.get_by_role("button", name="Send").click()
        page.wait_for_selector("#chat-messages :text('Friday at eight?')", timeout=5_000)
        assert ChatMessage.objects.get().author_name == "pete_player"
        page.locator("#chat-messages").get_by_role("button", name="Remove").click()
        other.wait_for_selector("#chat-messages :text('message removed')", timeout=5_000)
        assert other.locator("#chat-messages :text('Friday at eight?')").count() == 0
    finally:
        other.context.close()
