"""Playing a digital turn takes few actions (issue 21, item 14): with nothing to choose at the
start of the turn (no card to trade in or buy with, no scar card, no power to use), the turn's
troops are counted as the turn starts (T-7, T-8) and the page opens on placing them (T-13). A
simple turn is played here with every click and typed field counted, as the log test counts
them: place every recruit on one territory, attack until the territory falls (X-6), move in
(X-12), maneuver once (M-3), take the card the conquest earned (E-3). It took 12 with a
click to recruit and a typed "until", then 10; now 8: a tap on the map places every troop
there (T-13), and the card is chosen with the maneuver that ends the turn (M-1, E-3)."""

from __future__ import annotations

import pytest
from django.db import transaction

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.world import world_current
from campaign.services.digital.moves import _advance
from tests.browser.test_log_actions import Counted
from tests.rules.game.helpers import position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_server(asgi_live_server):
    """Served as in production (ASGI), so that a move made on one screen reaches the others."""
    return asgi_live_server


@pytest.fixture
def my_turn(campaign, owner, persons, guest_person) -> DigitalGame:
    """Seat 0 (the owner, on their own browser) starts a turn holding Argentina and Peru, next
    to the bot's one troop in Brazil; two bots sit at seats 1 and 2. The game reaches the
    turn as any game does, through the service that stores each move."""
    people = [persons["owner"], persons["player"], guest_person]
    state = position(
        armies={
            "argentina": (0, 10),
            "peru": (0, 3),
            "brazil": (1, 1),
            "egypt": (1, 3),
            "ural": (2, 3),
        },
        hqs={"argentina": 0, "egypt": 1, "ural": 2},
        world=world_current(campaign=campaign),
        phase="start_of_turn",
    )
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name)
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=1,
        seed="0" * 64,
        initial_state=state.to_json(),
        state=state.to_json(),
        created_by=owner,
    )
    kinds = [GameSeat.Kind.HUMAN, GameSeat.Kind.BOT, GameSeat.Kind.BOT]
    for index, (person, kind) in enumerate(zip(people, kinds, strict=True)):
        GameSeat.objects.create(
            game=game,
            index=index,
            person=person,
            kind=kind,
            user=owner if kind == GameSeat.Kind.HUMAN else None,
        )
    with transaction.atomic():
        game = DigitalGame.objects.select_related("campaign").get(pk=game.pk)
        _advance(game, game.game_state(), applied=[])
    return game


def _moved(page, act: Counted, selector: str) -> None:
    """Click a form's button (one action) and wait for the panel's next version."""
    before = page.locator("#game-panel").get_attribute("data-version")
    act.click(selector)
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
    )


def _form(kind: str) -> str:
    return f"form.move-form[data-type={kind}]"


def test_a_simple_turn_takes_at_most_8_actions_T7(page, login, owner, my_turn):
    login(page, owner)
    page.goto(my_turn.get_absolute_url())
    act = Counted(page)
    if page.locator(_form("recruit")).count():
        _moved(page, act, f"{_form('recruit')} button[type=submit]")
    # T-8: 2 territories give the minimum of 3 troops; T-13: one tap places them all there.
    assert page.locator(f"{_form('place_troops')} input[name=count]").input_value() == "3"
    assert page.locator(f"{_form('place_troops')} input[data-tap-places]").is_checked()
    _moved(page, act, "#t-argentina")

    act.click("#t-argentina")
    act.click("#t-brazil")
    # one click rolls round after round until Brazil falls.
    _moved(page, act, f"{_form('attack')} button[name=until_taken]")
    _moved(page, act, f"{_form('move_in')} button[type=submit]")

    # M-1, E-3: the maneuver ends the turn with the card the conquest earned, chosen with it.
    act.click("#t-peru")
    act.click("#t-argentina")
    ahead = f"{_form('maneuver')} select[name=card_ahead]"
    if not page.locator(ahead).input_value():
        act.choose(ahead, "coin")
    _moved(page, act, f"{_form('maneuver')} button[type=submit]")

    my_turn.refresh_from_db()
    state = my_turn.game_state()
    assert state.owner("brazil") == 0 and len(state.seats[0].cards) == 1
    assert GameMove.objects.filter(game=my_turn, actor=GameMove.Actor.BOT).exists()
    print(f"actions for a simple turn: {act.actions}")
    assert act.actions <= 8, act.actions


def test_a_choice_being_made_is_kept_when_the_game_moves_on_elsewhere_T13(
    page, login, owner, my_turn
):
    """The same person on two screens: a troop placed from one (T-13) redraws the other's
    panel, which keeps the territory and count chosen there while they are still legal."""
    login(page, owner)
    page.goto(my_turn.get_absolute_url())
    other = page.context.new_page()
    other.goto(my_turn.get_absolute_url())
    place = _form("place_troops")
    page.select_option(f"{place} select[name=territory]", "peru")
    page.fill(f"{place} input[name=count]", "2")

    other.uncheck(f"{place} input[data-tap-places]")
    other.select_option(f"{place} select[name=territory]", "argentina")
    other.fill(f"{place} input[name=count]", "1")
    before = page.locator("#game-panel").get_attribute("data-version")
    other.click(f"{place} button[type=submit]")
    page.wait_for_function(
        "v => document.querySelector('#game-panel').dataset.version !== v", arg=before
    )

    assert page.locator("#game-panel").get_attribute("data-version") != before
    assert page.locator(f"{place} select[name=territory]").input_value() == "peru"
    assert page.locator(f"{place} input[name=count]").input_value() == "2"
    assert page.locator(f"{place} input[name=count]").get_attribute("max") == "2"
    other.close()
