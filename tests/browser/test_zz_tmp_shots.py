import pytest
from tests.browser.phone_positions import game_at_expand_attack

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_shots(page, login, owner, campaign, persons):
    import os

    tag = os.environ.get("SHOT_TAG", "after")
    game = game_at_expand_attack(campaign, owner, persons)
    login(page, owner)
    pages = {
        "home": "/",
        "log": f"/campaigns/{campaign.slug}/log/",
        "world": campaign.get_absolute_url(),
        "game": game.get_absolute_url(),
    }
    for width, height in ((390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        for name, url in pages.items():
            page.goto(url)
            page.screenshot(path=f"/tmp/shots/{tag}-{name}-{width}.png")
            print(name, width, page.evaluate("document.scrollingElement.scrollWidth"))

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(pages["game"])
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    page.screenshot(path=f"/tmp/shots/{tag}-game-zoomed-390.png")
    page.goto("/")
    page.get_by_role("button", name="Menu").click()
    page.screenshot(path=f"/tmp/shots/{tag}-home-menu-390.png")
