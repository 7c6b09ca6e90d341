"""A finished digital game is always accepted by the log's checks (END-1 to END-8, through
`game_log_plan`): short bot campaigns, on worlds with packs and pockets already open, played
through the services `simulate_campaign` uses. Hypothesis draws the seed, the table and the box;
a refusal fails with the planner's reasons."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current
from campaign.services.campaigns import campaign_create, person_create
from campaign.services.digital.finish import RewardsChosen, digital_game_finish
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.setup import setup_randomize
from campaign.services.world import world_event_append
from rules.world_events import PackOpened

pytestmark = pytest.mark.django_db

GAMES = 2
PACKS = ("pack_2", "pack_1", "pack_3", "pack_4")  # in the order a campaign tends to open them
NAMES = itertools.count()


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(3, 5),
    packs=st.integers(0, len(PACKS)),
    pockets=st.sets(st.sampled_from(("pocket_1", "pocket_2"))),
)
# a city fortified by an event card, worn in an attack, then ruined (K187s) in the same
# game; the log planned the wear after the ruin and refused it.
@example(seed=2311998, players=5, packs=3, pockets={"pocket_1", "pocket_2"})
def test_every_finished_bot_game_is_recorded_by_the_logs_checks(
    owner, seed, players, packs, pockets
):
    campaign = campaign_create(owner=owner, name=f"Bot campaign {next(NAMES)}")
    rng = random.Random(seed)
    setup_randomize(campaign=campaign, user=owner, rng=rng)
    opened = [PackOpened(p, 0, "opened for the test") for p in (*PACKS[:packs], *sorted(pockets))]
    if opened:
        world_event_append(campaign=campaign, events=opened, user=owner, source="log")
    bots = [person_create(campaign=campaign, display_name=f"Bot {i}") for i in range(players)]
    for number in range(GAMES):
        table = bots[number:] + bots[:number]
        game = digital_game_start(
            campaign=campaign,
            user=owner,
            seats=[SeatRequest(person=p, kind=GameSeat.Kind.BOT) for p in table],
            seed=rng.randrange(2**31),
        )
        assert game.status == DigitalGame.Status.REWARDS
        digital_game_finish(game=game, user=owner, rewards=RewardsChosen())
    assert world_current(campaign=campaign).games_played == GAMES
