"""Readers of a public campaign who are not its members see the world and its history, but not
the accounts behind it: who logged, corrected or appended what stays for members, as the
members page does (export, event log, game history; API and pages)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rest_framework.test import APIClient

from campaign.models import Person
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import three_player_entry

pytestmark = pytest.mark.django_db

ACCOUNTS = ("olga_owner", "pete_player", "vera_viewer")


@pytest.fixture
def corrected(public_campaign, owner, persons):
    """A public campaign whose people go by names other than their accounts' user names, with
    a game logged and then corrected by the owner."""
    for role, person in persons.items():
        Person.objects.filter(pk=person.pk).update(display_name=role.title())
    entry = three_player_entry(persons)
    game_log(campaign=public_campaign, user=owner, entry=entry)
    game_log_correct(
        campaign=public_campaign,
        user=owner,
        game_number=1,
        entry=replace(entry, slogan="Again"),
        reason="Slogan",
    )
    return public_campaign


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _named_accounts(text: str) -> list[str]:
    return [name for name in ACCOUNTS if name in text]


@pytest.mark.parametrize("reader", ["anonymous", "outsider"])
def test_a_public_export_names_no_account(corrected, reader, outsider):
    response = _api(outsider if reader == "outsider" else None).get(
        f"/api/v1/campaigns/{corrected.slug}/export/"
    )
    assert response.status_code == 200
    document = response.json()
    assert [p["display_name"] for p in document["persons"]] == ["Owner", "Player", "Viewer"]
    assert {p["user"] for p in document["persons"]} == {None}
    assert {e["created_by"] for e in document["events"]} == {None}
    assert {g["logged_by"] for g in document["game_logs"]} == {None}


def test_a_members_export_keeps_the_accounts(corrected, viewer):
    document = _api(viewer).get(f"/api/v1/campaigns/{corrected.slug}/export/").json()
    assert {p["user"] for p in document["persons"]} == set(ACCOUNTS)
    assert {e["created_by"] for e in document["events"]} == {"olga_owner"}


@pytest.mark.parametrize(
    ("reader", "shown"), [("anonymous", None), ("outsider", None), ("viewer", "olga_owner")]
)
def test_the_event_log_api_names_who_appended_only_to_members(
    corrected, reader, shown, outsider, viewer
):
    user = {"outsider": outsider, "viewer": viewer}.get(reader)
    events = _api(user).get(f"/api/v1/campaigns/{corrected.slug}/world/events/").json()
    assert {e["created_by"] for e in events if e["source"] != "system"} == {shown}


@pytest.mark.parametrize(("reader", "shown"), [("anonymous", False), ("viewer", True)])
def test_the_games_api_names_who_corrected_only_to_members(corrected, reader, shown, viewer):
    games = _api(viewer if shown else None).get(
        f"/api/v1/campaigns/{corrected.slug}/history/games/"
    )
    assert games.status_code == 200
    (corrected_game,) = games.json()
    assert [c["by"] for c in corrected_game["corrections"]] == (["olga_owner"] if shown else [None])


@pytest.mark.parametrize("page", ["", "?game=1", "history/games/", "history/games/1/"])
def test_public_history_pages_name_no_account(corrected, anon_client, client_for, outsider, page):
    url = f"/campaigns/{corrected.slug}/{page}"
    for client in (anon_client, client_for(outsider)):
        response = client.get(url)
        assert response.status_code == 200
        assert _named_accounts(response.content.decode()) == []


def test_members_see_who_corrected_a_game(corrected, viewer_client):
    page = viewer_client.get(f"/campaigns/{corrected.slug}/history/games/1/").content.decode()
    assert "<strong>Corrected</strong> by olga_owner" in page
