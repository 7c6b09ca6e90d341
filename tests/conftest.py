"""Shared fixtures: the people of the access matrix, a campaign they belong to, clients.

Users: `owner`, `player`, `viewer` (members of `campaign` with those roles) and `outsider`
(signed in, not a member). Clients: `owner_client`, `player_client`, `viewer_client`,
`outsider_client` (signed in) and `anon_client`; `client_for(user_or_None)` makes more.
`campaign` is private and has a Person per member plus a guest (`guest_person`);
`public_campaign` is the same campaign made public. Every user's password is `PASSWORD`.

Integration tests (`@pytest.mark.integration`) need the real services: they are deselected,
not skipped, unless DATABASE_URL points at PostgreSQL and REDIS_URL is set (see `bin/test`).
"""

from __future__ import annotations

import os

import pytest
from django.test import Client

from campaign.models import Campaign, Person, Role
from campaign.services.campaigns import campaign_create, membership_add, person_create

PASSWORD = "correct-horse-battery-staple"


def integration_services_available() -> bool:
    database = os.environ.get("DATABASE_URL", "")
    return database.startswith(("postgres://", "postgresql://")) and bool(
        os.environ.get("REDIS_URL")
    )


def pytest_collection_modifyitems(config, items):
    if integration_services_available():
        return
    kept, dropped = [], []
    for item in items:
        (dropped if item.get_closest_marker("integration") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashing costs ~0.5 s a user; tests only need passwords to check."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _user(django_user_model, username: str):
    return django_user_model.objects.create_user(
        username=username, email=f"{username}@example.com", password=PASSWORD
    )


@pytest.fixture
def owner(db, django_user_model):
    return _user(django_user_model, "olga_owner")


@pytest.fixture
def player(db, django_user_model):
    return _user(django_user_model, "pete_player")


@pytest.fixture
def viewer(db, django_user_model):
    return _user(django_user_model, "vera_viewer")


@pytest.fixture
def outsider(db, django_user_model):
    return _user(django_user_model, "oscar_outsider")


@pytest.fixture
def campaign(owner, player, viewer) -> Campaign:
    campaign = campaign_create(owner=owner, name="Ridgeway campaign", is_public=False)
    membership_add(campaign=campaign, user=player, role=Role.PLAYER)
    membership_add(campaign=campaign, user=viewer, role=Role.VIEWER)
    return campaign


@pytest.fixture
def public_campaign(campaign) -> Campaign:
    campaign.is_public = True
    campaign.save(update_fields=["is_public"])
    return campaign


@pytest.fixture
def guest_person(campaign) -> Person:
    return person_create(campaign=campaign, display_name="Gus the guest")


@pytest.fixture
def persons(campaign, owner, player, viewer) -> dict[str, Person]:
    """Persons by role name; their `key` is the `person` string the World uses."""
    by_user = {p.user_id: p for p in campaign.persons.all()}
    return {"owner": by_user[owner.pk], "player": by_user[player.pk], "viewer": by_user[viewer.pk]}


@pytest.fixture
def client_for(db):
    def make(user) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def owner_client(client_for, owner) -> Client:
    return client_for(owner)


@pytest.fixture
def player_client(client_for, player) -> Client:
    return client_for(player)


@pytest.fixture
def viewer_client(client_for, viewer) -> Client:
    return client_for(viewer)


@pytest.fixture
def outsider_client(client_for, outsider) -> Client:
    return client_for(outsider)


@pytest.fixture
def anon_client() -> Client:
    return Client()
