"""With Redis out of reach, what a person does still commits and answers at once: logging a game
(its pack opens later, when the beat sweep runs with Redis back, U-1) and a digital move that
starts a decision's countdown (X-6). The broker is a closed local port; the test counts the
connection attempts each task costs the request instead of timing it (it used to be 22 attempts
over 20 s, then a 500 for the move).
"""

from __future__ import annotations

import json
import logging
import socket

import pytest

from campaign import tasks
from campaign.enqueue import enqueue
from campaign.models import PackUnlock
from campaign.models.digital import DigitalGame, GameSeat
from campaign.selectors.world import world_current
from campaign.services.digital.start import SeatRequest, digital_game_start
from config.celery import app
from tests.campaign.digital.conftest import first_legal
from tests.campaign.log.factories import api_payload, owner_wins_again, three_player_entry

pytestmark = pytest.mark.django_db(transaction=True)

# A publish is tried once and retried once (CELERY_TASK_PUBLISH_RETRY_POLICY), then dropped.
MOST_ATTEMPTS_PER_TASK = 2


def _closed_port() -> int:
    """A local port nothing listens on: bound, then released."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def broker_down(monkeypatch) -> list[tuple[str, int]]:
    """Celery sends tasks for real (not eagerly) to a broker on a closed port. Yields the list
    of connection attempts made to it."""
    port = _closed_port()
    attempts: list[tuple[str, int]] = []
    connect = socket.socket.connect

    def counting_connect(sock, address):
        if isinstance(address, tuple) and address[1] == port:
            attempts.append(address)
        return connect(sock, address)

    monkeypatch.setattr(socket.socket, "connect", counting_connect)
    monkeypatch.setattr("campaign.enqueue._broker_rests_until", 0.0)
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=f"redis://127.0.0.1:{port}/0", task_always_eager=False)
    app._pool = app.amqp._producer_pool = None  # connections are pooled per broker URL
    yield attempts
    app.conf.update(saved)
    app._pool = app.amqp._producer_pool = None
    monkeypatch.setattr("campaign.enqueue._broker_rests_until", 0.0)  # the next broker is up


def test_logging_a_game_with_redis_down_commits_at_once_and_the_sweep_opens_its_pack_U4(
    broker_down, campaign, owner_client, persons
):
    """Game 2 leaves Pack 3 due once it is over (the owner's second signature): that is the
    unlock task's work, which the broker cannot take now."""
    for number, entry in enumerate((three_player_entry(persons), owner_wins_again(persons)), 1):
        attempts_before = len(broker_down)
        response = owner_client.post(
            f"/api/v1/campaigns/{campaign.slug}/games/",
            data=json.dumps(api_payload(entry)),
            content_type="application/json",
        )
        assert response.status_code == 201, response.content
        assert world_current(campaign=campaign).games_played == number
        # However many tasks the log sends (the pack's unlock, e-mails of notices), the
        # request pays for one publish at most; after it the process rests from the broker.
        assert len(broker_down) - attempts_before <= MOST_ATTEMPTS_PER_TASK
    assert len(broker_down) >= 1
    assert not PackUnlock.objects.filter(campaign=campaign, pack="pack_3").exists()

    # Redis is back: the next beat sweep opens what became due meanwhile, once.
    assert tasks.packs_sweep() == {campaign.slug: ["pack_3"]}
    assert tasks.packs_sweep() == {}
    assert PackUnlock.objects.filter(campaign=campaign, pack="pack_3").count() == 1


@pytest.fixture
def two_humans_and_a_bot(campaign, owner, persons) -> DigitalGame:
    """The owner and the player on their own browsers, one bot, seed 11."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    return digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)


def test_a_move_that_starts_a_countdown_with_redis_down_still_answers_200_X6(
    broker_down, two_humans_and_a_bot, owner_client, player_client
):
    """The owner and the player move through the API until a move asks a human to decide (the
    defender's dice): its overdue task cannot be sent, the move stands all the same."""
    clients = {0: owner_client, 1: player_client}
    game = two_humans_and_a_bot
    while game.decision_deadline is None:
        seat, move = first_legal(game)
        response = clients[seat].post(
            f"/api/v1/games/{game.pk}/moves",
            {"seat": seat, "version": game.version, "move": move},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content
        game = DigitalGame.objects.get(pk=game.pk)
    assert game.state["phase"] == "attack_defender_dice"
    assert 1 <= len(broker_down) <= MOST_ATTEMPTS_PER_TASK


def test_a_task_the_broker_cannot_take_is_dropped_with_a_warning(broker_down, caplog):
    with caplog.at_level(logging.WARNING, logger="campaign.enqueue"):
        assert enqueue(tasks.packs_sweep) is False
    assert "Broker unreachable" in caplog.text
    assert len(broker_down) == MOST_ATTEMPTS_PER_TASK
