"""On a phone-wide screen (390 px) no campaign page is wider than the screen: wide tables
scroll inside their box and the board shrinks to fit."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGES = [
    "campaign:campaign_detail",
    "campaign:history_games",
    "campaign:history_stats",
    "campaign:members",
    "campaign:setup",
    "campaign:digital_game_new",
]


@pytest.mark.parametrize("name", PAGES)
def test_a_page_fits_a_phone_screen(page, login, owner, campaign, name):
    from django.urls import reverse

    login(page, owner)
    page.set_viewport_size({"width": 390, "height": 844})
    response = page.goto(reverse(name, kwargs={"slug": campaign.slug}))

    assert response.status == 200
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
