"""Who may open which page of a campaign: owner, player, viewer, outsider and anonymous, on a
private and on a public campaign. Anonymous visitors are sent to sign in; signed-in outsiders
of a private campaign get 404 (its existence is not revealed); members below the needed role
get 403."""

from __future__ import annotations

import pytest

from campaign.models import Invite, Membership

ROLES = ["owner", "player", "viewer", "outsider", "anonymous"]
LOGIN = "login"

# What each role gets on a private campaign, then on a public one.
READ = {
    "private": [200, 200, 200, 404, LOGIN],
    "public": [200, 200, 200, 200, 200],
}
# Members only, even on a public campaign: who plays in it and its digital games.
# Leads readers on (the history address to the one world page), refuses the others.
READ_REDIRECT = {
    "private": [302, 302, 302, 404, LOGIN],
    "public": [302, 302, 302, 302, 302],
}
MEMBER = {
    "private": [200, 200, 200, 404, LOGIN],
    "public": [200, 200, 200, 403, LOGIN],
}
MANAGE = {
    "private": [200, 403, 403, 404, LOGIN],
    "public": [200, 403, 403, 403, LOGIN],
}
MANAGE_POST = {
    "private": [302, 403, 403, 404, LOGIN],
    "public": [302, 403, 403, 403, LOGIN],
}

PAGES = [
    ("get", "campaign:campaign_detail", READ),
    ("get", "campaign:history", READ_REDIRECT),
    ("get", "campaign:members", MEMBER),
    ("get", "campaign:digital_game_new", MEMBER),
    ("get", "campaign:setup", MANAGE),
    ("get", "campaign:campaign_settings", MANAGE),
    ("post", "campaign:invite_create", MANAGE_POST),
    ("post", "campaign:guest_add", MANAGE_POST),
    ("post", "campaign:member_role", MANAGE_POST),
    ("post", "campaign:member_remove", MANAGE_POST),
    ("post", "campaign:invite_revoke", MANAGE_POST),
]


@pytest.fixture
def clients(owner_client, player_client, viewer_client, outsider_client, anon_client):
    return dict(
        zip(
            ROLES,
            [owner_client, player_client, viewer_client, outsider_client, anon_client],
            strict=True,
        )
    )


def _url(name, campaign, viewer):
    from django.urls import reverse

    kwargs = {"slug": campaign.slug}
    if name in {"campaign:member_role", "campaign:member_remove"}:
        kwargs["member_id"] = Membership.objects.get(campaign=campaign, user=viewer).pk
    if name == "campaign:invite_revoke":
        kwargs["invite_id"] = Invite.objects.create(
            campaign=campaign, role="viewer", created_by=campaign.owner
        ).pk
    return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize(("method", "name", "expected"), PAGES, ids=[p[1] for p in PAGES])
@pytest.mark.parametrize("role", ROLES)
def test_campaign_pages_access(clients, campaign, viewer, role, method, name, expected, visibility):
    campaign.is_public = visibility == "public"
    campaign.save()
    url = _url(name, campaign, viewer)
    data = {"role": "player", "display_name": "Guest"} if method == "post" else None
    response = getattr(clients[role], method)(url, data)

    want = expected[visibility][ROLES.index(role)]
    if want == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
    else:
        assert response.status_code == want


@pytest.mark.parametrize("role", ROLES)
def test_home_lists_my_campaigns_and_public_ones_only(
    clients, campaign, owner, role, django_user_model
):
    from campaign.services.campaigns import campaign_create

    stranger = django_user_model.objects.create_user("stranger", password="x" * 12)
    campaign_create(owner=stranger, name="Open table", is_public=True)
    campaign_create(owner=stranger, name="Secret table", is_public=False)

    page = clients[role].get("/").content.decode()

    assert "Open table" in page
    assert "Secret table" not in page
    assert ("Ridgeway campaign" in page) == (role in {"owner", "player", "viewer"})


@pytest.mark.parametrize(
    ("role", "expected"),
    [("owner", 200), ("outsider", 200), ("anonymous", LOGIN)],
)
def test_create_page_and_token_page_need_a_signed_in_user(clients, role, expected):
    for url in ["/campaigns/new/", "/accounts/token/"]:
        response = clients[role].get(url)
        if expected == LOGIN:
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        else:
            assert response.status_code == expected


def test_unknown_campaign_is_404_for_everyone(clients):
    for client in clients.values():
        assert client.get("/campaigns/no-such-campaign/").status_code == 404


def test_world_page_refuses_a_game_that_is_not_a_number_with_404(owner_client, campaign):
    assert owner_client.get(f"/campaigns/{campaign.slug}/?game=abc").status_code == 404
    assert owner_client.get(f"/campaigns/{campaign.slug}/?game=7").status_code == 404
    for odd in ["²", "-1", "9" * 40, "1.5"]:
        assert owner_client.get(f"/campaigns/{campaign.slug}/", {"game": odd}).status_code == 404
