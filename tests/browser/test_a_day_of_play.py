"""A simulated day of a game played over days, end to end (issue 20's "done when"): the owner
and the player on two browsers and a bot, 24 hours a turn, seed 11. When the turn reaches each
person, their "waiting for you" count rises on the page they have open and an e-mail goes; the
owner places troops and takes the placement back from the page (PRI-4); both write at the table
and each sees the other's words arrive without reloading; the player misses their turn, the
bot plays it and the log and their seat say so; then the player replays the game move by move
and sees nobody's cards but their own while it runs (STYLE 6).

No rule of the board game covers clocks and notices (DESIGN): the clock is moved by patching
`timezone.now` in this process, which the live server shares, and the beat task that enforces
the clocks is called as beat would call it. Nothing is slept: every step waits for the page."""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.core import mail
from django.core.cache import cache
from django.db import connections
from django.utils import timezone
from playwright.sync_api import expect

from campaign import tasks
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.services.chat import chat_rate_key
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import GameClock, SeatRequest, digital_game_start
from tests.campaign.digital.conftest import DAY, Clock, first_legal

pytestmark = pytest.mark.browser

HOUR = datetime.timedelta(hours=1)


@pytest.fixture
def live_server(asgi_live_server):
    """The pages' sockets (moves, chat, the count of notices) need the site served over ASGI."""
    return asgi_live_server


@pytest.fixture
def clock(monkeypatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(timezone, "now", lambda: moved.now)
    return moved


@pytest.fixture(autouse=True)
def _fresh_rate_counts(owner, player):
    cache.delete_many([chat_rate_key(owner.pk), chat_rate_key(player.pk)])


def _elsewhere(work: Callable[[], Any]) -> Any:
    """Run `work` (another browser's move, beat's sweep) in a thread of its own, as the server
    or a worker would: Playwright keeps an event loop in the test's thread, where the news to
    the open pages (sent through `async_to_sync`) cannot be sent."""
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["result"] = work()
        except BaseException as error:  # re-raised in the test's thread
            done["error"] = error
        finally:
            connections.close_all()  # this thread's own (never the shared in-memory one)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in done:
        raise done["error"]
    return done["result"]


def _play(game: DigitalGame, user) -> None:
    """The first legal move of whoever acts, as their page would submit it."""
    game.refresh_from_db()
    seat, move = first_legal(game)
    _elsewhere(
        lambda: move_submit(game=game, seat=seat, move=move, version=game.version, user=user)
    )
    game.refresh_from_db()


def _mails_to(user) -> list[mail.EmailMessage]:
    return [m for m in mail.outbox if m.to == [user.email]]


def _count_is(page, count: str) -> None:
    """Wait until the menu's count of what waits for this person reads `count` ('' hidden)."""
    page.wait_for_function(
        """n => {
            const badge = document.querySelector('#notices-link .notices-count');
            return n === '' ? badge.hidden : !badge.hidden && badge.textContent.trim() === n;
        }""",
        arg=count,
    )


def _open_turn_notice(page, game: DigitalGame) -> None:
    """From the menu, the list of what waits, then the notice itself: the game's page."""
    page.locator("#notices-link").click()
    notice = page.locator("#notices-waiting li.notice--turn")
    expect(notice).to_contain_text("Your turn")  # once the list's page has come in
    notice.get_by_role("link").click()
    page.wait_for_url(f"**{game.get_absolute_url()}")
    page.wait_for_selector("#game-live[data-state=live]", state="attached")


def _board(page) -> dict[str, str | None]:
    """Troops on each territory of the board the page shows."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('g.on-territory')].map(
            g => [g.dataset.territory, g.querySelector('.troops')?.dataset.troops ?? null]))"""
    )


def _submit(page, form) -> None:
    """Submit a form of the panel and wait for the panel of the next version."""
    before = page.locator("#game-panel").get_attribute("data-version")
    form.locator("button[type=submit]").click()
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
    )


def _place_by_click(page) -> str:
    """Tap the first territory the placement form offers: all the troops go there (T-13)."""
    form = page.locator("form.move-form[data-type=place_troops]")
    territory = form.locator("select[name=territory] option").evaluate_all(
        "os => os.map(o => o.value).filter(Boolean)"
    )[0]
    before = page.locator("#game-panel").get_attribute("data-version")
    page.locator(f"#t-{territory}").click()
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
    )
    return territory


def _chat(writer, reader, text: str) -> None:
    writer.fill("#chat-text", text)
    writer.press("#chat-text", "Enter")
    reader.wait_for_selector(f"#chat-messages .chat-text:has-text('{text}')")


def test_a_day_of_two_people_and_a_bot_PRI_4(
    page, browser, live_server, login, clock, owner, player, persons, campaign
):
    game = _elsewhere(
        lambda: digital_game_start(
            campaign=campaign,
            user=owner,
            seats=[
                SeatRequest(persons["owner"], GameSeat.Kind.HUMAN),
                SeatRequest(persons["player"], GameSeat.Kind.HUMAN),
                SeatRequest(None, GameSeat.Kind.BOT),
            ],
            seed=11,
            clock=GameClock(kind=DigitalGame.Clock.TURN, turn_hours=24),
        )
    )
    # The start (call it 08:00), the setup: both roll for the order and the owner picks a
    # faction, submitted as their pages would (move_submit): the day is about what follows.
    for user in (owner, player, owner):
        _play(game, user)
    assert first_legal(game)[1]["type"] == "choose_faction"

    login(page, owner)
    page.goto("/")
    page.wait_for_selector("#notices-link[data-live]", state="attached")
    _count_is(page, "")
    other = browser.new_context(base_url=live_server.url)
    other.set_default_timeout(10_000)
    try:
        away = other.new_page()
        login(away, player)
        away.goto("/")
        away.wait_for_selector("#notices-link[data-live]", state="attached")

        # 09:05: the player picks their faction, the bot plays turn 1, turn 2 is the owner's.
        clock.advance(HOUR + datetime.timedelta(minutes=5))
        owners_mails = len(_mails_to(owner))
        _play(game, player)
        _count_is(page, "1")
        assert len(_mails_to(owner)) == owners_mails + 1
        assert _mails_to(owner)[-1].subject == "Your turn in Ridgeway campaign, game 1."
        assert game.get_absolute_url() in _mails_to(owner)[-1].body
        _open_turn_notice(page, game)

        # Nothing to choose at the turn's start: the troops are counted already (T-8). The
        # owner places, and takes the placement back (PRI-4).
        assert page.locator("form.move-form[data-type=recruit]").count() == 0
        before = _board(page)
        placed = _place_by_click(page)
        assert _board(page)[placed] != before[placed]
        take_back = page.locator(".game-take-back")
        assert "PRI-4" in take_back.inner_text()
        assert take_back.get_by_role("button", name="Take it back").count() == 1
        _submit(page, take_back.locator("form.take-back"))
        assert _board(page) == before
        assert page.locator("form.move-form[data-type=place_troops]").count() == 1

        # 10:05: placed again, the owner ends the turn; the player's count rises, a mail goes.
        clock.advance(HOUR)
        _place_by_click(page)
        players_mails = len(_mails_to(player))
        _submit(page, page.locator("form.move-form[data-type=end_turn]"))
        _count_is(away, "1")
        assert len(_mails_to(player)) == players_mails + 1
        assert _mails_to(player)[-1].subject == "Your turn in Ridgeway campaign, game 1."
        assert game.get_absolute_url() in _mails_to(player)[-1].body
        _open_turn_notice(away, game)
        assert away.locator("form.move-form[data-type=place_troops]").count() == 1

        # Both write at the table; each sees the other's words arrive.
        _chat(away, page, "Busy all day: let the bot play my turn.")
        _chat(page, away, "Fine, see you tomorrow.")

        # Both leave the game's page. The next morning (24 h and 5 min later) beat's sweep
        # finds the player's time up: the bot plays their turn, then its own, and turn 5 is
        # the owner's again.
        page.goto("/notices/")
        away.goto("/notices/")
        clock.advance(DAY + datetime.timedelta(minutes=5))
        owners_mails = len(_mails_to(owner))
        assert _elsewhere(tasks.digital_clocks_enforce)["turns"] == [game.pk]
        _count_is(page, "1")
        assert len(_mails_to(owner)) == owners_mails + 1
        timed_out = GameMove.objects.filter(game=game, seat=1, actor=GameMove.Actor.TIMEOUT)
        assert timed_out.exists()
        _count_is(away, "")
        away.reload()
        assert away.locator("#notices-none").count() == 1

        # The player's page says the bot played for them: the log and their seat.
        away.goto(game.get_absolute_url())
        marked = away.locator(".game-log li.log--timeout")
        assert marked.count() >= 1
        assert "(time ran out: played for them)" in marked.first.inner_text()
        assert "missed 1 turn in a row" in away.locator(".game-seats").inner_text()

        # The replay, from the log's link on a move the bot played for the player.
        expand = timed_out.filter(move__type="expand").order_by("index").first()
        target = expand.move["target"]
        away.locator(f".game-log li[value='{expand.index}'] a.log-replay").click()
        away.wait_for_url(f"**/replay/?move={expand.index}")
        step = away.locator("#replay-step")
        assert "(time ran out: played for them)" in step.inner_text()
        assert _board(away)[target] == str(expand.move["count"])
        away.get_by_role("link", name="Previous").click()
        away.wait_for_function(
            "m => document.querySelector('#replay-step').dataset.move === m",
            arg=str(expand.index - 1),
        )
        assert parse_qs(urlparse(away.url).query)["move"] == [str(expand.index - 1)]
        assert _board(away)[target] is None  # before the expansion: nobody there
        away.get_by_role("link", name="Next").click()
        away.wait_for_function(
            "m => document.querySelector('#replay-step').dataset.move === m",
            arg=str(expand.index),
        )
        assert _board(away)[target] == str(expand.move["count"])

        # While the game runs the player sees their own scar card and nobody else's.
        hands = away.locator("#replay-step .seat-hand")
        assert hands.count() == 1
        assert away.locator("tr[data-seat='1'] .seat-hand").count() == 1
        assert "Ammo Shortage" in hands.inner_text()
        seats = away.locator("#replay-step .game-seats").inner_text()
        assert "Bunker" not in seats  # the owner's scar card (and the bot's)
    finally:
        other.close()
