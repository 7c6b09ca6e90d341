import pytest
from tests.browser.phone_positions import game_at_expand_attack
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

def test_dbg(page, login, owner, campaign, persons):
    game = game_at_expand_attack(campaign, owner, persons)
    login(page, owner)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(game.get_absolute_url())
    page.on("console", lambda m: print("CONSOLE", m.text))
    page.evaluate("window.__marker = 1; ['htmx:afterSwap','htmx:load','htmx:afterSettle'].forEach(n => document.addEventListener(n, e => { const f = document.querySelector('.map-zoom'); console.log(n, f.dataset.scale, f.querySelector('svg').dataset.fullBox, f.querySelector('svg').getAttribute('viewBox')); }))")
    page.get_by_role("button", name="Zoom in").click()
    print(page.locator("form.move-form").evaluate_all("fs => fs.map(f => f.dataset.type)"))
    version = page.locator("#game-panel").get_attribute("data-version")
    page.locator("form.move-form button").last.click()
    page.wait_for_function("v => document.querySelector('#game-panel').dataset.version !== v", arg=version)
    page.wait_for_timeout(300)
    print("marker", page.evaluate("window.__marker"), page.locator(".map-zoom").get_attribute("data-scale"), page.locator(".map-zoom svg").get_attribute("viewBox"))
