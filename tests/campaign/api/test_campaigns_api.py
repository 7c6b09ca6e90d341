"""The campaign API: campaigns, members, invitations, the world and its log, tokens, and
refusals in one shape ({"errors": [{code, message, rule}]})."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaign.models import Membership, Role
from campaign.services.world import world_event_append
from tests.campaign.worlds import first_powers, game, pregame_coins

ROLES = ["owner", "player", "viewer", "outsider", "anonymous"]


@pytest.fixture
def api(owner, player, viewer, outsider):
    def client(role: str) -> APIClient:
        c = APIClient()
        user = {"owner": owner, "player": player, "viewer": viewer, "outsider": outsider}.get(role)
        if user is not None:
            c.force_authenticate(user)
        return c

    return client


@pytest.fixture
def played(campaign, owner, persons):
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    world_event_append(campaign=campaign, events=[game(1, keys)], user=owner, source="log")
    return campaign


READ_PATHS = ["", "world/", "world/events/"]


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("path", READ_PATHS)
@pytest.mark.parametrize("role", ROLES)
def test_reading_a_campaign(api, campaign, role, path, public):
    campaign.is_public = public
    campaign.save()
    response = api(role).get(f"/api/v1/campaigns/{campaign.slug}/{path}")
    member = role in {"owner", "player", "viewer"}
    assert response.status_code == (200 if member or public else 404)
    if response.status_code == 404:
        assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_only_members_list_the_members_even_of_a_public_campaign(api, campaign, role, public):
    campaign.is_public = public
    campaign.save()
    response = api(role).get(f"/api/v1/campaigns/{campaign.slug}/members/")
    if role in {"owner", "player", "viewer"}:
        assert response.status_code == 200
    else:
        assert response.status_code == (403 if public else 404)


@pytest.mark.parametrize(
    ("role", "status"),
    [("owner", 201), ("player", 403), ("viewer", 403), ("outsider", 404), ("anonymous", 403)],
)
def test_only_owners_create_invitations(api, campaign, role, status):
    response = api(role).post(f"/api/v1/campaigns/{campaign.slug}/invites/", {"role": "player"})
    assert response.status_code == status
    if status == 201:
        assert response.json()["url"].endswith(f"/invite/{response.json()['token']}/")


def test_listing_shows_mine_and_public_campaigns(api, campaign, django_user_model):
    from campaign.services.campaigns import campaign_create

    other = django_user_model.objects.create_user("other", password="x" * 12)
    campaign_create(owner=other, name="Open", is_public=True)
    campaign_create(owner=other, name="Closed")

    names = lambda role: {c["name"] for c in api(role).get("/api/v1/campaigns/").json()}  # noqa: E731
    assert names("player") == {"Ridgeway campaign", "Open"}
    assert names("anonymous") == {"Open"}


def test_creating_a_campaign_needs_a_user_and_a_name(api, outsider):
    created = api("outsider").post("/api/v1/campaigns/", {"name": "Table two"}, format="json")
    assert created.status_code == 201
    assert created.json()["owner"] == outsider.username
    assert api("anonymous").post("/api/v1/campaigns/", {"name": "x"}).status_code in (401, 403)
    refused = api("outsider").post("/api/v1/campaigns/", {"name": ""}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "name"


def test_detail_tells_your_role_and_games_played(api, played):
    data = api("viewer").get(f"/api/v1/campaigns/{played.slug}/").json()
    assert data["your_role"] == "viewer" and data["games_played"] == 1


def test_the_world_now_and_as_of_a_game(api, played):
    now = api("player").get(f"/api/v1/campaigns/{played.slug}/world/").json()
    before = api("player").get(f"/api/v1/campaigns/{played.slug}/world/?game=0").json()
    assert now["games_played"] == 1 and before["games_played"] == 0
    assert before["world"]["pregame_coins_placed"] is True

    missing = api("player").get(f"/api/v1/campaigns/{played.slug}/world/?game=9")
    assert missing.status_code == 404
    assert missing.json()["errors"][0] == {
        "code": "no_such_game",
        "message": "Ridgeway campaign has no game 9 yet.",
        "rule": "S-1",
    }
    for odd in ["x", "²", "-1", "9" * 40]:
        bad = api("player").get(f"/api/v1/campaigns/{played.slug}/world/", {"game": odd})
        assert bad.status_code == 400


def test_the_event_log_lists_every_entry_in_order(api, played):
    rows = api("viewer").get(f"/api/v1/campaigns/{played.slug}/world/events/").json()
    assert [r["seq"] for r in rows] == list(range(1, 8))
    assert rows[-1]["kind"] == "game_recorded" and rows[-1]["game_number"] == 1
    assert rows[0]["source"] == "setup" and rows[0]["voided_by"] is None


def test_owners_manage_roles_and_members(api, campaign, viewer):
    membership = Membership.objects.get(campaign=campaign, user=viewer)
    url = f"/api/v1/campaigns/{campaign.slug}/members/{membership.pk}/"

    assert api("player").patch(url, {"role": "owner"}).status_code == 403
    assert api("owner").patch(url, {"role": "player"}).json()["role"] == Role.PLAYER
    bad = api("owner").patch(url, {"role": "emperor"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "role"
    assert api("owner").delete(url).status_code == 204
    assert api("owner").delete(url).status_code == 404


def test_the_last_owner_cannot_be_demoted(api, campaign, owner):
    membership = Membership.objects.get(campaign=campaign, user=owner)
    response = api("owner").patch(
        f"/api/v1/campaigns/{campaign.slug}/members/{membership.pk}/", {"role": "viewer"}
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "last_owner"


def test_a_token_authenticates_api_requests(campaign, owner):
    client = APIClient()
    client.force_authenticate(owner)
    token = client.get("/api/v1/token/").json()["token"]
    assert Token.objects.get(user=owner).key == token

    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert by_token.get(f"/api/v1/campaigns/{campaign.slug}/").json()["your_role"] == "owner"

    replaced = client.post("/api/v1/token/").json()["token"]
    assert replaced != token
    stale = by_token.get(f"/api/v1/campaigns/{campaign.slug}/")
    assert stale.status_code in (401, 403)
    assert stale.json()["errors"][0]["code"] == "authentication_failed"
    assert APIClient().get("/api/v1/token/").status_code in (401, 403)


def test_malformed_json_is_a_400_in_the_error_shape(api):
    response = api("owner").generic(
        "POST", "/api/v1/campaigns/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_owners_customize_through_the_api_with_rule_citing_refusals(api, campaign):
    url = f"/api/v1/campaigns/{campaign.slug}/setup/"
    powers = {p.faction: p.power for p in first_powers()}

    assert api("player").post(url, {"powers": powers}, format="json").status_code == 403
    chosen = api("owner").post(url, {"powers": powers}, format="json")
    assert chosen.status_code == 201 and len(chosen.json()) == 5

    over = api("owner").post(url, {"coins": ["brazil"] * 3 + ["peru"] * 9}, format="json")
    assert over.status_code == 400
    rules = {e["rule"] for e in over.json()["errors"]}
    assert rules == {"P-3"}
    both = api("owner").post(url, {"coins": [], "random": True}, format="json")
    assert both.status_code == 400

    rest = api("owner").post(url, {"random": True}, format="json")
    assert rest.status_code == 201 and rest.json()[0]["kind"] == "pregame_coins_placed"
