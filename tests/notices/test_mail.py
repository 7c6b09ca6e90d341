"""E-mails of notices: by each person's choice per kind, at most one an hour per person per
game (the clock is moved, never slept), none while the person has the game open, in their
language, with an unsubscribe link and the RFC 8058 headers."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.models import Preferences
from notices.kinds import Delivery, Kind
from notices.models import MailWindow, Notice, NoticeSettings
from notices.presence import watching_start, watching_stop
from notices.services import notify
from notices.tasks import notices_mail_waiting

pytestmark = pytest.mark.django_db


@pytest.fixture
def send(campaign, django_capture_on_commit_callbacks):
    """`notify` as a move would call it, with what follows the commit (the mail task) run."""

    def run(kind, users, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return notify(kind, users, campaign=kwargs.pop("campaign", campaign), **kwargs)

    return run


@pytest.fixture
def game(table_game):
    """The table's game with its start's notices and e-mails set aside."""
    Notice.objects.all().delete()
    MailWindow.objects.all().delete()
    mail.outbox.clear()
    return table_game


def _choose(user, **kinds) -> None:
    NoticeSettings.objects.update_or_create(user=user, defaults=kinds)


@pytest.mark.parametrize(
    ("delivery", "noticed", "mailed"),
    [(Delivery.EMAIL, True, True), (Delivery.SITE, True, False), (Delivery.OFF, False, False)],
)
def test_each_kind_follows_the_persons_choice(send, game, player, clock, delivery, noticed, mailed):
    for kind in Kind.values:
        _choose(player, **{kind: delivery})
        clock.advance(hours=1)
        mail.outbox.clear()
        send(kind, [player], game=game, ref=f"{kind}-1", params={"pack": "pack_2"})
        assert Notice.objects.filter(user=player, kind=kind).exists() is noticed, kind
        assert len(mail.outbox) == (1 if mailed else 0), kind


def test_one_email_an_hour_per_game_the_rest_waits_for_the_hour(send, game, player, clock):
    send(Kind.TURN, [player], game=game, ref="turn:1")
    assert len(mail.outbox) == 1
    clock.advance(minutes=20)
    send(Kind.GAME_OVER, [player], game=game, ref="over", params={"winner": "Olga"})
    clock.advance(minutes=30)
    assert notices_mail_waiting() == 0  # 50 minutes since the last one
    assert len(mail.outbox) == 1
    clock.advance(minutes=11)
    assert notices_mail_waiting() == 1
    assert len(mail.outbox) == 2
    assert "game 1 is over: Olga won" in mail.outbox[1].body
    assert notices_mail_waiting() == 0  # nothing is sent twice
    assert len(mail.outbox) == 2


def test_a_notice_closed_before_its_hour_is_never_emailed(send, game, player, clock):
    send(Kind.TURN, [player], game=game, ref="turn:1")
    clock.advance(minutes=5)
    send(Kind.TURN, [player], game=game, ref="turn:2")
    Notice.objects.filter(ref="turn:2").update(closed_at=clock.now)  # they played it
    clock.advance(hours=2)
    assert notices_mail_waiting() == 0
    assert len(mail.outbox) == 1


def test_another_game_or_person_has_its_own_hour(send, game, owner, player, clock):
    send(Kind.TURN, [player, owner], game=game, ref="turn:1")
    send(Kind.PACK_OPENED, [player], ref="pack:pack_2", params={"pack": "pack_2"})
    assert sorted(m.to[0] for m in mail.outbox) == [
        owner.email,
        player.email,
        player.email,
    ]


def test_no_email_while_the_person_has_the_game_open(send, game, player, clock):
    watching_start(game_id=game.pk, user_id=player.pk, channel="page-1")
    send(Kind.TURN, [player], game=game, ref="turn:1")
    assert mail.outbox == []
    notice = Notice.objects.get(user=player)
    assert notice.closed_at is None and notice.mail == Notice.Mail.SKIPPED  # still listed
    watching_stop(game_id=game.pk, user_id=player.pk, channel="page-1")
    send(Kind.TURN, [player], game=game, ref="turn:2")
    assert len(mail.outbox) == 1


def test_a_page_open_an_hour_without_news_counts_as_closed(send, game, player, clock):
    """A server that died with the socket open leaves its mark for an hour at most."""
    watching_start(game_id=game.pk, user_id=player.pk, channel="page-1")
    clock.advance(minutes=61)
    send(Kind.TURN, [player], game=game, ref="turn:1")
    assert len(mail.outbox) == 1


def test_the_email_carries_one_click_unsubscribe_headers_RFC8058(send, game, player):
    send(Kind.TURN, [player], game=game, ref="turn:1")
    message = mail.outbox[0]
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert link.startswith("http://localhost:8000/notices/stop/")
    assert link in message.body
    assert f"http://localhost:8000{game.get_absolute_url()}" in message.body


def test_the_email_is_in_the_persons_language(send, game, player):
    Preferences.objects.create(user=player, language="es")
    send(Kind.TURN, [player], game=game, ref="turn:1")
    message = mail.outbox[0]
    assert message.subject == "Te toca en Ridgeway campaign, partida 1."
    assert "Dejar de recibir estos correos" in message.body
    assert "Your turn" not in message.body


def test_a_person_without_an_address_is_not_tried_again_and_again(send, game, player):
    player.email = ""
    player.save(update_fields=["email"])
    send(Kind.TURN, [player], game=game, ref="turn:1")
    assert mail.outbox == []
    assert Notice.objects.get(user=player).mail == Notice.Mail.SKIPPED
    assert notices_mail_waiting() == 0
