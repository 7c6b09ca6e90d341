"""Phones first (issue 13): at 390 px the site menu folds behind a button, every step of the
log form is one column with nothing off-screen, and the game page shows the move panel right
under a map that zooms and pans, with buttons a finger can hit. On a desktop the move panel
stays beside the map."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone_positions import game_at_expand_attack

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# Anything of the form whose right edge passes the screen's, or a box scrolling sideways.
OFF_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const shown = 'main input, main select, main button, main label, main th, main td';
  for (const el of document.querySelectorAll(shown)) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 0.5) out.push(el.name || el.textContent.slice(0, 30));
  }
  for (const el of document.querySelectorAll('main .table-wrap')) {
    if (el.scrollWidth > el.clientWidth) out.push('a table scrolls sideways');
  }
  return out;
}"""


def _box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def test_the_site_menu_folds_on_a_phone_and_opens_from_its_button(page, login, owner):
    login(page, owner)
    page.set_viewport_size(PHONE)
    page.goto("/")
    nav_link = page.locator(".site-nav a", has_text="Rules")
    button = page.get_by_role("button", name="Menu")
    assert not nav_link.is_visible()
    assert _box(page, ".site-header")["height"] < 80, "the header leaves the screen to the page"

    button.click()
    expect(nav_link).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(nav_link).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")

    # The keyboard alone opens it too.
    button.focus()
    page.keyboard.press("Enter")
    expect(nav_link).to_be_visible()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#site-menu') !== null")


def test_on_a_desktop_the_menu_is_open_without_a_button(page, login, owner):
    login(page, owner)
    page.goto("/")
    assert page.locator(".site-nav a", has_text="Rules").is_visible()
    assert not page.get_by_role("button", name="Menu").is_visible()


def _next(page, url_part: str) -> None:
    page.click("button[name=next]")
    page.wait_for_url(f"**/log/{url_part}/")


def _fits(page, step: str) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390, step
    assert page.evaluate(OFF_SCREEN) == [], step


def test_every_step_of_the_log_form_fits_a_phone_in_one_column(
    page, login, player, campaign, persons
):
    login(page, player)
    page.set_viewport_size(PHONE)
    page.goto(f"/campaigns/{campaign.slug}/log/")
    _fits(page, "players")
    # One column: the second seat's player starts below the first seat's.
    first, second = (_box(page, f"select[name=p{i}_person]") for i in (0, 1))
    assert second["y"] > first["y"] + first["height"]
    # A seat's fields go two to a line (issue 21, item 12: one to a line made the step six
    # screens tall), each still wide enough to read its choice.
    assert first["width"] > 130, "a field takes half the width of the screen"

    page.fill("input[name=played_on]", "2026-01-10")
    seats = [
        (persons["owner"].key, "die_mechaniker", "alaska"),
        (persons["player"].key, "khan_industries", "egypt"),
        ("__guest__", "saharan_republic", "peru"),
    ]
    for i, (person, faction, start) in enumerate(seats):
        page.select_option(f"select[name=p{i}_person]", person)
        page.select_option(f"select[name=p{i}_faction]", faction)
        page.select_option(f"select[name=p{i}_start]", start)
    page.fill("input[name=p2_guest]", "Gina Guest")
    _next(page, "during")
    _fits(page, "during")
    _next(page, "outcome")
    _fits(page, "outcome")
    page.select_option("select[name=winner]", "die_mechaniker")
    _next(page, "rewards")
    _fits(page, "rewards")
    page.fill("input[name=slogan]", "First blood")
    page.select_option("select[name=wr_code]", "R2")
    # R2 is already chosen, so the full list (continents too) shows until htmx has narrowed it;
    # choosing a target before then would be undone by the swap.
    page.wait_for_function(
        "document.querySelectorAll('select[name=wr_target] option[value^=continent]').length == 0"
        " && document.querySelectorAll('select[name=wr_target] option[value=brazil]').length == 1"
    )
    page.select_option("select[name=wr_target]", "brazil")
    page.fill("input[name=wr_name]", "Rio")
    _next(page, "confirm")
    _fits(page, "confirm")


@pytest.fixture
def game(campaign, owner, persons):
    return game_at_expand_attack(campaign, owner, persons)


def _scale(page) -> float:
    return float(page.locator(".map-zoom").get_attribute("data-scale"))


def test_on_a_phone_the_move_panel_sits_right_under_the_map_and_the_log_after_it(
    page, login, owner, game
):
    login(page, owner)
    page.set_viewport_size(PHONE)
    page.goto(game.get_absolute_url())
    page.wait_for_load_state("networkidle")  # the page's scripts have drawn what they add
    # Read in one go, so nothing the page redraws can slip in between the three boxes.
    board, moves, log = page.evaluate(
        """selectors => selectors.map(s => {
          const box = document.querySelector(s).getBoundingClientRect();
          return {y: box.top + window.scrollY, height: box.height};
        })""",
        ["#game-board", ".game-moves", "#game-log"],
    )
    assert moves["y"] < PHONE["height"], "the move panel starts on the first screen"
    assert moves["y"] - (board["y"] + board["height"]) < 40, "right under the map"
    assert log["y"] > moves["y"] + moves["height"], "the log comes after the move panel"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390

    # A finger's size for every button of the move panel and the zoom buttons.
    heights = page.locator(".game-moves button, .map-zoom-buttons button").evaluate_all(
        "buttons => buttons.map(b => b.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 40


def test_the_zoom_buttons_enlarge_the_map_and_a_drag_moves_it(page, login, owner, game):
    login(page, owner)
    page.set_viewport_size(PHONE)
    page.goto(game.get_absolute_url())
    iceland = page.locator("#t-iceland .land")
    before = iceland.bounding_box()["width"]
    assert _scale(page) == 1

    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    assert _scale(page) > 2
    assert iceland.bounding_box()["width"] > 2 * before
    # Iceland's tap area (an invisible circle around the small island) is a finger wide.
    assert page.locator("#t-iceland .hit-area").bounding_box()["height"] >= 40

    view = page.locator(".map-zoom svg").get_attribute("viewBox")
    frame = _box(page, ".map-zoom")
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=4)
    page.mouse.up()
    assert page.locator(".map-zoom svg").get_attribute("viewBox") != view
    assert page.locator(".territory.selected").count() == 0, "a drag selects no territory"

    page.get_by_role("button", name="Zoom out").click()
    assert 1 < _scale(page) < 2
    page.get_by_role("button", name="Fit").click()
    assert _scale(page) == 1
    assert abs(iceland.bounding_box()["width"] - before) < 1


def test_the_zoom_and_the_folded_log_stay_when_a_move_redraws_the_panel(page, login, owner, game):
    login(page, owner)
    page.set_viewport_size(PHONE)
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Zoom in").click()
    page.locator("#game-log > summary").click()
    scale = _scale(page)
    version = page.locator("#game-panel").get_attribute("data-version")
    page.locator("form.move-form[data-type=end_turn] button").click()
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=version
    )
    assert _scale(page) == scale > 1
    assert not page.locator("#game-log ol.log").is_visible()


def test_on_a_desktop_the_move_panel_sits_beside_the_map(page, login, owner, game):
    login(page, owner)
    page.set_viewport_size(DESKTOP)
    page.goto(game.get_absolute_url())
    page.wait_for_load_state("networkidle")  # the page's scripts have drawn what they add
    # Read in one go, so nothing the page redraws can slip in between the three boxes.
    board, side, log = page.evaluate(
        """selectors => selectors.map(s => {
          const box = document.querySelector(s).getBoundingClientRect();
          return {x: box.left, y: box.top + window.scrollY, width: box.width, height: box.height};
        })""",
        ["#game-board", ".game-side", "#game-log"],
    )
    assert side["x"] >= board["x"] + board["width"], "the panel is right of the map"
    assert abs(side["y"] - board["y"]) < 20, "both start at the same height"
    assert log["y"] > board["y"] + board["height"] - 1, "the log is under the map"
    assert log["x"] < side["x"]
