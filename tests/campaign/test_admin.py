"""The Django admin lists every campaign model; world events and snapshots are read-only."""

from __future__ import annotations

import pytest

from campaign.models import DigitalGame, GameMove, GameSeat, WorldEventRecord, WorldSnapshot
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.world import world_event_append
from tests.campaign.worlds import first_powers

MODELS = [
    "campaign",
    "person",
    "membership",
    "invite",
    "worldeventrecord",
    "worldsnapshot",
    "gamelog",
    "digitalgame",
    "gamemove",
]


@pytest.fixture
def admin_client_with_world(admin_client, campaign, owner):
    world_event_append(campaign=campaign, events=first_powers(), user=owner, source="setup")
    return admin_client


@pytest.mark.parametrize("model", MODELS)
def test_every_model_has_a_changelist(admin_client_with_world, model):
    assert admin_client_with_world.get(f"/admin/campaign/{model}/").status_code == 200


def test_world_events_cannot_be_added_changed_or_deleted(admin_client_with_world):
    record = WorldEventRecord.objects.first()
    base = f"/admin/campaign/worldeventrecord/{record.pk}"
    client = admin_client_with_world

    assert client.get("/admin/campaign/worldeventrecord/add/").status_code == 403
    assert client.get(f"{base}/delete/").status_code == 403
    assert client.post(f"{base}/change/", {"kind": "forged"}).status_code == 403
    record.refresh_from_db()
    assert record.kind == "starting_power_chosen"
    view = client.get(f"{base}/change/").content.decode()
    assert 'name="_save"' not in view
    snapshot = WorldSnapshot.objects.first()
    assert client.get(f"/admin/campaign/worldsnapshot/{snapshot.pk}/delete/").status_code == 403


def _owner_membership(campaign, owner):
    from campaign.models import Membership

    return Membership.objects.get(campaign=campaign, user=owner)


def test_the_last_owner_cannot_be_demoted_or_removed_in_the_admin(admin_client, campaign, owner):
    """As on the members page, a campaign always keeps an owner."""
    membership = _owner_membership(campaign, owner)
    base = f"/admin/campaign/membership/{membership.pk}"

    response = admin_client.post(
        f"{base}/change/", {"campaign": campaign.pk, "user": owner.pk, "role": "viewer"}
    )

    assert response.status_code == 200
    assert "A campaign needs at least one owner" in response.content.decode()
    assert admin_client.get(f"{base}/delete/").status_code == 403
    membership.refresh_from_db()
    assert membership.role == "owner"


def test_the_campaign_page_of_the_admin_keeps_an_owner(admin_client, campaign, owner):
    memberships = list(campaign.memberships.order_by("pk"))
    data = {
        "name": campaign.name,
        "slug": campaign.slug,
        "owner": owner.pk,
        "created_0": "2026-01-01",
        "created_1": "00:00:00",
        "memberships-TOTAL_FORMS": len(memberships),
        "memberships-INITIAL_FORMS": len(memberships),
        "persons-TOTAL_FORMS": 0,
        "persons-INITIAL_FORMS": 0,
    }
    for i, m in enumerate(memberships):
        data |= {
            f"memberships-{i}-id": m.pk,
            f"memberships-{i}-campaign": campaign.pk,
            f"memberships-{i}-user": m.user_id,
            f"memberships-{i}-role": "viewer",
        }

    response = admin_client.post(f"/admin/campaign/campaign/{campaign.pk}/change/", data)

    assert response.status_code == 200
    assert "A campaign needs at least one owner" in response.content.decode()
    assert _owner_membership(campaign, owner).role == "owner"


def test_a_digital_game_is_read_only_in_the_admin_and_never_shows_its_seed(
    admin_client, campaign, owner
):
    bots = [SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(3)]
    game = digital_game_start(campaign=campaign, user=owner, seats=bots, seed=5)
    game = DigitalGame.objects.get(pk=game.pk)
    page = admin_client.get(f"/admin/campaign/digitalgame/{game.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Bot 1" in html and 'name="_save"' not in html
    assert game.seed not in html
    assert admin_client.get("/admin/campaign/digitalgame/add/").status_code == 403
    move = GameMove.objects.filter(game=game).first()
    assert admin_client.get(f"/admin/campaign/gamemove/{move.pk}/delete/").status_code == 403
