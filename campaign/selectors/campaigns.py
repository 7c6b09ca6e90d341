"""Reading campaigns: which ones a user sees, members, persons and open invitations."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from campaign.models import Campaign, GameSeat, Invite, Membership, Person, WorldSnapshot


def campaign_list_for(*, user) -> QuerySet[Campaign]:
    """Campaigns the user is a member of."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user).distinct().order_by("name")


def campaign_list_public() -> QuerySet[Campaign]:
    """Every public campaign, the reader's own among them."""
    return Campaign.objects.filter(is_public=True).order_by("name")


@dataclass(frozen=True)
class Progress:
    """How far a campaign has come, as its card on the home page says it."""

    games_played: int = 0
    packs_opened: int = 0


def campaign_progress(*, campaigns: Iterable[Campaign]) -> dict[int, Progress]:
    """Campaign id -> its progress, from the current world snapshots in one query (only the
    number of packs opened: what they hold stays for the campaign's pages)."""
    snapshots = WorldSnapshot.objects.filter(
        campaign__in=[c.pk for c in campaigns], is_current=True
    ).values_list("campaign_id", "games_played", "world")
    return {
        pk: Progress(games, len(world.get("packs_opened") or {})) for pk, games, world in snapshots
    }


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


def person_list_apart(*, campaign: Campaign) -> tuple[list[Person], list[Person]]:
    """The campaign's people, and apart from them its bots: persons without an account that
    only ever sat in bot seats of its digital games."""
    bots = set(
        Person.objects.filter(campaign=campaign, user=None, digital_seats__kind=GameSeat.Kind.BOT)
        .exclude(digital_seats__kind__in=[GameSeat.Kind.HUMAN, GameSeat.Kind.HOTSEAT])
        .values_list("pk", flat=True)
    )
    everyone = list(person_list(campaign=campaign))
    return [p for p in everyone if p.pk not in bots], [p for p in everyone if p.pk in bots]


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
