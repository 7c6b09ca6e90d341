"""A tally the records contradict is shown as impossible, never taken as fact: every game has
exactly one winner (END-2) and games 1-15 are signed once each (END-4, END-9)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from campaign.models import EventSource
from campaign.selectors.tallies import claimed_tally_problems, tally_problems
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from rules.world_events import GameRecorded
from tests.campaign.log.factories import three_player_entry


def _codes(problems) -> list[str]:
    return [p.code for p in problems]


def test_eight_wins_each_in_a_fifteen_game_campaign_of_three_is_impossible_END_2():
    problems = claimed_tally_problems(games=15, wins={"Ann": 8, "Bob": 8, "Cy": 8})
    assert _codes(problems) == ["more_wins_than_games"]
    assert problems[0].rule == "END-2"
    assert "24 wins" in problems[0].text


def test_a_tally_that_adds_up_is_taken_END_2():
    assert (
        claimed_tally_problems(
            games=15,
            wins={"Ann": 7, "Bob": 5, "Cy": 3},
            played={"Ann": 15, "Bob": 14, "Cy": 15},
            signatures={"Ann": 7, "Bob": 5, "Cy": 3},
        )
        == []
    )


def test_more_wins_than_games_played_and_signatures_past_game_15_are_impossible_END_4():
    problems = claimed_tally_problems(
        games=20,
        wins={"Ann": 6, "Bob": 4},
        played={"Ann": 5, "Bob": 21},
        signatures={"Ann": 10, "Bob": 6},
    )
    assert set(_codes(problems)) == {
        "wins_beyond_games",  # Ann: 6 wins in 5 games
        "played_beyond_games",  # Bob: 21 of 20 games
        "more_signatures_than_games",  # 16 lines, only games 1-15 are signed
    }


@given(
    st.integers(min_value=0, max_value=30),
    st.lists(st.integers(min_value=0, max_value=30), min_size=3, max_size=5),
)
def test_wins_beyond_the_games_are_always_flagged_END_2(games, wins):
    tally = {f"p{i}": n for i, n in enumerate(wins)}
    flagged = "more_wins_than_games" in _codes(claimed_tally_problems(games=games, wins=tally))
    assert flagged == (sum(wins) > games)


@pytest.mark.django_db
def test_a_clean_campaign_has_no_impossible_numbers(campaign, owner, persons, owner_client):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    assert tally_problems(world_current(campaign=campaign)) == []
    page = owner_client.get(reverse("campaign:history_stats", kwargs={"slug": campaign.slug}))
    assert page.status_code == 200
    assert b"tally-problems" not in page.content


@pytest.mark.django_db
def test_two_winners_forced_in_by_an_override_are_flagged_on_the_statistics_page_END_2(
    campaign, owner, persons, owner_client
):
    players = tuple(
        {"person": persons[who].key, "faction": faction, "start": start, "outcome": outcome}
        for who, faction, start, outcome in (
            ("owner", "die_mechaniker", "alaska", "won"),
            ("player", "khan_industries", "egypt", "won"),
            ("viewer", "saharan_republic", "peru", "held_on"),
        )
    )
    world_event_append(
        campaign=campaign,
        events=[GameRecorded(game=1, played_on="2026-01-10", players=players)],
        user=owner,
        source=EventSource.LOG,
        override_reason="We called it a draw.",
    )
    problems = tally_problems(world_current(campaign=campaign))
    assert _codes(problems) == ["one_winner", "more_wins_than_games"]
    page = owner_client.get(
        reverse("campaign:history_stats", kwargs={"slug": campaign.slug})
    ).content.decode()
    assert "Impossible numbers in the records" in page
    assert "Game 1 is recorded with 2 winners" in page
