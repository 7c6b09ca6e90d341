"""Turn clocks of games played over days: the bot plays a turn whose time ran out and the log
says so, vacation lengthens a turn and renews weekly, three missed turns hand the seat to a bot
until its person takes it back, and the beat sweep is idempotent and survives restarts.

No rule of the board game covers clocks: the tests cite DESIGN (tasks thin and idempotent,
deadlines kept in rows). The clock is advanced by patching `timezone.now`, never slept."""

from __future__ import annotations

import datetime

import pytest

from campaign import tasks
from campaign.errors import ApplicationError, ConflictError, ForbiddenError
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.services.digital.absence import (
    digital_game_turn_overdue,
    game_clocks_enforce,
    seat_reclaim,
    seat_vacation_take,
)
from campaign.services.digital.clock import key_seats, vacation_days_left
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import GameClock, SeatRequest, digital_game_start
from campaign.services.export import campaign_export, campaign_import
from config.celery import app
from rules.game import legal_move_options, seats_to_act
from tests.campaign.digital.conftest import DAY, HOTSEAT_SESSION, Clock, play_until


def _seat(game: DigitalGame, index: int) -> GameSeat:
    return GameSeat.objects.get(game=game, index=index)


def _waiting(game: DigitalGame) -> set[int]:
    game.refresh_from_db()
    return key_seats(game.clock_key)


def test_a_turn_clock_starts_with_the_first_wait_on_people(turn_game, clock):
    """DESIGN: the deadline is a row, set when the game starts waiting on people."""
    turn_game.refresh_from_db()
    assert turn_game.clock == DigitalGame.Clock.TURN
    assert turn_game.turn_deadline == clock.now + DAY
    waiting = set(seats_to_act(turn_game.game_state()))
    assert _waiting(turn_game) == waiting and waiting <= {0, 1}


def test_celery_beat_enforces_the_clocks_every_minute(settings):
    """DESIGN: the sweep is scheduled by beat, by a name the worker knows."""
    entry = settings.CELERY_BEAT_SCHEDULE["enforce-game-clocks"]
    assert entry["task"] == tasks.digital_clocks_enforce.name in app.tasks
    assert entry["schedule"] <= 60


def test_nothing_happens_before_the_turn_runs_out(turn_game, clock):
    clock.advance(DAY - datetime.timedelta(seconds=1))
    assert digital_game_turn_overdue(game_id=turn_game.pk) is False
    assert tasks.digital_clocks_enforce() == {"decisions": [], "turns": []}
    assert not GameMove.objects.filter(game=turn_game, actor=GameMove.Actor.TIMEOUT).exists()


def test_when_the_turn_runs_out_the_bot_plays_it_and_the_log_says_so(turn_game, clock):
    """The late seats' moves are the bot's, logged as timeouts; each late seat missed a turn
    and the game then waits on someone else with a fresh deadline."""
    late = _waiting(turn_game)
    before = turn_game.version
    clock.advance(DAY + datetime.timedelta(seconds=1))
    assert tasks.digital_clocks_enforce()["turns"] == [turn_game.pk]
    turn_game.refresh_from_db()
    timed_out = GameMove.objects.filter(game=turn_game, actor=GameMove.Actor.TIMEOUT)
    assert timed_out.exists() and {m.seat for m in timed_out} <= late
    assert turn_game.version > before
    assert {s.index: s.missed_turns for s in turn_game.seats.all() if s.index in late} == {
        index: 1 for index in late
    }
    assert turn_game.turn_deadline == clock.now + DAY
    assert turn_game.clock_key and not turn_game.clock_ran_out


def test_the_sweep_run_twice_plays_the_turn_once(turn_game, clock):
    """DESIGN: redelivered or concurrent beat runs are harmless (row lock, version, cleared
    deadline)."""
    clock.advance(2 * DAY)
    first = tasks.digital_clocks_enforce()
    moves = GameMove.objects.filter(game=turn_game).count()
    second = tasks.digital_clocks_enforce()
    assert first["turns"] == [turn_game.pk] and second["turns"] == []
    assert GameMove.objects.filter(game=turn_game).count() == moves
    turn_game.refresh_from_db()
    assert max(s.missed_turns for s in turn_game.seats.all()) == 1


def test_a_stale_version_plays_nothing(turn_game, clock):
    clock.advance(2 * DAY)
    assert digital_game_turn_overdue(game_id=turn_game.pk, version=turn_game.version + 1) is False
    assert digital_game_turn_overdue(game_id=turn_game.pk, version=turn_game.version) is True


def test_a_sweep_after_a_restart_finds_the_overdue_game_in_the_database(turn_game, clock):
    """DESIGN: nothing is kept in memory: the deadline passed while no worker ran (days of
    downtime, every scheduled task lost); the first sweep after the restart plays the turn."""
    turn_game.refresh_from_db()
    deadline = turn_game.turn_deadline
    clock.advance(3 * DAY)
    fresh = DigitalGame.objects.get(pk=turn_game.pk)  # all a new process knows
    assert fresh.turn_deadline == deadline
    done = game_clocks_enforce()
    assert done.turns == [turn_game.pk]


def test_a_person_who_moves_has_missed_no_turn_in_a_row(turn_game, clock, owner, player):
    clock.advance(2 * DAY)
    digital_game_turn_overdue(game_id=turn_game.pk)
    turn_game.refresh_from_db()
    state = turn_game.game_state()
    seat = seats_to_act(state)[0]
    user = {0: owner, 1: player}[seat]
    GameSeat.objects.filter(game=turn_game, index=seat).update(missed_turns=2)
    _move_once(turn_game, seat, user)
    assert _seat(turn_game, seat).missed_turns == 0


def _move_once(game: DigitalGame, seat: int, user) -> None:
    state = game.game_state()
    move = legal_move_options(state, seat)[0].move.to_json()
    move_submit(game=game, seat=seat, move=move, version=game.version, user=user)


def _miss_until_handed_over(game: DigitalGame, clock: Clock, player) -> None:
    """Seat 0 lets every turn run out; seat 1's person moves once in each of theirs (so only
    seat 0 is handed over and the game goes on)."""
    for _ in range(30):
        if _seat(game, 0).bot_stands_in:
            return
        if _waiting(game) == {1}:
            _move_once(game, 1, player)
        clock.advance(DAY + datetime.timedelta(minutes=1))
        tasks.digital_clocks_enforce()
    pytest.fail("the seat was never handed to a bot")


def test_three_missed_turns_in_a_row_hand_the_seat_to_a_bot(turn_game, clock, player):
    _miss_until_handed_over(turn_game, clock, player)
    seat = _seat(turn_game, 0)
    assert seat.missed_turns == 3
    turn_game.refresh_from_db()
    # The bot plays the seat from now on without waiting for any clock.
    assert 0 not in _waiting(turn_game) or turn_game.status != DigitalGame.Status.PLAYING
    clock.advance(DAY + datetime.timedelta(minutes=1))
    tasks.digital_clocks_enforce()
    assert GameMove.objects.filter(game=turn_game, seat=0, actor=GameMove.Actor.STAND_IN).exists()


def test_the_person_reclaims_the_seat(turn_game, clock, owner, player):
    _miss_until_handed_over(turn_game, clock, player)
    with pytest.raises(ForbiddenError):
        seat_reclaim(game=turn_game, seat=0, user=player)
    seat = seat_reclaim(game=turn_game, seat=0, user=owner)
    assert not seat.bot_stands_in and seat.missed_turns == 0
    with pytest.raises(ConflictError):
        seat_reclaim(game=turn_game, seat=0, user=owner)
    # From then on the game waits for them again: the bot no longer stands in.
    stand_ins = GameMove.objects.filter(game=turn_game, actor=GameMove.Actor.STAND_IN).count()
    _wait_for(turn_game, clock, 0)
    assert GameMove.objects.filter(game=turn_game, actor=GameMove.Actor.STAND_IN).count() == (
        stand_ins
    )


def _wait_for(game: DigitalGame, clock: Clock, seat: int) -> DigitalGame:
    for _ in range(10):
        if seat in _waiting(game):
            return game
        clock.advance(DAY + datetime.timedelta(minutes=1))
        tasks.digital_clocks_enforce()
    pytest.fail(f"the game never waited on seat {seat}")


def test_vacation_lengthens_the_turn_by_whole_days(turn_game, clock, owner):
    game = _wait_for(turn_game, clock, 0)
    deadline = game.turn_deadline
    seat_vacation_take(game=game, seat=0, days=1, user=owner)
    game.refresh_from_db()
    assert game.turn_deadline == deadline + DAY
    assert vacation_days_left(game, _seat(game, 0)) == 1
    # Past the old deadline the turn is still the person's.
    clock.now = deadline + datetime.timedelta(hours=1)
    assert tasks.digital_clocks_enforce()["turns"] == []
    assert 0 in _waiting(game)


def test_vacation_past_the_allowance_is_refused_and_changes_nothing(turn_game, clock, owner):
    game = _wait_for(turn_game, clock, 0)
    deadline = game.turn_deadline
    with pytest.raises(ApplicationError) as refused:
        seat_vacation_take(game=game, seat=0, days=3, user=owner)
    assert refused.value.violations[0].code == "no_vacation_left"
    seat_vacation_take(game=game, seat=0, days=2, user=owner)
    with pytest.raises(ApplicationError, match="no vacation days left"):
        seat_vacation_take(game=game, seat=0, days=1, user=owner)
    game.refresh_from_db()
    assert game.turn_deadline == deadline + 2 * DAY


def test_vacation_is_only_for_ones_own_turn(turn_game, clock, owner, player):
    game = _wait_for(turn_game, clock, 0)
    with pytest.raises(ForbiddenError):
        seat_vacation_take(game=game, seat=0, days=1, user=player)
    if 1 not in _waiting(game):
        with pytest.raises(ConflictError):
            seat_vacation_take(game=game, seat=1, days=1, user=player)


def test_the_vacation_allowance_renews_every_week(turn_game, clock, owner):
    game = _wait_for(turn_game, clock, 0)
    seat_vacation_take(game=game, seat=0, days=2, user=owner)
    assert vacation_days_left(game, _seat(game, 0)) == 0
    assert vacation_days_left(game, _seat(game, 0), clock.now + 7 * DAY) == 2
    clock.advance(7 * DAY)  # the turn runs out meanwhile; a later turn of theirs comes
    tasks.digital_clocks_enforce()
    game = _wait_for(game, clock, 0)
    seat_vacation_take(game=game, seat=0, days=2, user=owner)
    assert vacation_days_left(game, _seat(game, 0)) == 0


def test_a_restored_backup_keeps_the_clock_and_the_misses_of_a_game_in_play(
    turn_game, clock, campaign, owner, player
):
    """DESIGN: the server's backup (with secrets) carries the clock, its deadline and each
    seat's missed turns and vacation; the restored game runs out on the same deadline."""
    _miss_until_handed_over(turn_game, clock, player)
    turn_game = _wait_for(turn_game, clock, 1)
    document = campaign_export(campaign=campaign, secrets=True)
    DigitalGame.objects.filter(pk=turn_game.pk).update(status=DigitalGame.Status.ABANDONED)
    copy = campaign_import(document=document, owner=owner, link_accounts=True)
    restored = copy.digital_games.get()
    assert (restored.clock, restored.turn_hours, restored.vacation_days) == ("turn", 24, 2)
    assert (restored.turn_deadline, restored.clock_key) == (
        turn_game.turn_deadline,
        turn_game.clock_key,
    )
    seats = [(s.missed_turns, s.bot_stands_in) for s in restored.seats.order_by("index")]
    assert seats == [(s.missed_turns, s.bot_stands_in) for s in turn_game.seats.order_by("index")]
    assert seats[0] == (3, True)
    clock.now = turn_game.turn_deadline + datetime.timedelta(seconds=1)
    assert restored.pk in tasks.digital_clocks_enforce()["turns"]


def test_a_game_without_a_clock_never_times_anyone_out(clock, hotseat_game, campaign, owner):
    """With no clock even a defender's dice wait (the per-decision defaults are off)."""
    DigitalGame.objects.filter(pk=hotseat_game.pk).update(clock=DigitalGame.Clock.NONE)
    game = play_until(hotseat_game, owner, "attack_defender_dice")
    assert game.decision_deadline is None and game.turn_deadline is None
    clock.advance(30 * DAY)
    assert tasks.digital_clocks_enforce() == {"decisions": [], "turns": []}


def test_a_per_decision_clock_times_the_defenders_dice_but_not_turns(clock, hotseat_game, owner):
    game = play_until(hotseat_game, owner, "attack_defender_dice")
    assert game.clock == DigitalGame.Clock.DECISION
    assert game.decision_deadline is not None and game.turn_deadline is None
    clock.advance(datetime.timedelta(minutes=1))
    assert tasks.digital_clocks_enforce()["decisions"] == [game.pk]
    assert GameMove.objects.filter(game=game, actor=GameMove.Actor.TIMEOUT).count() == 1


@pytest.mark.parametrize(
    ("clock_asked", "code"),
    [
        (GameClock(kind="sundial"), "bad_clock"),
        (GameClock(kind="turn", turn_hours=0), "bad_turn_hours"),
        (GameClock(kind="turn", turn_hours=24 * 8), "bad_turn_hours"),
        (GameClock(kind="turn", vacation_days=8), "bad_vacation_days"),
    ],
)
def test_a_bad_clock_is_refused_and_no_game_starts(
    clock_asked, code, campaign, owner, persons, guest_person
):
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    with pytest.raises(ApplicationError) as refused:
        digital_game_start(
            campaign=campaign,
            user=owner,
            seats=seats,
            session_key=HOTSEAT_SESSION,
            clock=clock_asked,
        )
    assert refused.value.violations[0].code == code
    assert not DigitalGame.objects.filter(campaign=campaign).exists()
