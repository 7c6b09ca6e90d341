"""The statistics' charts read the same in every language: an SVG length is a number written
the one way SVG reads it ("320.0", never the Spanish "320,0"), so each chart draws the same bars
in English and in Spanish; and a bar's label has room to its left (the missions' labels, D114
to D121s, are the longest)."""

from __future__ import annotations

import re
from dataclasses import replace
from xml.etree import ElementTree

import pytest

from campaign.services.game_log.record import game_log
from rules.rewards import RewardChoice
from tests.campaign.log.factories import three_player_entry, with_player
from tests.i18n.test_history_es import EN, ES

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games(campaign, owner, persons, django_capture_on_commit_callbacks):
    """Two games won by the owner: the second win opens Pack 3 and its missions (D114-D121s)."""
    second = with_player(three_player_entry(persons), 0, start="greenland")
    second = with_player(second, 1, start="congo", held=("congo",), reward=None)
    second = with_player(second, 2, start="argentina", troops_at_end=True)
    second = replace(second, winner_reward=RewardChoice("R1", "africa", "Afrik"), slogan="")
    for entry in (three_player_entry(persons), second):
        with django_capture_on_commit_callbacks(execute=True):
            game_log(campaign=campaign, user=owner, entry=entry)
    return campaign


TEXT_PX = 6.5  # what one character of a 12 px label takes, at the least


def _charts(client, campaign, headers) -> list[dict]:
    """Each chart of the statistics page, as its SVG says it: its viewBox, each bar's x and
    width (numbers that do not parse fail here), and each label with where it ends."""
    page = client.get(f"/campaigns/{campaign.slug}/history/stats/", **headers).content.decode()
    charts = []
    for svg in re.findall(r"<svg viewBox=.*?</svg>", page, re.S):
        root = ElementTree.fromstring(svg)
        box = [float(n) for n in root.get("viewBox").split()]
        bars = [(float(r.get("x")), float(r.get("width"))) for r in root.iter("rect")]
        labels = [
            (t.text, float(t.get("x")) + _shift(root, t))
            for t in root.iter("text")
            if t.get("text-anchor") == "end"
        ]
        charts.append({"box": box, "bars": bars, "labels": labels})
    return charts


def _shift(root, text) -> float:
    """How far right the label's group moves it (`translate(x y)`)."""
    for group in root.iter("g"):
        if text in list(group):
            x, _y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", group.get("transform")).groups()
            return float(x)
    return 0.0


def test_each_chart_draws_the_same_bars_in_english_and_spanish_END_2(viewer_client, two_games):
    english = _charts(viewer_client, two_games, EN)
    spanish = _charts(viewer_client, two_games, ES)

    assert len(english) == len(spanish) >= 5
    assert any(chart["bars"] for chart in english)
    for en, es in zip(english, spanish, strict=True):
        assert en["bars"] == es["bars"]
        assert en["box"][3] == es["box"][3]  # as many rows; the labels set the width


@pytest.mark.parametrize("headers", [EN, ES], ids=["en", "es"])
def test_every_label_fits_left_of_its_bar_D114(viewer_client, two_games, headers):
    """A label ends where its bar begins: its text needs that much room from the left edge."""
    charts = _charts(viewer_client, two_games, headers)

    labels = [label for chart in charts for label in chart["labels"]]
    assert any(len(text) > 25 for text, _end in labels)  # a mission's label
    for text, end in labels:
        assert end >= TEXT_PX * len(text), text
