"""Two people on their own browsers and a bot play across a simulated day (the clock is moved,
never slept): the turn reaches each of them as a notice and an e-mail, never more than one
e-mail an hour per person for the game, and none while the person has the game open."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from django.core import mail

from campaign.models.digital import DigitalGame
from campaign.services.digital.moves import move_submit
from notices.kinds import Kind
from notices.models import Notice
from notices.presence import watching_start, watching_stop
from notices.tasks import notices_mail_waiting
from tests.campaign.digital.conftest import first_legal

pytestmark = pytest.mark.django_db


def test_a_day_of_play_tells_each_person_at_their_turn_S1(
    table_game, owner, player, clock, django_capture_on_commit_callbacks
):
    sent_at: dict[str, list] = {owner.email: [clock.now], player.email: []}
    seen = len(mail.outbox)
    users = {s.index: s.user for s in table_game.seats.all()}
    for _ in range(60):
        table_game.refresh_from_db()
        if table_game.status != DigitalGame.Status.PLAYING:
            break
        seat, move = first_legal(table_game)
        mover = users[seat]
        # The mover has the game open while they play; the other person does not.
        watching_start(game_id=table_game.pk, user_id=mover.pk, channel=f"page-{mover.pk}")
        clock.advance(minutes=25)
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(
                game=table_game, seat=seat, move=move, version=table_game.version, user=mover
            )
            notices_mail_waiting()  # beat, every minute
        watching_stop(game_id=table_game.pk, user_id=mover.pk, channel=f"page-{mover.pk}")
        for message in mail.outbox[seen:]:
            sent_at[message.to[0]].append(clock.now)
        seen = len(mail.outbox)
    assert len(sent_at[player.email]) >= 1 and len(sent_at[owner.email]) >= 2
    for times in sent_at.values():
        gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
        assert all(gap >= timedelta(hours=1) for gap in gaps), gaps
    turns = Notice.objects.filter(kind=Kind.TURN)
    assert {n.user for n in turns} == {owner, player}
    assert all("Your turn" in m.body or "is nearly up" in m.body for m in mail.outbox)
