"""A held-on reward's target picked while the reward's targets are fetched again stays picked
(END-6): the answer of the fetch does not blank what the player chose meanwhile."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _to_rewards(page, campaign, persons) -> None:
    page.goto(f"/campaigns/{campaign.slug}/log/")
    page.fill("input[name=played_on]", "2026-01-10")
    seats = [
        (persons["owner"].key, "die_mechaniker", "alaska"),
        (persons["player"].key, "khan_industries", "egypt"),
        (persons["viewer"].key, "saharan_republic", "peru"),
    ]
    for i, (person, faction, start) in enumerate(seats):
        page.select_option(f"select[name=p{i}_person]", person)
        page.select_option(f"select[name=p{i}_faction]", faction)
        page.select_option(f"select[name=p{i}_start]", start)
    page.click("button[name=next]")
    page.wait_for_url("**/log/during/")
    page.click("button[name=next]")
    page.wait_for_url("**/log/outcome/")
    page.select_option("select[name=winner]", "die_mechaniker")
    page.select_option("select[name=h_khan_industries]", ["egypt", "congo"])
    page.click("button[name=next]")
    page.wait_for_url("**/log/rewards/")  # nobody eliminated: no pack opens, no packs step


def test_a_target_picked_while_the_targets_load_is_kept_END6(
    page, login, player, campaign, persons
):
    login(page, player)
    _to_rewards(page, campaign, persons)
    held = []
    page.route("**/log/targets/**", lambda route: held.append(route))  # held until let go

    with page.expect_request("**/log/targets/**"):
        page.select_option("select[name=hr_khan_industries_code]", "H1")
    page.select_option("select[name=hr_khan_industries_target]", "congo")  # meanwhile
    with page.expect_response("**/log/targets/**"):
        held[0].continue_()
    page.wait_for_function(
        "document.querySelector('select[name=hr_khan_industries_target]').options.length == 3"
    )

    assert page.locator("select[name=hr_khan_industries_target]").input_value() == "congo"
