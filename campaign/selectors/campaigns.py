"""Reading campaigns: which ones a user sees, members, persons and open invitations."""

from __future__ import annotations

import re

from django.db.models import Q, QuerySet

from campaign.models import Campaign, Invite, Membership, Person


def campaign_list_for(*, user) -> QuerySet[Campaign]:
    """Campaigns the user is a member of."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user).distinct().order_by("name")


def campaign_list_public(*, exclude_user=None) -> QuerySet[Campaign]:
    """Public campaigns (those the user is a member of are left out when given)."""
    campaigns = Campaign.objects.filter(is_public=True)
    if exclude_user is not None and exclude_user.is_authenticated:
        campaigns = campaigns.exclude(memberships__user=exclude_user)
    return campaigns.order_by("name")


def campaign_list_visible(*, user) -> QuerySet[Campaign]:
    """Every campaign the user may read: theirs and the public ones."""
    if not user.is_authenticated:
        return Campaign.objects.filter(is_public=True).order_by("name")
    if user.is_superuser:
        return Campaign.objects.order_by("name")
    return (
        Campaign.objects.filter(Q(is_public=True) | Q(memberships__user=user))
        .distinct()
        .order_by("name")
    )


def membership_list(*, campaign: Campaign) -> QuerySet[Membership]:
    return (
        Membership.objects.filter(campaign=campaign)
        .select_related("user")
        .order_by("user__username")
    )


def person_list(*, campaign: Campaign) -> QuerySet[Person]:
    return Person.objects.filter(campaign=campaign).select_related("user").order_by("display_name")


def person_names(*, campaign: Campaign) -> dict[str, str]:
    """`person` key -> display name, for showing the world's records."""
    return dict(Person.objects.filter(campaign=campaign).values_list("key", "display_name"))


INVITE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what `secrets.token_urlsafe` makes


def invites_by_token(*, token: str) -> QuerySet[Invite]:
    """The invitation an invitation link names; none for a token no invitation can have (any
    character outside the token's alphabet, such as a NUL byte, which PostgreSQL refuses even
    to compare)."""
    if not INVITE_TOKEN.fullmatch(token):
        return Invite.objects.none()
    return Invite.objects.filter(token=token)


def invite_list_open(*, campaign: Campaign) -> list[Invite]:
    invites = Invite.objects.filter(campaign=campaign, used_at=None).select_related("created_by")
    return [invite for invite in invites if invite.is_open]
