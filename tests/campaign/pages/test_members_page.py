"""Members: owners invite by link, change roles, remove members and add guests."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models import GameSeat, Invite, Membership, Person, Role
from campaign.services.digital.start import SeatRequest, digital_game_start


def _members_url(campaign):
    return reverse("campaign:members", kwargs={"slug": campaign.slug})


def test_an_invitation_link_makes_whoever_accepts_it_a_member_with_its_role(
    owner_client, outsider_client, campaign, outsider
):
    owner_client.post(
        reverse("campaign:invite_create", kwargs={"slug": campaign.slug}), {"role": "viewer"}
    )
    invite = Invite.objects.get(campaign=campaign)
    page = owner_client.get(_members_url(campaign)).content.decode()
    assert f"/invite/{invite.token}/" in page

    shown = outsider_client.get(f"/invite/{invite.token}/")
    assert "Join Ridgeway campaign" in shown.content.decode()
    accepted = outsider_client.post(f"/invite/{invite.token}/")

    assert accepted.status_code == 302 and accepted["Location"] == campaign.get_absolute_url()
    assert Membership.objects.get(campaign=campaign, user=outsider).role == Role.VIEWER
    assert Person.objects.filter(campaign=campaign, user=outsider).exists()
    assert outsider_client.get(campaign.get_absolute_url()).status_code == 200


def test_an_invitation_works_once(outsider_client, client_for, campaign, owner, django_user_model):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=owner)
    outsider_client.post(f"/invite/{invite.token}/")
    late = client_for(django_user_model.objects.create_user("late", password="x" * 12))

    response = late.post(f"/invite/{invite.token}/")

    assert response.status_code == 409
    assert "already used" in response.content.decode()
    assert not Membership.objects.filter(campaign=campaign, user__username="late").exists()


def test_an_expired_or_unknown_invitation_is_refused(outsider_client, campaign, owner, outsider):
    invite = Invite.objects.create(
        campaign=campaign,
        role=Role.OWNER,
        created_by=owner,
        expires_at=timezone.now() - datetime.timedelta(minutes=1),
    )
    assert "expired" in outsider_client.get(f"/invite/{invite.token}/").content.decode()
    assert outsider_client.post(f"/invite/{invite.token}/").status_code == 400
    assert outsider_client.get("/invite/nonsense/").status_code == 404
    assert outsider_client.post("/invite/nonsense/").status_code == 404
    assert not Membership.objects.filter(campaign=campaign, user=outsider).exists()


@pytest.mark.parametrize("role", [Role.VIEWER, Role.PLAYER])
def test_a_member_cannot_use_up_an_invitation_meant_for_someone_else(
    player_client, campaign, owner, player, role
):
    """Never lowers a role, and the link stays open for the person it was sent to."""
    invite = Invite.objects.create(campaign=campaign, role=role, created_by=owner)
    shown = player_client.get(f"/invite/{invite.token}/").content.decode()
    assert "You are already player" in shown and "Join as" not in shown

    response = player_client.post(f"/invite/{invite.token}/")

    assert response.status_code == 400
    assert "You are already player in Ridgeway campaign" in response.content.decode()
    assert Membership.objects.get(campaign=campaign, user=player).role == Role.PLAYER
    invite.refresh_from_db()
    assert not invite.is_used


def test_an_invitation_raises_a_members_lower_role(viewer_client, campaign, owner, viewer):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=owner)
    assert viewer_client.post(f"/invite/{invite.token}/").status_code == 302
    assert Membership.objects.get(campaign=campaign, user=viewer).role == Role.PLAYER


def test_anonymous_visitors_sign_in_before_accepting(anon_client, campaign, owner):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=owner)
    response = anon_client.get(f"/invite/{invite.token}/")
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/invite/{invite.token}/"


def test_the_owner_changes_a_role_and_removes_a_member(owner_client, campaign, viewer):
    membership = Membership.objects.get(campaign=campaign, user=viewer)
    url = reverse(
        "campaign:member_role", kwargs={"slug": campaign.slug, "member_id": membership.pk}
    )
    owner_client.post(url, {"role": "player"})
    membership.refresh_from_db()
    assert membership.role == Role.PLAYER

    owner_client.post(
        reverse(
            "campaign:member_remove", kwargs={"slug": campaign.slug, "member_id": membership.pk}
        )
    )
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert Person.objects.filter(campaign=campaign, user=viewer).exists()  # the world remembers


@pytest.mark.parametrize("action", ["member_role", "member_remove"])
def test_the_last_owner_cannot_step_down(owner_client, campaign, owner, action):
    membership = Membership.objects.get(campaign=campaign, user=owner)
    url = reverse(f"campaign:{action}", kwargs={"slug": campaign.slug, "member_id": membership.pk})

    response = owner_client.post(url, {"role": "viewer"}, follow=True)

    assert "at least one owner" in response.content.decode()
    membership.refresh_from_db()
    assert membership.role == Role.OWNER


def test_a_bad_role_or_unknown_member_is_a_message_not_an_error(owner_client, campaign, viewer):
    membership = Membership.objects.get(campaign=campaign, user=viewer)
    url = reverse(
        "campaign:member_role", kwargs={"slug": campaign.slug, "member_id": membership.pk}
    )
    assert (
        "Choose owner, player or viewer"
        in owner_client.post(url, {"role": "king"}, follow=True).content.decode()
    )
    gone = reverse("campaign:member_remove", kwargs={"slug": campaign.slug, "member_id": 999999})
    assert "No such member" in owner_client.post(gone, follow=True).content.decode()


def test_the_owner_adds_a_guest_person_with_a_stable_key(owner_client, campaign):
    url = reverse("campaign:guest_add", kwargs={"slug": campaign.slug})
    owner_client.post(url, {"display_name": "Gus the Guest"})
    owner_client.post(url, {"display_name": "Gus the Guest"})

    guests = Person.objects.filter(campaign=campaign, user=None).order_by("pk")
    assert [g.key for g in guests] == ["gus-the-guest", "gus-the-guest-2"]
    assert "Gus the Guest" in owner_client.get(_members_url(campaign)).content.decode()
    refused = owner_client.post(url, {"display_name": "   "}, follow=True)
    assert "Give the guest a name" in refused.content.decode()


def test_the_owner_revokes_an_open_invitation(owner_client, campaign, owner):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER, created_by=owner)
    owner_client.post(
        reverse("campaign:invite_revoke", kwargs={"slug": campaign.slug, "invite_id": invite.pk})
    )
    assert not Invite.objects.filter(pk=invite.pk).exists()


def test_creating_a_campaign_makes_you_its_owner(outsider_client, outsider):
    response = outsider_client.post("/campaigns/new/", {"name": "New", "is_public": "on"})
    campaign = Membership.objects.get(user=outsider).campaign
    assert campaign.is_public and campaign.owner == outsider
    assert campaign.slug != "new"  # /campaigns/new/ stays the creation page
    assert response["Location"] == campaign.get_absolute_url()


def test_a_campaign_needs_a_name(outsider_client, outsider):
    response = outsider_client.post("/campaigns/new/", {"name": "   "})
    assert response.status_code == 400
    assert not Membership.objects.filter(user=outsider).exists()


def test_the_owner_makes_the_campaign_public(owner_client, anon_client, campaign):
    url = reverse("campaign:campaign_settings", kwargs={"slug": campaign.slug})
    owner_client.post(url, {"name": "Ridgeway", "is_public": "on"})
    assert anon_client.get(campaign.get_absolute_url()).status_code == 200


def test_bots_are_listed_apart_from_the_campaigns_people(owner_client, campaign, owner):
    bots = [SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(3)]
    digital_game_start(campaign=campaign, user=owner, seats=bots, seed=5)

    page = owner_client.get(_members_url(campaign))
    people = [p.display_name for p in page.context["persons"]]
    assert not [name for name in people if name.startswith("Bot ")]
    assert [b.display_name for b in page.context["bots"]] == ["Bot 1", "Bot 2", "Bot 3"]
    html = page.content.decode()
    start = html.index('<ul id="persons">')
    assert "Bot 1" not in html[start : html.index("</ul>", start)]
