"""A recruit with nothing to choose is counted as the turn starts (T-7, T-8): the log keeps it
as a move of its own, taken for the seat, so the replay and the take-back of the placing
(PRI-4) work as before; a hand that could be traded in (T-11) still waits for the player."""

from __future__ import annotations

import pytest
from django.db import transaction

from campaign.models.digital import DigitalGame, GameMove
from campaign.selectors.digital import digital_game_replay
from campaign.selectors.world import world_current
from campaign.services.digital.moves import _advance, move_submit
from campaign.services.digital.takeback import take_back_submit
from tests.campaign.digital.conftest import HOTSEAT_SESSION, stored_hotseat_game
from tests.rules.game.helpers import position

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


def _turn_start(campaign, owner, owner_client, people, **seat0) -> DigitalGame:
    """Seat 0 starts a turn holding Argentina and Peru, reached through the service."""
    state = position(
        armies={"argentina": (0, 10), "peru": (0, 3), "egypt": (1, 3), "ural": (2, 3)},
        hqs={"argentina": 0, "egypt": 1, "ural": 2},
        world=world_current(campaign=campaign),
        phase="start_of_turn",
        seat0=seat0,
    )
    game = stored_hotseat_game(campaign, owner, owner_client, people, state)
    game.seats.update(hotseat_session_key=HOTSEAT_SESSION)
    with transaction.atomic():
        game = DigitalGame.objects.get(pk=game.pk)
        _advance(game, game.game_state(), applied=[])
    game.refresh_from_db()
    return game


def test_the_recruit_is_taken_as_the_turn_starts_and_the_placing_can_be_taken_back_T8(
    campaign, owner, owner_client, people
):
    game = _turn_start(campaign, owner, owner_client, people)
    state = game.game_state()
    assert state.phase == "place" and state.turn.recruits_left == 3  # T-8: the minimum
    (recruit,) = GameMove.objects.filter(game=game)
    assert recruit.move == {"type": "recruit", "trade_in": []}
    assert recruit.actor == GameMove.Actor.NO_CHOICE and recruit.user is None
    place = {"type": "place_troops", "territory": "argentina", "count": 3}
    game = move_submit(
        game=game,
        seat=0,
        move=place,
        version=game.version,
        user=owner,
        session_key=HOTSEAT_SESSION,
    ).game
    assert game.game_state().phase == "expand_attack"
    game = take_back_submit(
        game=game, seat=0, version=game.version, user=owner, session_key=HOTSEAT_SESSION
    ).game
    game.refresh_from_db()
    state = game.game_state()
    assert state.phase == "place" and state.turn.recruits_left == 3
    assert state.troops("argentina") == 10
    replayed = digital_game_replay(game=game)
    assert replayed.failed_index is None
    assert replayed.state.to_json() == state.to_json()


def test_a_hand_that_could_be_traded_in_waits_for_the_player_T11(
    campaign, owner, owner_client, people
):
    game = _turn_start(campaign, owner, owner_client, people, cards=("coin", "coin"))
    assert game.game_state().phase == "start_of_turn"
    assert not GameMove.objects.filter(game=game).exists()
