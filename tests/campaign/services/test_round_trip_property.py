"""Import takes back whatever export gave (issue 22): random campaigns built through the services
(games won by anyone, eliminations that open packs, corrections that take a pack's condition
away after it opened) export, import and export again identically."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.models import Role
from campaign.services.campaigns import campaign_create, membership_add
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from campaign.tasks import packs_evaluate
from rules.rewards import RewardChoice
from tests.campaign.log.factories import DESTROYED_CARDS, three_player_entry, with_player
from tests.campaign.services.test_restore import round_trip

pytestmark = [pytest.mark.django_db, pytest.mark.fault]

FACTIONS = ("die_mechaniker", "khan_industries", "saharan_republic")

# One game: who wins, and whether the third player is eliminated (Pack 2's condition).
GAMES = st.tuples(st.sampled_from(FACTIONS), st.booleans())
# A step: log the next game, or correct game k (1-based, taken modulo the games logged).
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("log"), GAMES),
        st.tuples(st.just("correct"), st.tuples(st.integers(1, 6), GAMES)),
    ),
    min_size=1,
    max_size=6,
)


def _entry(persons, number: int, winner: str, eliminated: bool):
    """A legal game `number`: the winner destroys a card of its own (END-5 R6)."""
    entry = three_player_entry(
        persons,
        played_on=datetime.date(2026, 1, 10) + datetime.timedelta(days=7 * number),
        winner=winner,
        winner_reward=RewardChoice("R6", DESTROYED_CARDS[number]),
        slogan=f"Game {number}",
    )
    for i, start in enumerate(("greenland", "congo", "argentina")):
        entry = with_player(entry, i, start=start, troops_at_end=True, reward=None, held=())
    if eliminated and winner != FACTIONS[2]:
        entry = with_player(entry, 2, troops_at_end=False)
    return entry


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_any_campaign_the_services_build_round_trips_identically_DESIGN(
    owner, player, viewer, steps
):
    campaign = campaign_create(owner=owner, name="Random campaign", is_public=False)
    membership_add(campaign=campaign, user=player, role=Role.PLAYER)
    membership_add(campaign=campaign, user=viewer, role=Role.VIEWER)
    by_user = {p.user_id: p for p in campaign.persons.all()}
    persons = {"owner": by_user[owner.pk], "player": by_user[player.pk]}
    persons["viewer"] = by_user[viewer.pk]
    logged = 0
    for action, detail in steps:
        try:
            if action == "log":
                entry = _entry(persons, logged + 1, *detail)
                game_log(campaign=campaign, user=owner, entry=entry)
                logged += 1
            elif logged:
                number = (detail[0] - 1) % logged + 1
                game_log_correct(
                    campaign=campaign,
                    user=owner,
                    game_number=number,
                    entry=replace(_entry(persons, number, *detail[1]), slogan="Corrected"),
                    reason="Remembered otherwise.",
                    override_reason="The table agreed.",
                )
        except GameLogRefused:
            continue  # what the service refuses is no part of the campaign
        packs_evaluate(campaign.pk)

    round_trip(campaign, owner)
