"""A player whose game log the rules refuse sends it to the owners instead of being stuck: the
owners see it waiting, approve it with the override's reason (logged exactly as the owner's own
override would be) or send it back with a note the sender reads and reopens. An entry that no
longer fits the world is refused on approval with the reason, nothing written (S-7, G-2)."""

from __future__ import annotations

import pytest

from campaign.errors import ApplicationError, ConflictError, ForbiddenError
from campaign.models import GameLog, PendingGameLog, PendingStatus, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.game_log.pending import pending_log_approve, pending_log_send
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from rules.world_events import CityFounded
from tests.campaign.log.factories import three_player_entry, with_player

pytestmark = pytest.mark.django_db

PLAYERS = {
    "played_on": "2026-01-10",
    "p0_faction": "die_mechaniker",
    "p0_start": "alaska",
    "p1_faction": "khan_industries",
    "p1_start": "egypt",  # Cairo stands there: S-7 refuses it, an owner may accept it
    "p2_person": "__guest__",
    "p2_guest": "Gina Guest",
    "p2_faction": "saharan_republic",
    "p2_start": "peru",
}
OUTCOME = {
    "winner": "die_mechaniker",
    "t_die_mechaniker": "on",
    "t_khan_industries": "on",
    "h_khan_industries": ["egypt", "congo"],
}
REWARDS = {"slogan": "First blood", "wr_code": "R2", "wr_target": "brazil", "wr_name": "Rio"}


@pytest.fixture
def cairo(campaign, owner, persons):
    """Egypt holds a minor city before game 1, so a start there is refused (S-7)."""
    world_event_append(
        campaign=campaign,
        events=[CityFounded("egypt", "minor", "Cairo", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )


def _url(campaign, step: str = "") -> str:
    if step:
        return f"/campaigns/{campaign.slug}/log/{step}/"
    return f"/campaigns/{campaign.slug}/pending/"


def _send(client, campaign, persons, note: str = "Cairo was never there at our table."):
    """Walk the log form as a player, going on past the refusals, and send it."""
    players = {**PLAYERS, "p0_person": persons["owner"].key, "p1_person": persons["player"].key}
    refused = client.post(_url(campaign, "players"), players)
    assert refused.status_code == 200 and "Go on and ask the owners" in refused.content.decode()
    for step, data in (("players", players), ("during", {}), ("outcome", OUTCOME)):
        assert client.post(_url(campaign, step), {**data, "ask": "1"}).status_code == 302
    assert client.post(_url(campaign, "rewards"), REWARDS).status_code == 302
    confirm = client.get(_url(campaign, "confirm")).content.decode()
    assert "Send to the owners for approval" in confirm
    return client.post(_url(campaign, "confirm"), {"send": "1", "approval_note": note})


def test_a_refused_log_goes_to_the_owner_who_approves_it_with_a_reason_S7(
    cairo, campaign, persons, player_client, owner_client
):
    sent = _send(player_client, campaign, persons)
    assert sent.status_code == 302 and sent["Location"] == _url(campaign)
    assert not GameLog.objects.exists()  # nothing reached the world
    pending = PendingGameLog.objects.get()
    assert pending.status == PendingStatus.PENDING and pending.game_number == 1
    assert [r["rule"] for r in pending.refusals] == ["S-7"]
    world_page = owner_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    assert "1 game log waits for your approval" in world_page
    assert (
        "waits for your approval"
        not in player_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    )
    listed = owner_client.get(_url(campaign)).content.decode()
    assert "Cairo was never there at our table." in listed
    assert "nobody starts there." in listed and "Gina Guest" in listed

    approved = owner_client.post(
        _url(campaign),
        {"action": "approve", "pending": pending.pk, "reason": "Cairo was a misprint."},
    )
    assert approved.status_code == 302
    assert approved["Location"] == f"/campaigns/{campaign.slug}/history/games/1/"
    log = GameLog.objects.get()
    assert log.override_reason == "Cairo was a misprint."
    assert [r["rule"] for r in log.overridden] == ["S-7"]
    pending.refresh_from_db()
    assert pending.status == PendingStatus.APPROVED and pending.game_log == log
    assert world_current(campaign=campaign).games_played == 1
    history = owner_client.get(approved["Location"]).content.decode()
    assert "Accepted against the rules</strong> by olga_owner" in history
    assert "Cairo was a misprint." in history
    assert "Nothing waits for your approval." in owner_client.get(_url(campaign)).content.decode()


def test_the_owner_sends_it_back_with_a_note_and_the_player_reopens_it(
    cairo, campaign, persons, player_client, owner_client
):
    _send(player_client, campaign, persons)
    pending = PendingGameLog.objects.get()
    empty = owner_client.post(_url(campaign), {"action": "send_back", "pending": pending.pk})
    assert empty.status_code == 400 and "Write a note for the sender" in empty.content.decode()
    back = owner_client.post(
        _url(campaign),
        {"action": "send_back", "pending": pending.pk, "note": "Pete started in Congo, not Egypt."},
    )
    assert back.status_code == 302
    assert not WorldEventRecord.objects.filter(kind="game_recorded").exists()
    notice = player_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    assert "came back with a note" in notice
    mine = player_client.get(_url(campaign)).content.decode()
    assert "Pete started in Congo, not Egypt." in mine
    reopened = player_client.post(_url(campaign), {"action": "reopen", "pending": pending.pk})
    assert reopened["Location"] == _url(campaign, "confirm")
    form = player_client.get(_url(campaign, "players"))
    assert form.context["form"]["p1_start"].value() == "egypt"
    assert form.context["form"]["p2_guest"].value() == "Gina Guest"
    assert (
        "came back with a note"
        not in player_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    )


def test_approval_after_another_game_was_logged_is_refused_with_the_reason(
    cairo, campaign, owner, persons, player_client, owner_client
):
    _send(player_client, campaign, persons)
    pending = PendingGameLog.objects.get()
    game_log(
        campaign=campaign,
        user=owner,
        entry=three_player_entry(persons),
        override_reason="Our own game 1, logged at the table.",
    )
    before = WorldEventRecord.objects.count()
    refused = owner_client.post(
        _url(campaign), {"action": "approve", "pending": pending.pk, "reason": "Fine by me."}
    )
    assert refused.status_code == 409
    page = refused.content.decode()
    assert "It no longer fits the world: it was sent as game 1" in page
    assert "game 1 has been recorded since (the next game is 2)" in page
    assert WorldEventRecord.objects.count() == before and GameLog.objects.count() == 1
    pending.refresh_from_db()
    assert pending.status == PendingStatus.PENDING  # still there, for sending back


def test_a_new_refusal_since_sending_is_refused_on_approval_S7(cairo, campaign, owner, persons):
    """Same game number, but a city rose where the winner started (S-7): the owner would
    accept what nobody saw."""
    entry = three_player_entry(persons, winner_reward=None)
    pending = pending_log_send(campaign=campaign, user=owner, entry=entry)
    world_event_append(
        campaign=campaign,
        events=[CityFounded("alaska", "minor", "Juneau", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    with pytest.raises(ConflictError, match="since it was sent, the rules also refuse"):
        pending_log_approve(campaign=campaign, user=owner, pending_id=pending.pk, reason="ok")
    assert not GameLog.objects.exists()


def test_only_owners_approve_and_only_soft_refusals_are_sent(
    cairo, campaign, owner, player, persons, player_client
):
    entry = three_player_entry(persons)
    pending = pending_log_send(campaign=campaign, user=player, entry=entry)
    with pytest.raises(ForbiddenError):
        pending_log_approve(campaign=campaign, user=player, pending_id=pending.pk, reason="me")
    forbidden = player_client.post(
        _url(campaign), {"action": "approve", "pending": pending.pk, "reason": "me"}
    )
    assert forbidden.status_code == 403 and not GameLog.objects.exists()
    with pytest.raises(ApplicationError, match="No owner can accept this either"):
        pending_log_send(
            campaign=campaign, user=player, entry=three_player_entry(persons, winner="nobody")
        )
    accepted = with_player(entry, 1, start="congo", reward=None)
    with pytest.raises(ApplicationError, match="nothing to approve"):
        pending_log_send(campaign=campaign, user=player, entry=accepted)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "approve", "pending": "x"},
        {"action": "approve", "pending": "²"},
        {"action": "approve", "pending": "99999"},
        {"action": "dance", "pending": "1"},
        {"action": "reopen", "pending": "1"},
    ],
)
def test_bad_input_is_answered_in_plain_words_never_a_500(data, campaign, owner_client):
    response = owner_client.post(_url(campaign), data)
    assert response.status_code in (400, 404)
    assert 'id="pending-error"' in response.content.decode()
