"""Notices of a digital game: the person who must act holds one until they act (S-1 turn
order, X-6 the defender's dice, X-10 a missile window), everyone at the table hears the game
is over (END-1), and bots and hot-seat seats are told nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core import mail

from campaign.models.digital import GameSeat
from campaign.services.digital.finish import digital_game_abandon
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import SeatRequest, digital_game_start
from notices.kinds import Kind
from notices.models import Notice
from notices.services import game_notices_sync
from rules.game import seats_to_act
from tests.campaign.digital.conftest import first_legal

pytestmark = pytest.mark.django_db


def _open(**filters):
    return Notice.objects.filter(closed_at=None, **filters)


def _seat_user(game, seat: int):
    return game.seats.get(index=seat).user


def test_whoever_must_act_holds_a_notice_and_the_player_on_turn_an_email_S1(table_game):
    """Both people roll for the order of play (S-1): the first seat's turn comes by e-mail, the
    other's roll is a decision, shown on the site only unless they ask for e-mail."""
    state = table_game.game_state()
    assert state.phase == "setup_order" and seats_to_act(state) == [0, 1]
    waiting = {(n.user, n.kind) for n in _open(game=table_game)}
    first, second = _seat_user(table_game, 0), _seat_user(table_game, 1)
    assert waiting == {(first, Kind.TURN), (second, Kind.DECISION)}
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [first.email]
    assert "Your turn in Ridgeway campaign, game 1." in mail.outbox[0].body


def test_acting_closes_the_notice_and_the_next_person_gets_theirs_S1(
    table_game, django_capture_on_commit_callbacks
):
    first = _open(game=table_game, kind=Kind.TURN).get()
    for _ in range(200):  # play until the turn reaches someone else
        table_game.refresh_from_db()
        seat, move = first_legal(table_game)
        user = _seat_user(table_game, seat)
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(
                game=table_game, seat=seat, move=move, version=table_game.version, user=user
            )
        first.refresh_from_db()
        if first.closed_at is not None:
            break
    assert first.closed_at is not None
    table_game.refresh_from_db()
    state = table_game.game_state()
    waiting = _open(game=table_game)
    people = {s.index: s.user for s in table_game.seats.all() if s.user}
    expected = {people[s] for s in seats_to_act(state) if s in people}
    assert expected and {n.user for n in waiting} == expected


def test_hot_seat_and_bot_seats_get_no_notice(
    campaign, owner, persons, guest_person, django_capture_on_commit_callbacks
):
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=guest_person, kind=GameSeat.Kind.HOTSEAT),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        digital_game_start(
            campaign=campaign, user=owner, seats=seats, seed=3, session_key="one-browser"
        )
    assert not Notice.objects.exists()
    assert mail.outbox == []


def _seats(game) -> dict:
    return {s.index: s for s in game.seats.select_related("person")}


def test_a_defender_is_asked_for_dice_while_the_attacker_stays_on_turn_X6(table_game, monkeypatch):
    """The attacker (seat 0) keeps their turn notice; the defender gets a decision."""
    monkeypatch.setattr("notices.services.seats_to_act", lambda state: [1])
    state = SimpleNamespace(
        is_over=False, phase="attack_defender_dice", current_seat=0, turn_number=4
    )
    game_notices_sync(game=table_game, state=state, seats=_seats(table_game))
    waiting = {(n.user, n.kind): n for n in _open(game=table_game)}
    defender = _seat_user(table_game, 1)
    assert (defender, Kind.DECISION) in waiting
    assert waiting[(defender, Kind.DECISION)].params["phase"] == "attack_defender_dice"
    assert (_seat_user(table_game, 0), Kind.TURN) in waiting
    # The defender chose: their decision closes, the attacker's turn goes on.
    monkeypatch.setattr("notices.services.seats_to_act", lambda state: [0])
    state = SimpleNamespace(is_over=False, phase="attack", current_seat=0, turn_number=4)
    game_notices_sync(game=table_game, state=state, seats=_seats(table_game))
    assert {(n.user, n.kind) for n in _open(game=table_game)} == {
        (_seat_user(table_game, 0), Kind.TURN)
    }


def test_everyone_at_the_table_hears_the_game_is_over_END1(table_game):
    state = SimpleNamespace(is_over=True, winner=1)
    game_notices_sync(game=table_game, state=state, seats=_seats(table_game))
    over = _open(game=table_game, kind=Kind.GAME_OVER)
    assert {n.user for n in over} == {_seat_user(table_game, 0), _seat_user(table_game, 1)}
    assert all(n.params["winner"] == "pete_player" for n in over)
    assert not _open(game=table_game, kind=Kind.TURN).exists()


def test_an_abandoned_game_waits_on_nobody(table_game, owner):
    digital_game_abandon(game=table_game, user=owner)
    assert not _open(game=table_game).exists()


def test_a_seat_a_bot_stands_in_for_waits_on_nobody(table_game, monkeypatch):
    """Three turns missed and a bot plays the seat: its person is not asked, and their open
    turn closes; they still hear that the game is over (END-1)."""
    table_game.seats.filter(index=0).update(bot_stands_in=True)
    monkeypatch.setattr("notices.services.seats_to_act", lambda state: [0])
    state = SimpleNamespace(is_over=False, phase="attack", current_seat=0, turn_number=9)
    game_notices_sync(game=table_game, state=state, seats=_seats(table_game))
    assert not _open(game=table_game, user=_seat_user(table_game, 0), kind=Kind.TURN).exists()
    game_notices_sync(
        game=table_game, state=SimpleNamespace(is_over=True, winner=1), seats=_seats(table_game)
    )
    assert _open(game=table_game, user=_seat_user(table_game, 0), kind=Kind.GAME_OVER).exists()
