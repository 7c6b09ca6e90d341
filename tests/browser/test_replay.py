"""The replay page with its script (issue 20, part 4): Next swaps in the following step without
reloading and the address follows, the slider jumps, Play steps on by itself until Pause."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import GameSeat
from campaign.services.digital.start import SeatRequest, digital_game_start

pytestmark = pytest.mark.browser


def _move(page) -> int:
    return int(page.locator("#replay-step").get_attribute("data-move"))


def test_stepping_sliding_and_playing_a_finished_game(page, login, campaign, owner):
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 3, seed=5
    )
    login(page, owner)
    url = reverse(
        "campaign:digital_game_replay", kwargs={"slug": campaign.slug, "game_id": game.pk}
    )
    page.goto(f"{url}?move=5")
    page.evaluate("window.notReloaded = true")

    page.get_by_role("link", name="Next").click()
    page.wait_for_function("document.querySelector('#replay-step').dataset.move === '6'")
    assert page.url.endswith("?move=6")
    assert "After move 6 of" in page.locator("#replay-where").inner_text()

    page.locator(".replay-slider").fill("40")
    page.wait_for_function("document.querySelector('#replay-step').dataset.move === '40'")

    page.get_by_role("button", name="Play").click()
    page.wait_for_function("Number(document.querySelector('#replay-step').dataset.move) >= 42")
    page.get_by_role("button", name="Pause").click()
    paused = _move(page)
    page.get_by_role("link", name="Previous").click()
    page.wait_for_function(
        "m => Number(document.querySelector('#replay-step').dataset.move) === m", arg=paused - 1
    )
    assert page.evaluate("window.notReloaded") is True
