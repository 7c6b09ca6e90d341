"""Notices of a standalone game (issue 19: a table set in the lobby, no campaign) work as a
campaign game's: the person who must act holds a notice and gets one e-mail an hour (S-1
turn order), everyone seated hears the game is over (END-1), the turn clock warns near its
end, and bots and hot-seat seats are told nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core import mail
from django.urls import reverse

from campaign.models.digital import DigitalGame
from campaign.services.digital.finish import digital_game_abandon
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import GameClock
from campaign.services.standalone import (
    LobbySeat,
    SeatKind,
    standalone_game_create,
    standalone_seat_take,
)
from notices.kinds import Kind
from notices.models import Notice
from notices.services import game_notices_sync
from notices.tasks import notices_deadlines_warn, notices_mail_waiting
from tests.campaign.digital.conftest import first_legal
from tests.play.conftest import SESSION

pytestmark = pytest.mark.django_db


def _table(owner, player, capture, *kinds: str, clock: GameClock | None = None) -> DigitalGame:
    """`owner` sets a table of `kinds` (one invited seat) and `player` takes the invitation."""
    with capture(execute=True):
        game = standalone_game_create(
            user=owner,
            rule_set="legacy",
            options=None,
            seats=[LobbySeat(kind=kind) for kind in kinds],
            session_key=SESSION,
            seed=11,
            clock=clock,
        )
        standalone_seat_take(token=game.invite_token, user=player)
    game.refresh_from_db()
    return game


@pytest.fixture
def invited(owner, player, django_capture_on_commit_callbacks) -> DigitalGame:
    return _table(
        owner,
        player,
        django_capture_on_commit_callbacks,
        SeatKind.ME,
        SeatKind.INVITE,
        SeatKind.BOT,
    )


def _open(**filters):
    return Notice.objects.filter(closed_at=None, **filters)


def test_the_invited_player_gets_a_notice_and_one_email_when_the_turn_reaches_them_S1(
    invited, owner, player, django_capture_on_commit_callbacks
):
    game = invited
    assert game.campaign is None and game.status == DigitalGame.Status.PLAYING
    assert {(n.user, n.kind) for n in _open(game=game)} == {
        (owner, Kind.TURN),
        (player, Kind.DECISION),
    }
    for _ in range(300):  # play on until the turn reaches the invited player
        game.refresh_from_db()
        if _open(game=game, user=player, kind=Kind.TURN).exists():
            break
        seat, move = first_legal(game)
        user = game.seats.get(index=seat).user
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(game=game, seat=seat, move=move, version=game.version, user=user)
    turn = _open(game=game, user=player, kind=Kind.TURN).get()
    assert turn.campaign is None
    to_player = [m for m in mail.outbox if m.to == [player.email]]
    assert len(to_player) == 1
    page = reverse("campaign:play_game", kwargs={"game_id": game.pk})
    assert f"Your turn at table {game.pk}" in to_player[0].subject
    assert page in to_player[0].body
    # The "waiting for you" list shows it and leads to the standalone game's page.
    client = _client(player)
    listed = client.get(reverse("notices:list"))
    assert listed.status_code == 200
    assert f"Your turn at table {game.pk}" in listed.content.decode()
    opened = client.get(reverse("notices:open", kwargs={"notice_id": turn.pk}))
    assert opened.status_code == 302 and opened["Location"] == page
    answer = client.get("/api/v1/notices/")
    row = next(r for r in answer.json()["notices"] if r["id"] == turn.pk)
    assert row["campaign"] is None and row["game"] == game.pk and row["url"].endswith(page)


def _client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def test_everyone_seated_hears_a_standalone_game_is_over_END1(invited, owner, player):
    seats = {s.index: s for s in invited.seats.all()}
    game_notices_sync(game=invited, state=SimpleNamespace(is_over=True, winner=1), seats=seats)
    over = _open(game=invited, kind=Kind.GAME_OVER)
    assert {n.user for n in over} == {owner, player}
    assert all(n.params["winner"] == "pete_player" for n in over)
    assert not _open(game=invited, kind__in=[Kind.TURN, Kind.DECISION]).exists()


def test_an_abandoned_standalone_game_waits_on_nobody(invited, owner):
    assert _open(game=invited).exists()
    digital_game_abandon(game=invited, user=owner)
    assert not _open(game=invited).exists()


def test_bots_and_hot_seat_seats_of_a_table_get_no_notice(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        standalone_game_create(
            user=owner,
            rule_set="classic",
            options=None,
            seats=[
                LobbySeat(kind=kind) for kind in (SeatKind.HOTSEAT, SeatKind.HOTSEAT, SeatKind.BOT)
            ],
            session_key=SESSION,
            seed=3,
        )
    assert not Notice.objects.exists() and mail.outbox == []


def test_the_turn_clock_of_a_table_warns_near_its_end(
    clock, owner, player, django_capture_on_commit_callbacks
):
    game = _table(
        owner,
        player,
        django_capture_on_commit_callbacks,
        SeatKind.ME,
        SeatKind.INVITE,
        SeatKind.BOT,
        clock=GameClock(kind=DigitalGame.Clock.TURN, turn_hours=24),
    )
    clock.advance(hours=19)  # 5 hours left
    assert notices_deadlines_warn() == 2
    assert {n.user for n in _open(game=game, kind=Kind.DEADLINE)} == {owner, player}
    clock.advance(hours=1, minutes=1)  # the first e-mail's hour is up
    notices_mail_waiting()
    warned = [m for m in mail.outbox if "your time to play is nearly up" in m.body]
    assert sorted(m.to[0] for m in warned) == sorted([owner.email, player.email])


def test_a_table_notice_reads_in_spanish_for_a_spanish_reader(invited, owner):
    from django.utils import translation

    from notices.words import notice_text

    turn = _open(game=invited, user=owner, kind=Kind.TURN).get()
    with translation.override("es"):
        assert notice_text(turn) == f"Te toca en la mesa {invited.pk} (Risk Legacy)."
