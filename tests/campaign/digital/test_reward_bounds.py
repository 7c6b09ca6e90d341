"""The end of a digital game takes its names and slogan from a plain form: a name past its bound
or a NUL character (which PostgreSQL cannot store) is refused in words, and nothing is recorded
(END-4, END-5)."""

from __future__ import annotations

import pytest

from campaign.models import WorldEventRecord
from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.finish import (
    RewardsChosen,
    digital_game_finish,
    digital_game_reward_context,
)
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.game_log.refusals import GameLogRefused
from rules.rewards import RewardChoice

SESSION = "a-browser-holding-every-seat"


@pytest.fixture
def finished(campaign, owner) -> DigitalGame:
    """Four bots play a whole game inside the start; then people on one browser hold the seats
    and choose the rewards."""
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4, seed=3
    )
    GameSeat.objects.filter(game=game).update(
        kind=GameSeat.Kind.HOTSEAT, hotseat_session_key=SESSION
    )
    return game


def _city_reward(game: DigitalGame, name: str) -> RewardChoice:
    option = next(
        o for o in digital_game_reward_context(game=game).winner.options if o.code == "R2"
    )
    return RewardChoice("R2", option.targets[0], name)


@pytest.mark.parametrize(
    ("slogan", "city", "code"),
    [
        ("x" * 100_000, "Rio", "too_long"),
        ("good\x00game", "Rio", "nul_character"),
        ("", "Q" * 100_000, "too_long"),
        ("", "Ri\x00o", "nul_character"),
    ],
)
def test_a_reward_past_its_bounds_records_nothing_END4_END5(finished, owner, slogan, city, code):
    rewards = RewardsChosen(winner_reward=_city_reward(finished, city), slogan=slogan)
    with pytest.raises(GameLogRefused) as refused:
        digital_game_finish(game=finished, user=owner, session_key=SESSION, rewards=rewards)
    assert code in {r.violation.code for r in refused.value.refusals}
    assert not WorldEventRecord.objects.filter(kind="game_recorded").exists()
    finished.refresh_from_db()
    assert finished.status == DigitalGame.Status.REWARDS
