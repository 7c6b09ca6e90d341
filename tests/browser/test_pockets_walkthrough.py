"""A group keeps its table campaign through both pockets in a real browser: three missiles on
one roll open Pocket 1 and the third firer's Khan Industries nukes Russia (U-6, J162s-J164s);
the world then shows the Fallout Zone and the destroyed card. After Alien Island rose (U-7,
K182s), a later game seats the Aliens, who start on the island."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import expect

from campaign.selectors.world import world_current
from campaign.services.game_log.entry import IncidentEntry, IslandEntry
from campaign.services.game_log.record import game_log
from rules.data import board
from tests.campaign.log.factories import owner_wins_again

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def _tap(page, territory: str) -> None:
    page.locator(f'.map-pick .territory[data-territory="{territory}"]').click()


def _seat(page, i: int, person: str, faction: str, start: str) -> None:
    page.select_option(f"select[name=p{i}_person]", person)
    page.select_option(f"select[name=p{i}_faction]", faction)
    page.select_option(f"select[name=p{i}_start]", start)


def _winner_reward(page, code: str, territory: str, name: str = "") -> None:
    """The winner's reward (END-5), its territory tapped on the map once the reward's targets
    have come back narrowed."""
    # The answer's swap itself is awaited: a wait for the network to fall idle returns at
    # once when it fell idle before the reward was chosen (it is not awaited twice a page).
    page.evaluate(
        """() => { window.targetsSwapped = false; document.addEventListener(
            'htmx:afterSwap', () => { window.targetsSwapped = true; }, {once: true}); }"""
    )
    page.select_option("select[name=wr_code]", code)
    page.wait_for_function("() => window.targetsSwapped")
    page.locator('.map-chips[data-for="wr_target"] [data-aim]').click()
    _tap(page, territory)
    expect(page.locator("select[name=wr_target]")).to_have_value(territory)
    if name:
        page.fill("input[name=wr_name]", name)
    page.click("button[name=next]")


def _shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_logged_nuke_leaves_the_fallout_and_a_later_alien_seat_starts_on_the_island_J162s_K182s(
    page, login, owner, player, campaign, persons
):
    page.set_viewport_size({"width": 1280, "height": 900})
    login(page, player)
    page.goto(f"/campaigns/{campaign.slug}/log/")
    seats = [
        (persons["owner"].key, "die_mechaniker", "alaska"),
        (persons["player"].key, "khan_industries", "egypt"),
        (persons["viewer"].key, "saharan_republic", "peru"),
    ]
    for i, seat in enumerate(seats):
        _seat(page, i, *seat)
    page.click("button[name=next]")

    # During the game: three missiles on one roll, the third fired by Khan Industries.
    page.wait_for_url("**/log/during/")
    page.check("input[name=missiles3]")
    page.select_option("select[name=missiles3_by]", "khan_industries")
    page.click("button[name=next]")

    page.wait_for_url("**/log/outcome/")
    page.select_option("select[name=winner]", "die_mechaniker")
    page.click("[data-all-starts]")
    page.click("button[name=next]")

    # Pocket 1 opened in this game: the third firer's choice is tapped on the map.
    page.wait_for_url("**/log/packs/")
    assert "Pocket 1 opened during this game" in page.locator("main").inner_text()
    page.locator('.map-chips[data-for="nuke_territory"] [data-aim]').click()
    _tap(page, "ukraine")
    expect(page.locator("select[name=nuke_territory]")).to_have_value("ukraine")
    page.click("button[name=next]")

    page.wait_for_url("**/log/rewards/")
    _winner_reward(page, "R6", "siberia")

    page.wait_for_url("**/log/confirm/")
    russia = board().territory("ukraine").name
    summary = page.locator("main").inner_text()
    assert f"nuked {russia}" in summary and "its card is destroyed" in summary
    page.click("button[name=confirm]")
    page.wait_for_url("**/history/games/1/")

    assert page.goto(f"/campaigns/{campaign.slug}/").status == 200
    world_page = page.locator("main").inner_text()
    assert "Fallout" in world_page and russia in world_page
    assert page.locator('.board-map [data-territory="ukraine"]').count() >= 1
    _shot(page, "world-after-nuke")
    world = world_current(campaign=campaign)
    assert world.fallout == "ukraine" and "ukraine" in world.destroyed_cards

    # Game 2 (logged by the API's service): a 31-troop recruit with a missile in hand raises
    # Alien Island between Brazil and Western Australia.
    raised = replace(
        owner_wins_again(persons),
        incidents=(IncidentEntry("big_recruit_with_missile", "die_mechaniker", 31),),
        islands=(IslandEntry(("brazil", "western_australia"), "die_mechaniker"),),
    )
    game_log(campaign=campaign, user=owner, entry=raised)
    assert world_current(campaign=campaign).alien_island == ("brazil", "western_australia")

    # Game 3: the viewer's seat plays the Aliens and starts on the island, tapped on the map.
    page.goto(f"/campaigns/{campaign.slug}/log/")
    assert page.locator("select[name=p2_faction] option[value=aliens]").count() == 1
    for i, (person, faction, start) in enumerate(
        [*seats[:2], (persons["viewer"].key, "aliens", "")]
    ):
        page.select_option(f"select[name=p{i}_person]", person)
        page.select_option(f"select[name=p{i}_faction]", faction)
        if start:
            page.select_option(f"select[name=p{i}_start]", start)
    page.locator('.map-chips[data-for="p2_start"] [data-aim]').click()
    _tap(page, "alien_island")
    expect(page.locator("select[name=p2_start]")).to_have_value("alien_island")
    page.click("button[name=next]")
    page.wait_for_url("**/log/during/")
    page.click("button[name=next]")
    page.wait_for_url("**/log/outcome/")
    page.select_option("select[name=winner]", "aliens")
    page.click("[data-all-starts]")
    page.click("button[name=next]")
    page.wait_for_url("**/log/packs/")  # Pack 3 opens: the owner signed twice before (U-4)
    page.click("button[name=next]")
    page.wait_for_url("**/log/rewards/")
    _winner_reward(page, "R2", "alien_island", "Xenopolis")
    page.wait_for_url("**/log/confirm/")
    page.click("button[name=confirm]")
    page.wait_for_url("**/history/games/3/")
    assert "Aliens" in page.locator("main").inner_text()
    assert page.goto(f"/campaigns/{campaign.slug}/").status == 200
    assert "Xenopolis" in page.locator("main").inner_text()
    _shot(page, "world-with-alien-island")
    world = world_current(campaign=campaign)
    assert world.cities["alien_island"].name == "Xenopolis"
    assert world.card_coins["alien_island"] == 3  # the island's card, as printed (K186)
    assert [r.start for r in world.faction_records if r.faction == "aliens" and r.game == 3] == [
        "alien_island"
    ]
