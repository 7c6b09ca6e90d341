"""Packs that open mid-game (U-6, Pocket 1: three missiles on one roll) are announced on
everyone's page at once, and the finished game opens them in the world as a logged game."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import PackUnlock
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.world import world_current
from campaign.services.digital import (
    RewardsChosen,
    SeatRequest,
    digital_game_finish,
    digital_game_reward_context,
    digital_game_start,
)
from rules.rewards import RewardChoice
from tests.campaign.digital.conftest import HOTSEAT_SESSION, play_hotseat

# With these seeds the bots fire three missiles on one roll early in the game.
VETERAN_GAMES = range(4)
SEED = 10


@pytest.fixture
def veteran_bots(campaign, owner, django_capture_on_commit_callbacks):
    """Three bots who won earlier games, so they hold missiles (S-3)."""
    bots = [SeatRequest(None, GameSeat.Kind.BOT)] * 4
    for seed in VETERAN_GAMES:
        game = digital_game_start(campaign=campaign, user=owner, seats=bots, seed=seed)
        with django_capture_on_commit_callbacks(execute=True):
            digital_game_finish(game=game, user=owner, rewards=RewardsChosen())
    assert "pocket_1" not in world_current(campaign=campaign).packs_opened
    return [s.person for s in game.seats.order_by("index")][:3]


def _packs_due(game: DigitalGame) -> list[dict]:
    return [
        e for m in GameMove.objects.filter(game=game) for e in m.events if e["type"] == "pack_due"
    ]


def test_a_pack_due_mid_game_is_announced_and_opened_in_the_world(
    campaign,
    owner,
    persons,
    veteran_bots,
    viewer_client,
    player_client,
    django_capture_on_commit_callbacks,
):
    game = digital_game_start(
        campaign=campaign,
        user=owner,
        seats=[SeatRequest(persons["owner"], GameSeat.Kind.HOTSEAT)]
        + [SeatRequest(p, GameSeat.Kind.BOT) for p in veteran_bots],
        seed=SEED,
        session_key=HOTSEAT_SESSION,
    )
    while not _packs_due(game):
        assert game.status == DigitalGame.Status.PLAYING, "no pack became due"
        game = play_hotseat(game, owner, 1)
    assert _packs_due(game)[0]["pack"] == "pocket_1"
    panel = reverse(
        "campaign:digital_game_panel", kwargs={"slug": campaign.slug, "game_id": game.pk}
    )
    for client in (viewer_client, player_client):
        assert "Pocket 1 opens now!" in client.get(panel).content.decode()

    while game.status == DigitalGame.Status.PLAYING:
        game = play_hotseat(game, owner, 50)
    context = digital_game_reward_context(game=game)
    winner = None
    if not context.winner.seat.is_bot:
        option = context.winner.options[0]
        winner = RewardChoice(option.code, option.targets[0], name="Tollgate", delta=1)
    with django_capture_on_commit_callbacks(execute=True):  # the unlock task runs on commit
        digital_game_finish(
            game=game,
            user=owner,
            session_key=HOTSEAT_SESSION,
            rewards=RewardsChosen(winner_reward=winner),
        )
    unlock = PackUnlock.objects.get(campaign=campaign, pack="pocket_1")
    assert unlock.game_number == game.game_number
    assert "pocket_1" in world_current(campaign=campaign).packs_opened
