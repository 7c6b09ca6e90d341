"""A standalone game in the browser (issue 19, part 4): a person sets a table in the lobby,
an invited friend takes their seat by the link and the starter's waiting page turns into the
game by itself (pushed over its socket); and a person plays a table against bots to its end,
then checks the dice."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaign.models.digital import DigitalGame
from tests.browser.play_loop import play_until
from tests.browser.test_digital_game import _play_one

pytestmark = pytest.mark.browser

SEED = "5a" * 32


@pytest.fixture
def live_server(asgi_live_server):
    """The game page's socket needs the site served over ASGI, as in production."""
    return asgi_live_server


@pytest.fixture
def fixed_seed(monkeypatch):
    """The dice of tables set from now on: the same every run."""
    monkeypatch.setattr("campaign.services.standalone.secrets.token_hex", lambda _n: SEED)


def test_an_invited_friend_takes_a_seat_and_the_starters_page_turns_into_the_game(
    page, browser, live_server, login, owner, player, fixed_seed
):
    login(page, owner)
    page.goto("/play/")
    page.select_option("select[name=seat1_kind]", "invite")
    page.check("input[name=is_public]")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector(".game-waiting")
    page.wait_for_selector("#game-live[data-state=live]", state="attached")
    assert "Risk Legacy" in page.locator(".game-rule-set").inner_text()
    link = page.locator("#invite-link").input_value()
    other = browser.new_context(base_url=live_server.url)
    try:
        friend = other.new_page()
        login(friend, player)
        friend.goto(link)
        friend.get_by_role("button", name="Take a seat").click()
        friend.wait_for_selector("#game-panel[data-status=playing]")
        # The starter's page was told over its socket: the game replaces the waiting room.
        page.wait_for_selector("#game-panel[data-status=playing]", timeout=5_000)
        assert page.locator(".game-waiting").count() == 0
        assert player.username in page.locator(".game-seats").inner_text()
    finally:
        other.close()
    game = DigitalGame.objects.get()
    assert game.campaign is None and game.status == DigitalGame.Status.PLAYING


def test_a_person_plays_a_table_against_bots_to_the_end_and_the_dice_verify(
    page, login, owner, fixed_seed
):
    login(page, owner)
    page.goto("/play/")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#game-panel")
    page.wait_for_load_state()  # the game's page whole, its scripts run, before it is played
    attacks: list[int] = []
    play_until(page, ".game-end", lambda: _play_one(page, attacks))
    assert "wins." in page.locator(".game-end").inner_text()
    game = DigitalGame.objects.get()
    assert game.status == DigitalGame.Status.FINISHED
    page.get_by_role("link", name="Check every die").click()
    page.wait_for_url("**/dice/")
    expect(page.locator(".site-main")).to_contain_text("Verified")  # main: on both pages


def _answer_any(page) -> bool:
    """Answer the first decision this browser faces with the first choice of every field (a
    territory, dice, a set of cards) that the earlier fields leave open, and the most troops
    allowed; False if it faces none."""
    forms = page.locator("form.move-form:not(.move-form--secondary)")
    if forms.count() == 0:
        forms = page.locator("form.move-form")
    if forms.count() == 0:
        return False
    # Named by its move, not its place: the same form even if the panel is redrawn meanwhile.
    form = page.locator(f"form.move-form[data-type={forms.first.get_attribute('data-type')}]")
    for select in form.locator("select").all():
        values = select.locator("option").evaluate_all(
            "options => options.filter(o => !o.disabled).map(o => o.value).filter(Boolean)"
        )
        select.select_option(values[0])
    before = page.locator("#game-panel").get_attribute("data-version")
    form.locator("button[type=submit]").first.click()  # an attack's is "Attack", one round
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
    )
    return True


def test_a_two_player_classic_game_with_a_neutral_army_is_played_to_its_end_CL_22(
    page, login, owner, fixed_seed
):
    login(page, owner)
    page.goto("/play/")
    page.select_option("select[name=rule_set]", "classic")
    page.select_option("select[name=seat2_kind]", "")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#game-panel")
    page.wait_for_load_state()  # the game's page whole, its scripts run, before it is played
    assert "Classic Risk" in page.locator(".game-rule-set").inner_text()
    assert "Neutral army" in page.locator(".game-seats").inner_text()
    play_until(page, ".game-end", lambda: _answer_any(page))
    assert (
        "wins: their opponent is out of the game (CL-24)." in page.locator(".game-end").inner_text()
    )
    assert DigitalGame.objects.get().status == DigitalGame.Status.FINISHED
