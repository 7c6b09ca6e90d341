"""A player logs a game through the guided form's steps in a real browser (issue 4)."""

import pytest
from playwright.sync_api import expect

from campaign.selectors.world import world_current

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_logs_a_game_through_the_form_steps(page, login, player, campaign, persons):
    login(page, player)
    page.goto(f"/campaigns/{campaign.slug}/log/")

    # Step 1: who played, which faction, where each HQ started.
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
    page.click("button[name=next]")

    # Step 2: nothing special happened during the game.
    page.wait_for_url("**/log/during/")
    page.click("button[name=next]")

    # Step 3: the winner, who was wiped off the board, what the held-on player held.
    page.wait_for_url("**/log/outcome/")
    page.select_option("select[name=winner]", "die_mechaniker")
    page.uncheck("input[name=t_saharan_republic]")
    page.select_option("select[name=h_khan_industries]", ["egypt", "congo"])
    page.click("button[name=next]")

    # Step 4: the guest's faction is the campaign's first elimination, so Pack 2 opens during
    # the game and the eliminated faction picks its comeback power at once (U-3, C100).
    page.wait_for_url("**/log/packs/")
    assert "Pack 2 opened during this game" in page.locator("main").inner_text()
    page.select_option("select[name=cb_saharan_republic]", "stealthy")
    page.click("button[name=next]")

    # Step 5: a reward refused by the rules first (a city needs a name), then a legal one.
    page.wait_for_url("**/log/rewards/")
    page.fill("input[name=slogan]", "First blood")
    assert page.locator("select[name=wr_code] option[value=R3]").count() == 0  # no scar yet
    page.select_option("select[name=wr_code]", "R2")
    # htmx narrows the targets to territories without a city (no continents any more).
    page.wait_for_function(
        "document.querySelectorAll('select[name=wr_target] option').length == 43"
    )
    page.select_option("select[name=wr_target]", "brazil")
    page.click("button[name=next]")
    expect(page.locator(".field--error")).to_contain_text("Give the new city a name. END-5")
    # The refusal is a page of its own at the same address: whole, with its scripts (htmx
    # narrows the next reward's targets), before it is read and filled.
    page.wait_for_load_state()
    assert page.locator("select[name=wr_target]").input_value() == "brazil"  # kept
    page.fill("input[name=wr_name]", "Rio")
    page.select_option("select[name=hr_khan_industries_code]", "H1")
    # htmx narrows the target list to the territories this player held. The list holds just
    # those already, in the order given; its answer sorts them by name (Central Africa first).
    page.wait_for_function(
        "document.querySelectorAll('select[name=hr_khan_industries_target] option').length == 3"
        " && document.querySelector('select[name=hr_khan_industries_target] option:nth-child(2)')"
        ".value == 'congo'"
    )
    page.select_option("select[name=hr_khan_industries_target]", "egypt")
    page.fill("input[name=hr_khan_industries_name]", "Cairo")
    page.click("button[name=next]")

    # Confirm: what will be written, then the game's page.
    page.wait_for_url("**/log/confirm/")
    summary = page.locator("ol.summary").inner_text()
    assert "founded the major city Rio in Brazil" in summary
    page.click("button[name=confirm]")
    page.wait_for_url("**/history/games/1/")
    body = page.locator("main").inner_text()
    assert "Game 1 is logged." in page.locator(".messages").inner_text()
    assert "Open Pack 2 now" in page.locator(".messages").inner_text()
    assert "Gina Guest" in body
    assert world_current(campaign=campaign).cities["egypt"].name == "Cairo"
    assert world_current(campaign=campaign).comeback_powers == {"saharan_republic": "stealthy"}
