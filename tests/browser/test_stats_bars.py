"""The statistics in a real browser, in English and in Spanish: every chart's bars are drawn,
and drawn alike (an SVG length written "320,0" draws nothing), and no label runs off the chart's
left edge (the missions' labels, D114-D121s, are the longest)."""

from dataclasses import replace

import pytest

from campaign.services.game_log.record import game_log
from rules.rewards import RewardChoice
from tests.campaign.log.factories import three_player_entry, with_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BARS = """() => [...document.querySelectorAll('figure.chart > svg')].map(svg => {
  const box = svg.getBoundingClientRect();
  return {
    bars: [...svg.querySelectorAll('rect')].map(r => Math.round(r.getBoundingClientRect().width)),
    labels: [...svg.querySelectorAll('text[text-anchor=end]')].map(
      t => t.getBoundingClientRect().left - box.left),
  };
})"""


@pytest.fixture
def two_games(campaign, owner, persons):
    second = with_player(three_player_entry(persons), 0, start="greenland")
    second = with_player(second, 1, start="congo", held=("congo",), reward=None)
    second = with_player(second, 2, start="argentina", troops_at_end=True)
    second = replace(second, winner_reward=RewardChoice("R1", "africa", "Afrik"), slogan="")
    for entry in (three_player_entry(persons), second):
        game_log(campaign=campaign, user=owner, entry=entry)
    return campaign


def _charts(page, login, viewer, campaign):
    login(page, viewer)
    page.goto(f"/campaigns/{campaign.slug}/history/stats/")
    return page.evaluate(BARS)


def _drawn(charts) -> None:
    assert len(charts) >= 5
    assert any(width > 0 for chart in charts for width in chart["bars"])
    for chart in charts:
        assert all(left >= 0 for left in chart["labels"]), chart


def test_the_charts_draw_their_bars_in_english_END_2(page, login, viewer, two_games):
    _drawn(_charts(page, login, viewer, two_games))


@pytest.mark.browser_locale("es-ES")
def test_the_charts_draw_their_bars_in_spanish_END_2(page, login, viewer, two_games):
    charts = _charts(page, login, viewer, two_games)

    assert page.locator("html").get_attribute("lang") == "es"
    _drawn(charts)
