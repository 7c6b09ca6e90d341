"""Logging a later game takes few actions (issue 21, item 14): the last game's players and
factions are filled in, each faction held its start unless told otherwise (END-6), and each
player's reward of the last game is chosen again where the rules still offer it on the same
target (END-5, END-6) — the page says what was copied and what could not be. A typical game 2
is logged here with every click, choice and typed field counted: at most 15."""

from __future__ import annotations

import re

import pytest

from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log
from rules.rewards import RewardChoice
from tests.campaign.box_worlds import customized
from tests.campaign.log.factories import three_player_entry, with_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Counted:
    """The page's actions a person would make, each counted once (a territory picked in a
    list of several counts once per territory, as each is a tap or a Ctrl-click)."""

    def __init__(self, page) -> None:
        self.page, self.actions = page, 0

    def click(self, selector: str) -> None:
        self.actions += 1
        self.page.click(selector)

    def choose(self, selector: str, value) -> None:
        values = value if isinstance(value, list) else [value]
        self.actions += len(values)
        self.page.select_option(selector, value)

    def add(self, selector: str, value: str) -> None:
        """Ctrl-click one more option of a list that picks several."""
        self.actions += 1
        self.page.locator(selector).evaluate(
            "(s, v) => { [...s.options].find(o => o.value === v).selected = true; }", value
        )

    def type(self, selector: str, text: str) -> None:
        self.actions += 1
        self.page.fill(selector, text)


@pytest.fixture
def game_1(campaign, owner, persons):
    """Game 1: the owner won (a Major City in Brazil); the player held on with a coin on
    Central Africa's card (congo), the viewer with a coin on Peru's (END-6 H2)."""
    customized(campaign, owner)
    entry = with_player(three_player_entry(persons), 1, reward=RewardChoice("H2", "congo"))
    entry = with_player(
        entry, 2, troops_at_end=True, held=("peru",), reward=RewardChoice("H2", "peru")
    )
    game_log(campaign=campaign, user=owner, entry=entry)
    return campaign


def test_a_later_game_is_logged_in_at_most_15_actions(page, login, owner, persons, game_1):
    login(page, owner)
    page.goto(f"/campaigns/{game_1.slug}/log/")
    act = Counted(page)
    # Seats, members and factions come from game 1; the date is today.
    assert page.locator("select[name=p1_person]").input_value() == persons["player"].key
    assert page.locator("select[name=p2_faction]").input_value() == "saharan_republic"
    for seat, start in enumerate(("greenland", "congo", "argentina")):
        act.choose(f"select[name=p{seat}_start]", start)
    act.click("button[name=next]")
    page.wait_for_url("**/log/during/")
    act.click("button[name=next]")

    page.wait_for_url("**/log/outcome/")
    act.choose("select[name=winner]", "die_mechaniker")
    # Each held its start already; two held one territory more.
    assert page.locator("select[name=h_khan_industries]").evaluate(
        "s => [...s.selectedOptions].map(o => o.value)"
    ) == ["congo"]
    act.add("select[name=h_khan_industries]", "egypt")
    act.add("select[name=h_saharan_republic]", "peru")
    act.click("button[name=next]")
    # The address is read once the next step's page has come in: packs (if one opened) or rewards.
    page.wait_for_url(re.compile(r"/log/(packs|rewards)/$"))
    if "/log/packs/" in page.url:
        act.click("button[name=next]")

    page.wait_for_url("**/log/rewards/")
    copied = page.locator("#same-rewards").inner_text()
    assert "Add a coin to a territory card (H2) on Central Africa" in copied
    assert "Add a coin to a territory card (H2) on Peru" in copied
    # Brazil has its city: game 1's Major City cannot go there again (END-5 R2).
    assert "Not copied" in copied and "Found a Major City (R2) on Brazil" in copied
    assert page.locator("select[name=hr_khan_industries_code]").input_value() == "H2"
    assert page.locator("select[name=hr_khan_industries_target]").input_value() == "congo"
    assert page.locator("select[name=hr_saharan_republic_target]").input_value() == "peru"
    assert page.locator("select[name=wr_code]").input_value() == "R2"
    act.choose("select[name=wr_target]", "venezuela")
    act.type("input[name=wr_name]", "Caracas")
    act.click("button[name=next]")

    page.wait_for_url("**/log/confirm/")
    act.click("button[name=confirm]")
    # The game's own page: the step's address also matched a pattern of the whole campaign.
    page.wait_for_url(f"**/campaigns/{game_1.slug}/history/games/2/")
    world = world_current(campaign=game_1)
    assert world.games_played == 2
    assert world.card_coins["congo"] >= 1 and world.card_coins["peru"] >= 1
    assert act.actions <= 15, act.actions
    print(f"actions for game 2: {act.actions}")
