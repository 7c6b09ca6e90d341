"""Who may see and do what on every page and endpoint of game logging, history and export:
players and owners log; only owners correct and override; viewers read; outsiders see
nothing of a private campaign; anyone reads a public campaign's history."""

import json

import pytest

from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import api_payload, three_player_entry

pytestmark = pytest.mark.django_db

ROLES = ["owner", "player", "viewer", "outsider", "anon"]


@pytest.fixture
def logged(campaign, owner, persons):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    return campaign


def _client(request, role):
    return request.getfixturevalue(f"{role}_client")


HISTORY_PAGES = [
    "?game=1",
    "history/games/",
    "history/games/1/",
    "history/victors/",
    "history/territories/alaska/",
    "history/factions/khan_industries/",
    "history/stats/",
]
HISTORY_API = [
    "games/1/",
    "history/games/",
    "history/world/",
    "history/world/?game=1",
    "history/territories/egypt/",
    "history/factions/die_mechaniker/",
    "history/stats/",
    "packs/",
    "reward-options/",
    "export/",
]


@pytest.mark.parametrize("role", ROLES)
def test_history_pages_of_a_private_campaign(request, logged, role):
    expected = {"owner": 200, "player": 200, "viewer": 200, "outsider": 404, "anon": 302}[role]
    client = _client(request, role)
    for page in HISTORY_PAGES:
        response = client.get(f"/campaigns/{logged.slug}/{page}")
        assert response.status_code == expected, page
        if role == "anon":
            assert response["Location"].startswith("/accounts/login/")


def test_anyone_reads_a_public_campaigns_history(logged, anon_client, outsider_client):
    logged.is_public = True
    logged.save(update_fields=["is_public"])
    for page in HISTORY_PAGES:
        assert anon_client.get(f"/campaigns/{logged.slug}/{page}").status_code == 200, page
        assert outsider_client.get(f"/campaigns/{logged.slug}/{page}").status_code == 200, page


@pytest.mark.parametrize("role", ROLES)
def test_history_api_of_a_private_campaign(request, logged, role):
    expected = {"owner": 200, "player": 200, "viewer": 200, "outsider": 404, "anon": 404}[role]
    client = _client(request, role)
    for endpoint in HISTORY_API:
        response = client.get(f"/api/v1/campaigns/{logged.slug}/{endpoint}")
        assert response.status_code == expected, endpoint


def test_anyone_reads_a_public_campaigns_history_api(logged, anon_client):
    logged.is_public = True
    logged.save(update_fields=["is_public"])
    for endpoint in HISTORY_API:
        response = anon_client.get(f"/api/v1/campaigns/{logged.slug}/{endpoint}")
        assert response.status_code == 200, endpoint


@pytest.mark.parametrize("role", ROLES)
def test_who_may_open_the_log_form(request, campaign, role):
    response = _client(request, role).get(f"/campaigns/{campaign.slug}/log/")
    expected = {"owner": 200, "player": 200, "viewer": 403, "outsider": 404, "anon": 302}[role]
    assert response.status_code == expected


@pytest.mark.parametrize("role", ROLES)
def test_who_may_open_the_correction_form(request, logged, role):
    response = _client(request, role).get(f"/campaigns/{logged.slug}/history/games/1/correct/")
    expected = {"owner": 200, "player": 403, "viewer": 403, "outsider": 404, "anon": 302}[role]
    assert response.status_code == expected


@pytest.mark.parametrize("role", ROLES)
def test_who_may_log_through_the_api(request, campaign, persons, role):
    response = _client(request, role).post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(api_payload(three_player_entry(persons))),
        content_type="application/json",
    )
    expected = {"owner": 201, "player": 201, "viewer": 403, "outsider": 404, "anon": 403}[role]
    assert response.status_code == expected


@pytest.mark.parametrize("role", ROLES)
def test_who_may_correct_through_the_api(request, logged, persons, role):
    response = _client(request, role).post(
        f"/api/v1/campaigns/{logged.slug}/games/1/correction/",
        data=json.dumps(api_payload(three_player_entry(persons), reason="typo")),
        content_type="application/json",
    )
    expected = {"owner": 201, "player": 403, "viewer": 403, "outsider": 404, "anon": 403}[role]
    assert response.status_code == expected


def test_unknown_games_territories_and_factions_are_404(logged, owner_client):
    base = f"/campaigns/{logged.slug}/history/"
    assert owner_client.get(base + "games/9/").status_code == 404
    assert owner_client.get(base + "?game=9", follow=True).status_code == 404
    assert owner_client.get(base + "?game=x").status_code == 404
    assert owner_client.get(base + "territories/atlantis/").status_code == 404
    assert owner_client.get(base + "factions/nobody/").status_code == 404
    api = f"/api/v1/campaigns/{logged.slug}/history/"
    assert owner_client.get(api + "world/?game=9").status_code == 404
    assert owner_client.get(api + "world/?game=x").status_code == 400
    assert owner_client.get(api + "territories/atlantis/").status_code == 404
    assert owner_client.get("/api/v1/campaigns/nope/history/games/").status_code == 404


def test_anonymous_visitors_cannot_import(anon_client):
    response = anon_client.post(
        "/api/v1/campaign-imports/", data="{}", content_type="application/json"
    )
    assert response.status_code == 403
