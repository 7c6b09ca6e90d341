"""A table logs a typical 4-player game by tapping the board map, on a phone (390 px) and a
desktop (1280 px), in at most 15 actions (issue 13): the seats come from the last game, the
starts and the winner's new city are tapped on the map (S-7, END-5 R2), one tap says each
survivor held just its start, and each held-on player's coin goes on that card (END-6 H2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from playwright.sync_api import expect

from campaign.selectors.world import world_current
from campaign.services.game_log.entry import PlayerEntry
from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import three_player_entry, with_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTION_LIMIT = 15
STARTS = ("greenland", "congo", "argentina", "china")


class Actions:
    """Counts what a person does: each tap, click, choice or typed field is one action."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1

    def choose(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.count += 1

    def type(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)
        self.count += 1


@pytest.fixture
def game_one(campaign, owner, persons, guest_person):
    """Game 1 with four players, nobody eliminated: it gives the seats game 2 starts from."""
    entry = with_player(three_player_entry(persons), 2, troops_at_end=True)
    fourth = PlayerEntry("enclave_of_the_bear", person=guest_person.key, start="india")
    game_log(campaign=campaign, user=owner, entry=replace(entry, players=(*entry.players, fourth)))
    return campaign


@pytest.mark.parametrize("width", [390, 1280])
def test_a_four_player_game_is_logged_by_tapping_the_map_in_at_most_15_actions(
    page, login, player, game_one, persons, guest_person, width
):
    campaign = game_one
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 900})
    login(page, player)
    page.goto(f"/campaigns/{campaign.slug}/log/")
    act = Actions(page)

    # Who played: last game's seats and factions are there; each start is one tap on the map.
    assert page.locator("select[name=p3_person]").input_value() == guest_person.key
    assert page.locator("select[name=p0_faction]").input_value() == "die_mechaniker"
    for start in STARTS:
        act.tap(f'.map-pick .territory[data-territory="{start}"]')
    for i, start in enumerate(STARTS):
        expect(page.locator(f"select[name=p{i}_start]")).to_have_value(start)
    expect(page.locator(".map-chips[data-for=p0_start]")).to_contain_text("Greenland ✕")
    act.tap("button[name=next]")

    page.wait_for_url("**/log/during/")
    act.tap("button[name=next]")

    # How it ended: the winner, then one tap for "each held just its start".
    page.wait_for_url("**/log/outcome/")
    act.choose("select[name=winner]", "die_mechaniker")
    act.tap("[data-all-starts]")
    expect(page.locator("select[name=h_khan_industries]")).to_have_values(["congo"])
    act.tap("button[name=next]")

    # Rewards: the winner's Major City is preselected; its territory is tapped, its name typed.
    page.wait_for_url("**/log/rewards/")
    assert page.locator("select[name=wr_code]").input_value() == "R2"
    assert page.locator("select[name=hr_khan_industries_code]").input_value() == "H2"
    act.tap('.map-pick .territory[data-territory="peru"]')
    expect(page.locator("select[name=wr_target]")).to_have_value("peru")
    act.type("input[name=wr_name]", "Lima")
    act.tap("button[name=next]")

    page.wait_for_url("**/log/confirm/")
    assert "What follows" in page.locator("main").inner_text()
    act.tap("button[name=confirm]")
    page.wait_for_url("**/history/games/2/")

    world = world_current(campaign=campaign)
    assert world.cities["peru"].name == "Lima"
    assert world.card_coins["congo"] == 2  # the held-on coin (END-6 H2)
    print(f"\nactions at {width} px: {act.count}")
    assert act.count <= ACTION_LIMIT


def test_the_pregame_coins_are_placed_by_tapping_cards_on_the_map_P3(page, login, owner, campaign):
    """Each tap adds a coin to that card; a third tap on a card goes past the 3 a card may hold
    before game 1 and takes its extra coins off again."""
    login(page, owner)
    page.goto(f"/campaigns/{campaign.slug}/setup/")
    egypt = '.map-pick .territory[data-territory="egypt"]'
    page.locator(egypt).click()
    page.locator(egypt).click()
    page.locator('.map-pick .territory[data-territory="peru"]').click()
    expect(page.locator("input[name=egypt]")).to_have_value("2")
    expect(page.locator("input[name=peru]")).to_have_value("1")
    expect(page.locator(".map-chips[data-for=egypt]")).to_contain_text("Egypt +2 ✕")
    page.locator(egypt).click()
    expect(page.locator("input[name=egypt]")).to_have_value("0")
