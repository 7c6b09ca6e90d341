"""Stand-alone tables in the browser (issue 19): a 6-player Classic Risk game set in the lobby,
played through the page's forms until the person's first turn of attacks, then by a bot
standing in for them (as after missed turns) to its end, which says who won and how (CL-20);
an Invasión game with secret objectives shows the viewer their own objective and nobody
else's (IN-11)."""

from __future__ import annotations

import pytest

from campaign.models.digital import DigitalGame, GameSeat
from rules.variants import objectives
from tests.browser.play_loop import play_until
from tests.browser.test_standalone_game import _answer_any

pytestmark = pytest.mark.browser

SEED = "5a" * 32


@pytest.fixture
def live_server(asgi_live_server):
    """The game page's socket needs the site served over ASGI, as in production."""
    return asgi_live_server


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("campaign.services.standalone.secrets.token_hex", lambda _n: SEED)


def _lobby(page, rule_set: str, seats: int, **options: str) -> None:
    page.goto("/play/")
    page.select_option("select[name=rule_set]", rule_set)
    for index in range(1, 6):
        page.select_option(f"select[name=seat{index}_kind]", "bot" if index < seats else "")
    for name, value in options.items():
        page.select_option(f"select[name={rule_set}__{name}]", value)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#game-panel")
    page.wait_for_load_state()  # the game's page whole, its scripts run, before it is read


def test_cl_20_six_classic_players_from_the_lobby_play_to_the_end(page, login, owner, fixed_seed):
    login(page, owner)
    _lobby(page, "classic", 6)
    assert page.locator(".game-seats").inner_text().count("Bot") == 5
    # Setup and the person's first turns through the forms, up to an attack of their own.
    play_until(page, "form.move-form[data-type=attack]", lambda: _answer_any(page))
    GameSeat.objects.filter(index=0).update(bot_stands_in=True)
    # The attack: from here bots play every seat to the end in that one request.
    attack = page.locator("form.move-form[data-type=attack]").first
    for select in attack.locator("select").all():
        select.select_option(
            select.locator("option").evaluate_all(
                "options => options.filter(o => o.value && !o.disabled).map(o => o.value)"
            )[0]
        )
    attack.locator("button[type=submit]").first.click()  # "Attack": one round
    page.wait_for_selector(".game-end", timeout=60_000)
    game = DigitalGame.objects.get()
    state = game.game_state()
    assert game.status == DigitalGame.Status.FINISHED and state.rule_set == "classic"
    winner = state.seats[state.winner].name
    ending = page.locator(".game-end").inner_text()
    assert f"{winner} wins: everyone else is out of the game (CL-20)." in ending


def test_in_11_an_invasion_page_shows_only_the_viewers_secret_objective(
    page, login, owner, fixed_seed
):
    login(page, owner)
    _lobby(page, "invasion", 4, mode="objectives")
    state = DigitalGame.objects.get().game_state()
    names = [seat.name for seat in state.seats]
    dealt = [objectives.describe(o, names) for o in state.table["objectives"]]
    table = page.locator(".game-table").inner_text()
    assert f"Your secret objective: {dealt[0]}" in table
    content = page.content()
    assert all(text not in content for text in dealt[1:] if text != dealt[0])
