"""Playing a digital game in the browser: a person starts a game against bots, plays every
decision by clicking (the map fills the forms), reaches the end and the reward form; a second
browser sees the first one's moves appear without reloading and without polling (the server
pushes the news over the page's websocket), and falls back to slow polling, saying so, when
its socket cannot connect."""

from __future__ import annotations

import datetime
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.utils import timezone
from playwright.sync_api import expect

from campaign.models.digital import DigitalGame
from campaign.selectors.world import world_current
from campaign.services.digital.moves import move_submit
from tests.browser.play_loop import play_until
from tests.campaign.digital.conftest import first_legal
from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser


@pytest.fixture
def live_server(asgi_live_server):
    """The game page's socket needs the site served over ASGI, as in production."""
    return asgi_live_server


# Form types in the order a cautious player answers them.
ANSWERS = (
    "roll_for_order",
    "choose_faction",
    "acknowledge_pack",
    "defend_with",
    "pass_scar_card",
    "pass_missiles",
    "choose_comeback_power",
    "move_in",
    "recruit",
    "place_troops",
    "take_card",
    "end_turn",
)


def _version(page) -> str:
    return page.locator("#game-panel").get_attribute("data-version")


def _submit(page, form) -> None:
    """Submit a move form and wait for the panel to show the next version."""
    before = _version(page)
    form.locator("button[type=submit]").first.click()  # an attack's is "Attack", one round
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
    )


def _choose_first(form, field: str) -> None:
    select = form.locator(f"select[name={field}]")
    values = select.locator("option:not([disabled])").evaluate_all(
        "options => options.map(o => o.value).filter(Boolean)"
    )
    select.select_option(values[0])


def _attack_by_clicks(page, form) -> None:
    """Two clicks on the map: the origin, then an enemy territory next to it (X-6). A click
    on an empty neighbour would start an expansion instead: the move that fits."""
    options = form.locator('script[type="application/json"]')
    legal = options.evaluate("node => JSON.parse(node.textContent)")
    origin, target = legal[0]["origin"], legal[0]["target"]
    page.locator(f"#t-{origin}").click()
    expect(page.locator(f"#t-{target}")).to_have_class(re.compile("targetable"))
    page.locator(f"#t-{target}").click()
    expect(form.locator("select[name=origin]")).to_have_value(origin)
    expect(form.locator("select[name=target]")).to_have_value(target)
    expect(form.locator("select[name=dice]")).not_to_have_value("")  # the most, preselected
    _submit(page, form)


def _play_one(page, attacks: list[int]) -> bool:
    """Answer the decision this browser faces now; False if it has none. Attacks a few
    times by clicking the map (counted in `attacks`), otherwise plays it safe."""
    # The forms named by their move, read in one go: a form's position would name another
    # form if the panel were redrawn between reading and answering.
    kinds = page.locator("form.move-form").evaluate_all("forms => forms.map(f => f.dataset.type)")
    present = {kind: page.locator(f"form.move-form[data-type={kind}]") for kind in kinds}
    if "attack" in present and len(attacks) < 3:
        attacks.append(1)
        _attack_by_clicks(page, present["attack"])
        return True
    for kind in ANSWERS:
        form = present.get(kind)
        if form is None:
            continue
        if kind == "choose_faction":
            _choose_first(form, "faction")
            # A click on the map picks the starting territory (S-7).
            options = form.locator("select[name=territory] option:not([disabled])")
            territory = options.evaluate_all("os => os.map(o => o.value).filter(Boolean)")[0]
            page.locator(f"#t-{territory}").click()
            expect(form.locator("select[name=territory]")).to_have_value(territory)
        elif kind == "place_troops":
            territory = form.locator("select[name=territory] option").evaluate_all(
                "os => os.map(o => o.value).filter(Boolean)"
            )[0]
            # T-13: with its box ticked (the default), a tap places every troop left there.
            before = page.locator("#game-panel").get_attribute("data-version")
            page.locator(f"#t-{territory}").click()
            page.wait_for_function(
                "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
            )
            return True
        elif kind in {"defend_with", "take_card", "recruit"}:
            for select in ("dice", "slot", "trade_in"):
                if form.locator(f"select[name={select}]").count():
                    _choose_first(form, select)
        _submit(page, form)
        return True
    return False


def test_a_person_plays_a_whole_game_against_bots_and_reaches_the_rewards(
    page, login, owner, campaign
):
    login(page, owner)
    page.goto(f"/c/{campaign.slug}/play/")
    # The form starts with the person on their own browser and two bots; pin the dice.
    page.locator("details summary").click()
    page.fill("input[name=seed]", "5")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#game-panel")
    page.wait_for_load_state()  # the game's page whole, its scripts run, before it is played
    game = DigitalGame.objects.get(campaign=campaign)
    attacks: list[int] = []
    play_until(page, ".game-rewards", lambda: _play_one(page, attacks))
    game.refresh_from_db()
    assert attacks, "the person attacked by clicking the map"
    assert game.status == DigitalGame.Status.REWARDS
    assert "The game is over" in page.locator(".game-rewards").inner_text()
    rewards = page.locator("form.reward-form")
    for select in rewards.locator("select[required]").all():
        select.select_option(index=1)
    for name in rewards.locator("input[type=text][name$=_name]").all():
        name.fill("Browserton")
    rewards.get_by_role("button", name="Record the game and change the world").click()
    page.wait_for_selector("text=Game recorded")
    assert world_current(campaign=campaign).games_played == 1


def _game_of_two_people(campaign, owner, persons) -> DigitalGame:
    from campaign.models.digital import GameSeat
    from campaign.services.digital.start import SeatRequest, digital_game_start

    return digital_game_start(
        campaign=campaign,
        user=owner,
        seats=[
            SeatRequest(persons["owner"], GameSeat.Kind.HUMAN),
            SeatRequest(persons["player"], GameSeat.Kind.HUMAN),
            SeatRequest(None, GameSeat.Kind.BOT),
        ],
        seed=11,
    )


def _panel_fetches(page) -> list[str]:
    """The panel GETs this page makes from now on (a poll or a fetch after news)."""
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/panel/" in r.url else None)
    return fetched


def test_a_spectator_sees_a_move_appear_without_polling(
    page, browser, live_server, login, owner, viewer, persons, campaign
):
    """The viewer holds no seat. Idle, their page asks nothing (a minute of its clock runs
    by); the owner's move reaches it through the socket, what changed included: still no
    request."""
    game = _game_of_two_people(campaign, owner, persons)
    url = f"/c/{campaign.slug}/play/{game.pk}/"
    login(page, owner)
    page.goto(url)
    other = browser.new_context(base_url=live_server.url)
    try:
        watcher = other.new_page()
        watcher.clock.install()
        fetched = _panel_fetches(watcher)
        login(watcher, viewer)
        watcher.goto(url)
        watcher.wait_for_selector("#game-live[data-state=live]", state="attached")
        assert watcher.locator("#game-live").is_hidden()
        watcher.clock.run_for(60_000)
        assert fetched == [], "an idle page makes no request"
        before = watcher.locator("#game-panel").get_attribute("data-version")
        page.get_by_role("button", name="Roll the die").click()
        text = f"{owner.username} rolls"
        watcher.wait_for_selector(f".game-log li:has-text('{text}')", timeout=5_000)
        assert watcher.locator("#game-panel").get_attribute("data-version") != before
        assert fetched == [], "the spectators' panel came with the news"
    finally:
        other.close()


def _moved_elsewhere(game: DigitalGame, seat: int, move: dict, mover) -> int:
    """A move through the services from another thread, as a request would make it (this
    thread runs the browser's event loop, where the move's news could not be sent)."""

    def submit() -> int:
        try:
            return move_submit(
                game=game, seat=seat, move=move, version=game.version, user=mover
            ).game.version
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as other:
        return other.submit(submit).result()


# The panel as the page holds it, its log's lines side by side (a message puts new lines in
# without the blanks the template leaves between them, which show nothing).
PANEL_AS_SHOWN = """() => {
  const panel = document.querySelector('#game-panel').cloneNode(true);
  const lines = panel.querySelector('#game-log-lines');
  if (lines) [...lines.childNodes].forEach(n => { if (n.nodeType === 3) n.remove(); });
  return panel.outerHTML;
}"""


@pytest.mark.browser_locale("es-ES")
def test_a_spectators_page_applies_each_moves_changes_and_shows_what_a_fresh_page_shows(
    browser, live_server, login, owner, player, viewer, persons, campaign
):
    """Moves reach a Spanish spectator's page as what changed (territories, header, side
    column, new log lines in Spanish), never the whole panel and never a request; after them
    it shows the very panel a page loaded afresh shows."""
    game = _game_of_two_people(campaign, owner, persons)
    url = f"/c/{campaign.slug}/play/{game.pk}/"
    context = browser.new_context(base_url=live_server.url, locale="es-ES")
    try:
        watcher = context.new_page()
        messages: list[str] = []
        watcher.on(
            "websocket", lambda socket: socket.on("framereceived", lambda m: messages.append(m))
        )
        fetched = _panel_fetches(watcher)
        login(watcher, viewer)
        watcher.goto(url)
        watcher.wait_for_selector("#game-live[data-state=live]", state="attached")
        for _ in range(4):
            game.refresh_from_db()
            seat, move = first_legal(game)
            mover = owner if seat == 0 else player
            version = _moved_elsewhere(game, seat, move, mover)
            watcher.wait_for_function(
                "v => document.querySelector('#game-panel').dataset.version === v",
                arg=str(version),
                timeout=5_000,
            )
        assert fetched == [], "the changes came with the news"
        news = [m for m in messages if '"version"' in m][1:]  # after the one on connecting
        assert len(news) == 4 and all('"parts"' in m and '"panel"' not in m for m in news)
        assert "para el orden de elección" in watcher.locator("#game-log-lines").inner_text()
        fresh = context.new_page()
        fresh.goto(url)
        assert watcher.evaluate(PANEL_AS_SHOWN) == fresh.evaluate(PANEL_AS_SHOWN)
    finally:
        context.close()


def test_a_players_page_fetches_its_own_panel_once_per_move(
    page, browser, live_server, login, owner, player, persons, campaign
):
    """The player holds a seat: the socket tells their page of the owner's move, and the page
    fetches its own panel (one GET), which offers the player's next move."""
    game = _game_of_two_people(campaign, owner, persons)
    url = f"/c/{campaign.slug}/play/{game.pk}/"
    login(page, owner)
    page.goto(url)
    other = browser.new_context(base_url=live_server.url)
    try:
        watcher = other.new_page()
        fetched = _panel_fetches(watcher)
        login(watcher, player)
        watcher.goto(url)
        watcher.wait_for_selector("#game-live[data-state=live]", state="attached")
        page.get_by_role("button", name="Roll the die").click()
        watcher.wait_for_selector(f".game-log li:has-text('{owner.username} rolls')")
        assert len(fetched) == 1, fetched
        assert watcher.get_by_role("button", name="Roll the die").count() == 1
    finally:
        other.close()


def test_a_page_whose_socket_cannot_connect_says_so_and_polls_slowly(
    page, login, owner, player, persons, campaign
):
    """The socket refused (a proxy that does not pass websockets, say): the page says that
    live updates are off, and looks for moves every 20 s, so a move still arrives."""
    game = _game_of_two_people(campaign, owner, persons)
    page.route_web_socket("**/ws/**", lambda socket: socket.close())
    page.clock.install()
    fetched = _panel_fetches(page)
    login(page, player)
    page.goto(f"/c/{campaign.slug}/play/{game.pk}/")
    note = page.locator("#game-live")
    note.wait_for(state="visible")
    assert "looks for new moves every 20 seconds" in note.inner_text()
    seat, move = first_legal(game)
    assert seat == 0  # the owner rolls first, on another browser
    move_submit(game=game, seat=seat, move=move, version=game.version, user=owner)
    page.clock.run_for(21_000)
    page.wait_for_selector(f".game-log li:has-text('{owner.username} rolls')", timeout=5_000)
    assert len(fetched) == 1, fetched


def test_a_passed_deadline_is_taken_by_the_page_that_watches_it_X6(
    page, login, owner, viewer, persons, guest_person, campaign
):
    """Without the 1-second poll, the default of a decision whose time ran out is asked for by
    the open page, a second after the deadline it shows (the embedded default has no worker
    that waits for it): the defender rolls the most dice."""
    from campaign.models.digital import GameMove, GameSeat
    from campaign.services.digital.start import SeatRequest, digital_game_start
    from tests.campaign.digital.conftest import HOTSEAT_SESSION, play_until

    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    game = digital_game_start(
        campaign=campaign, user=owner, seats=seats, seed=7, session_key=HOTSEAT_SESSION
    )
    game = play_until(game, owner, "attack_defender_dice")
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() + datetime.timedelta(hours=1)
    )
    page.clock.install()
    fetched = _panel_fetches(page)
    login(page, viewer)
    page.goto(game.get_absolute_url())
    page.wait_for_selector("#game-live[data-state=live]", state="attached")
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    page.clock.run_for(59 * 60_000)
    assert fetched == [], "nothing is asked before the deadline the page shows"
    page.clock.run_for(62_000)
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=str(game.version)
    )
    assert len(fetched) == 1, fetched
    last = GameMove.objects.filter(game=game).order_by("-index").first()
    assert last.actor == GameMove.Actor.TIMEOUT
    assert "time ran out" in page.locator("#game-panel").inner_text()


def test_the_sign_in_page_leads_to_the_game(page, owner, campaign):
    """Signing in through the form, then the campaign's digital games page."""
    page.goto(f"/accounts/login/?next=/c/{campaign.slug}/play/")
    page.fill("input[name=login]", owner.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"**/c/{campaign.slug}/play/")  # the click returns before the redirect
    page.wait_for_load_state()
    assert "Start a digital game" in page.content()


def test_a_move_from_a_stale_page_is_refused_in_words(page, login, owner, campaign, persons):
    """A page left behind by the game (another tab moved) gets the fresh board and the reason."""
    from campaign.models.digital import GameSeat
    from campaign.services.digital.start import SeatRequest, digital_game_start

    game = digital_game_start(
        campaign=campaign,
        user=owner,
        seats=[SeatRequest(persons["owner"], GameSeat.Kind.HUMAN)]
        + [SeatRequest(None, GameSeat.Kind.BOT)] * 2,
        seed=4,
    )
    login(page, owner)
    page.goto(f"/c/{campaign.slug}/play/{game.pk}/")
    form = page.locator("form.move-form[data-type=roll_for_order]")
    form.locator("input[name=version]").evaluate("input => { input.value = '0'; }")
    form.get_by_role("button").click()
    error = page.locator(".game-error")
    error.wait_for()
    assert "moved on" in error.inner_text()
    assert page.locator("#game-panel").get_attribute("data-version") == str(game.version)
    assert not game.moves.filter(seat=0).exists()
