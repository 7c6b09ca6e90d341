"""The log form's first step fits its box once Pack 1 is open (issue 21, item 12): with the
draft cards added (S-8) the seats no longer fit a seven-column table beside the map. At 1280 px
and on a phone nothing scrolls sideways, a seat stays a few lines tall, the seats past the
fewest a game has (C-1) are folded while empty, and on a phone the map stays on screen while the
seats are filled. "Hold Ctrl" is a mouse's hint, left out on phones; the timeline of games
reads on a phone without scrolling sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaign.services.game_log.record import game_log
from tests.campaign.box_worlds import customized, pack_1_opened
from tests.campaign.log.factories import three_player_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

MEASURE = """() => {
  const page = document.scrollingElement;
  const wrap = document.querySelector('.log-fields .seat-table').closest('.table-wrap');
  const seats = [...document.querySelectorAll('.log-fields .seat-table tbody tr')]
    .filter(r => r.checkVisibility())
    .map(r => r.getBoundingClientRect().height);
  const edge = wrap.getBoundingClientRect().right + 0.5;
  const shown = '.log-fields select, .log-fields input, .log-fields label';
  const out = [...document.querySelectorAll(shown)]
    .filter(e => e.checkVisibility() && e.getBoundingClientRect().right > edge)
    .map(e => e.name || e.textContent.trim());
  return {
    page: [page.scrollWidth, page.clientWidth],
    seats_box: [wrap.scrollWidth, wrap.clientWidth],
    seats,
    out,
    step: document.querySelector('form.log-step').getBoundingClientRect().height,
  };
}"""


@pytest.fixture
def pack_1(campaign, owner, persons):
    customized(campaign, owner)
    pack_1_opened(campaign, owner, persons)
    return campaign


def _first_step(page, login, owner, campaign, size) -> dict:
    login(page, owner)
    page.set_viewport_size(size)
    page.goto(f"/campaigns/{campaign.slug}/log/")
    assert page.locator(".draft-cards").count() == 5, "Pack 1 brings the draft (S-8)"
    return page.evaluate(MEASURE)


def test_at_1280_px_the_seats_and_their_draft_cards_fit_beside_the_map(page, login, owner, pack_1):
    seen = _first_step(page, login, owner, pack_1, DESKTOP)
    assert seen["page"][0] <= seen["page"][1]
    assert seen["seats_box"][0] <= seen["seats_box"][1], "the seats scroll sideways"
    assert seen["out"] == [], "fields past the seats' box"
    assert page.get_by_label("Eliminated by").first.is_visible()
    assert len(seen["seats"]) == 3, "seats 4 and 5 folded while empty (C-1: 3 to 5 players)"
    assert max(seen["seats"]) <= 240, seen["seats"]
    assert seen["step"] <= 1200, seen["step"]
    map_box = page.locator(".map-pick").bounding_box()
    fields = page.locator(".log-fields").bounding_box()
    assert map_box["x"] >= fields["x"] + fields["width"], "the map beside the seats"

    # "More players" opens the folded seats, which fit too.
    page.locator(".more-seats > summary").click()
    expect(page.locator(".more-seats")).to_have_attribute("open")
    page.select_option("select[name=p4_faction]", "enclave_of_the_bear")
    seen = page.evaluate(MEASURE)
    assert len(seen["seats"]) == 5
    assert seen["seats_box"][0] <= seen["seats_box"][1] and seen["out"] == []


def test_on_a_phone_the_first_step_is_short_and_the_map_stays_in_view(page, login, owner, pack_1):
    seen = _first_step(page, login, owner, pack_1, PHONE)
    assert seen["page"][0] <= PHONE["width"]
    assert seen["seats_box"][0] <= seen["seats_box"][1]
    assert seen["out"] == []
    assert seen["step"] <= 3 * PHONE["height"], seen["step"]  # was 4,600 px with all 5 seats

    # The last seat's start, scrolled to: the map is still on screen above it.
    page.locator("select[name=p2_start]").scroll_into_view_if_needed()
    map_box = page.locator(".map-pick").bounding_box()
    start = page.locator("select[name=p2_start]").bounding_box()
    assert map_box["y"] >= -1 and map_box["y"] + map_box["height"] <= start["y"] + 1
    assert start["y"] + start["height"] <= PHONE["height"]


def test_hold_ctrl_is_said_with_a_mouse_and_left_out_on_a_phone(
    browser, live_server, login, owner, campaign, persons
):
    """The held territories (END-6) are a list that picks several: the Ctrl hint helps a mouse,
    a phone's list picks several by touch."""
    shown = {}
    for name, options in {
        "desktop": {"viewport": DESKTOP},
        "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
    }.items():
        context = browser.new_context(base_url=live_server.url, **options)
        page = context.new_page()
        login(page, owner)
        page.goto(f"/campaigns/{campaign.slug}/log/")
        page.fill("input[name=played_on]", "2026-01-10")
        for i, (person, faction, start) in enumerate(
            [
                (persons["owner"].key, "die_mechaniker", "alaska"),
                (persons["player"].key, "khan_industries", "egypt"),
                (persons["viewer"].key, "saharan_republic", "peru"),
            ]
        ):
            page.select_option(f"select[name=p{i}_person]", person)
            page.select_option(f"select[name=p{i}_faction]", faction)
            page.select_option(f"select[name=p{i}_start]", start)
        page.click("button[name=next]")
        page.wait_for_url("**/log/during/")
        page.click("button[name=next]")
        page.wait_for_url("**/log/outcome/")
        hint = page.get_by_text("Hold Ctrl (⌘ on a Mac) to pick several.").first
        shown[name] = hint.is_visible()
        assert (
            page.evaluate("document.scrollingElement.scrollWidth") <= options["viewport"]["width"]
        )
        context.close()
    assert shown == {"desktop": True, "phone": False}


def test_the_timeline_of_games_reads_on_a_phone_without_scrolling_sideways(
    page, login, owner, campaign, persons
):
    customized(campaign, owner)
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    login(page, owner)
    page.set_viewport_size(PHONE)
    page.goto(f"/campaigns/{campaign.slug}/history/games/")
    assert page.locator("#game-1").is_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    wrap = page.locator(".table-wrap:has(> .timeline)")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "the timeline scrolls sideways"
    # Each value still says which column it is.
    said = page.locator("#game-1 td").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)"
    )
    assert '"Rewards"' in said
