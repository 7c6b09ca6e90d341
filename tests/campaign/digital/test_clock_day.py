"""A simulated day of a game played over days (issue 20's "done when", the clock's part): two
people on their own browsers and a bot, 24 hours a turn. The owner plays each turn that comes
to them; the player is away, so each of their turns runs out, the bot plays it and the log marks
it, and the notice that waited on them closes. The clock is moved, never slept (DESIGN)."""

from __future__ import annotations

import datetime

import pytest

from campaign import tasks
from campaign.models.digital import DigitalGame, GameMove
from campaign.selectors.digital import digital_game_log
from campaign.services.digital.clock import key_seats
from campaign.services.digital.moves import move_submit
from notices.kinds import ACT_KINDS
from notices.models import Notice
from rules.game import legal_move_options
from tests.campaign.digital.conftest import DAY, first_legal

pytestmark = pytest.mark.django_db


def _open_notices(game: DigitalGame, user) -> int:
    return Notice.objects.filter(game=game, user=user, kind__in=ACT_KINDS, closed_at=None).count()


def _owner_plays_their_wait(game: DigitalGame, owner) -> None:
    """The owner moves until the game no longer waits on them (their first legal moves, ending
    the turn once nothing else is left)."""
    for _ in range(400):
        game.refresh_from_db()
        if 0 not in key_seats(game.clock_key) or game.status != DigitalGame.Status.PLAYING:
            return
        seat, move = first_legal(game)
        if seat != 0:  # the player may act too (both roll for the order): the owner's move
            state = game.game_state()
            seat, move = 0, legal_move_options(state, 0)[0].move.to_json()
        move_submit(game=game, seat=seat, move=move, version=game.version, user=owner)
    pytest.fail("the owner's turn never ended")


def test_a_day_where_the_player_is_away_and_the_owner_plays(turn_game, clock, owner, player):
    player_turns_missed = 0
    owners_turns = GameMove.objects.filter(
        game=turn_game, seat=0, actor="player", move__type="end_turn"
    )
    for _ in range(30):
        turn_game.refresh_from_db()
        if turn_game.status != DigitalGame.Status.PLAYING or (
            player_turns_missed >= 2 and owners_turns.exists()
        ):
            break
        waiting = key_seats(turn_game.clock_key)
        if 0 in waiting:
            _owner_plays_their_wait(turn_game, owner)
            continue
        if 1 in waiting:
            assert _open_notices(turn_game, player) >= 1  # told it is their move
            player_turns_missed += 1
        clock.advance(DAY + datetime.timedelta(minutes=5))
        assert tasks.digital_clocks_enforce()["turns"] == [turn_game.pk]
    assert player_turns_missed >= 2
    turn_game.refresh_from_db()
    assert GameMove.objects.filter(game=turn_game, seat=1, actor="timeout").exists()
    assert owners_turns.exists()  # a whole turn of the owner's, played by them
    seats = {s.index: s for s in turn_game.seats.all()}
    assert seats[0].missed_turns == 0
    assert seats[1].missed_turns == min(player_turns_missed, 3)
    assert seats[1].bot_stands_in == (player_turns_missed >= 3)
    if 1 not in key_seats(turn_game.clock_key):
        assert _open_notices(turn_game, player) == 0
    log = digital_game_log(game=turn_game)
    assert any(line.seat == 1 and line.actor == "timeout" for line in log)
