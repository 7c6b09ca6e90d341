"""Fixtures of digital play: a hot-seat game on the shared test campaign, and a helper that
plays the first legal move of whoever must act (a test driver, not a bot)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from campaign.models.digital import DigitalGame, GameSeat
from campaign.services.digital.absence import digital_game_turn_overdue
from campaign.services.digital.clock import key_seats
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import GameClock, SeatRequest, digital_game_start
from rules.game import EndTurn, GameState, legal_move_options, seats_to_act

HOTSEAT_SESSION = "hotseat-session-of-the-owner"


def stored_hotseat_game(campaign, owner, owner_client, people, state: GameState) -> DigitalGame:
    """A digital game stored at `state`, its seats held by `people` on the owner's browser:
    for page tests that start from a hand-built position."""
    for index, person in enumerate(people):
        state.set_seat(index, person=person.key, name=person.display_name)
    game = DigitalGame.objects.create(
        campaign=campaign,
        game_number=1,
        seed=0,
        initial_state=state.to_json(),
        state=state.to_json(),
        created_by=owner,
    )
    session = owner_client.session.session_key
    for index, person in enumerate(people):
        GameSeat.objects.create(
            game=game,
            index=index,
            person=person,
            kind=GameSeat.Kind.HOTSEAT,
            hotseat_session_key=session,
        )
    return game


@pytest.fixture
def hotseat_game(campaign, owner, persons, guest_person) -> DigitalGame:
    """Three hot-seat seats held by the owner's browser session, seed 7."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
    ]
    return digital_game_start(
        campaign=campaign, user=owner, seats=seats, seed=7, session_key=HOTSEAT_SESSION
    )


@pytest.fixture
def mixed_game(campaign, owner, player, persons) -> DigitalGame:
    """The owner and the player on their own browsers, one bot, seed 11."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    return digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)


def first_legal(game: DigitalGame) -> tuple[int, dict]:
    """Whoever acts now and their first legal move that is not ending the turn early."""
    state = game.game_state()
    seat = seats_to_act(state)[0]
    options = legal_move_options(state, seat)
    chosen = next((o for o in options if not isinstance(o.move, EndTurn)), options[0])
    return seat, chosen.move.to_json() | (
        {"count": chosen.max_count} if chosen.max_count is not None else {}
    )


def play_hotseat(game: DigitalGame, user, moves: int) -> DigitalGame:
    """Submit `moves` first-legal moves on a hot-seat game, as its browser."""
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != DigitalGame.Status.PLAYING:
            break
        seat, move = first_legal(game)
        move_submit(
            game=game,
            seat=seat,
            move=move,
            version=game.version,
            user=user,
            session_key=HOTSEAT_SESSION,
        )
    game.refresh_from_db()
    return game


def play_until(game, user, phase: str, limit: int = 400) -> DigitalGame:
    """Play first-legal moves on a hot-seat game until it reaches `phase`."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.state["phase"] == phase:
            return game
        play_hotseat(game, user, 1)
    pytest.fail(f"never reached {phase}")


DAY = datetime.timedelta(days=1)


class Clock:
    """The time `timezone.now` tells in a test, moved by hand (never slept)."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def advance(self, delta: datetime.timedelta) -> None:
        self.now += delta


@pytest.fixture
def clock(monkeypatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(timezone, "now", lambda: moved.now)
    return moved


@pytest.fixture
def turn_game(clock, campaign, owner, player, persons) -> DigitalGame:
    """The owner and the player on their own browsers and a bot, 24 h a turn, 2 vacation
    days a week, seed 11; just started."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    return digital_game_start(
        campaign=campaign,
        user=owner,
        seats=seats,
        seed=11,
        clock=GameClock(kind=DigitalGame.Clock.TURN, turn_hours=24, vacation_days=2),
    )


@pytest.fixture
def owners_turn(turn_game, clock) -> DigitalGame:
    """`turn_game` played on (turns running out) until its clock waits on the owner alone."""
    for _ in range(10):
        turn_game.refresh_from_db()
        if key_seats(turn_game.clock_key) == {0}:
            return turn_game
        clock.advance(DAY + datetime.timedelta(minutes=1))
        digital_game_turn_overdue(game_id=turn_game.pk)
    pytest.fail("the game never waited on the owner alone")
