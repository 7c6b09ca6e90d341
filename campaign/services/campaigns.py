"""Campaign use cases: create one, its persons, members and invitations."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ConflictError, NotFoundError
from campaign.models import Campaign, Invite, Membership, Person, Role
from campaign.selectors.campaigns import invites_by_token

RESERVED_SLUGS = {"new"}  # /campaigns/new/ is the creation page


def _unique_slug(model, base: str, max_length: int, **scope) -> str:
    base = (slugify(base) or "x")[: max_length - 4]
    slug, n = base, 1
    field = "slug" if model is Campaign else "key"
    while slug in RESERVED_SLUGS or model.objects.filter(**scope, **{field: slug}).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def campaign_create(*, owner, name: str, is_public: bool = False) -> Campaign:
    """A new campaign with a fresh world; the creator is its owner and its first person."""
    name = name.strip()
    if not name:
        raise ApplicationError(_("Give the campaign a name."), code="name_required")
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name,
            slug=_unique_slug(Campaign, name, 140),
            owner=owner,
            is_public=is_public,
        )
        Membership.objects.create(campaign=campaign, user=owner, role=Role.OWNER)
        person_create(campaign=campaign, display_name=owner.get_username(), user=owner)
    return campaign


def campaign_update(*, campaign: Campaign, name: str, is_public: bool) -> Campaign:
    name = name.strip()
    if not name:
        raise ApplicationError(_("Give the campaign a name."), code="name_required")
    campaign.name = name
    campaign.is_public = is_public
    campaign.save(update_fields=["name", "is_public"])
    return campaign


def person_create(*, campaign: Campaign, display_name: str, user=None) -> Person:
    """A person of the campaign (a guest when `user` is None). Its `key` is derived from the
    name, unique in the campaign, and never changes: the world refers to people by it."""
    display_name = display_name.strip()
    if not display_name:
        raise ApplicationError(_("Give the person a name."), code="name_required")
    if user is not None:
        existing = Person.objects.filter(campaign=campaign, user=user).first()
        if existing:
            return existing
    return Person.objects.create(
        campaign=campaign,
        display_name=display_name,
        key=_unique_slug(Person, display_name, 40, campaign=campaign),
        user=user,
    )


def membership_add(*, campaign: Campaign, user, role: str) -> Membership:
    """Make `user` a member (or change their role) and give them a person in the campaign."""
    if role not in Role.values:
        raise ApplicationError(_("Unknown role %(role)s.") % {"role": repr(role)}, code="bad_role")
    with transaction.atomic():
        membership, _created = Membership.objects.update_or_create(
            campaign=campaign, user=user, defaults={"role": role}
        )
        person_create(campaign=campaign, display_name=user.get_username(), user=user)
    return membership


def membership_change_role(*, campaign: Campaign, membership_id: int, role: str) -> Membership:
    """Change a member's role; the campaign always keeps at least one owner."""
    if role not in Role.values:
        raise ApplicationError(_("Unknown role %(role)s.") % {"role": repr(role)}, code="bad_role")
    with transaction.atomic():
        # Lock the campaign so two owners demoting each other at once cannot leave none.
        Campaign.objects.select_for_update().get(pk=campaign.pk)
        membership = _membership(campaign, membership_id)
        if membership.role == Role.OWNER and role != Role.OWNER:
            _keep_an_owner(campaign, membership)
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def membership_remove(*, campaign: Campaign, membership_id: int) -> None:
    """Remove a member. Their person stays (the world remembers who did what)."""
    with transaction.atomic():
        # Same lock as above: never remove the last owner.
        Campaign.objects.select_for_update().get(pk=campaign.pk)
        membership = _membership(campaign, membership_id)
        if membership.role == Role.OWNER:
            _keep_an_owner(campaign, membership)
        membership.delete()


def _membership(campaign: Campaign, membership_id: int) -> Membership:
    membership = Membership.objects.filter(campaign=campaign, pk=membership_id).first()
    if membership is None:
        raise NotFoundError(_("No such member."), code="not_found")
    return membership


def _keep_an_owner(campaign: Campaign, membership: Membership) -> None:
    others = (
        Membership.objects.filter(campaign=campaign, role=Role.OWNER)
        .exclude(pk=membership.pk)
        .exists()
    )
    if not others:
        raise ApplicationError(
            _("A campaign needs at least one owner: make someone else owner first."),
            code="last_owner",
        )


def invite_create(*, campaign: Campaign, role: str, created_by) -> Invite:
    if role not in Role.values:
        raise ApplicationError(_("Unknown role %(role)s.") % {"role": repr(role)}, code="bad_role")
    return Invite.objects.create(campaign=campaign, role=role, created_by=created_by)


def invite_refusal(*, invite: Invite, user) -> ApplicationError | None:
    """Why `user` may not accept `invite` now (used, expired, already a member with that role
    or a higher one), or None. The invitation page shows it before anyone clicks."""
    if invite.is_used:
        return ConflictError(_("This invitation was already used."), code="invite_used")
    if invite.is_expired:
        return ApplicationError(
            _("This invitation has expired: ask for a new link."), code="invite_expired"
        )
    order = [Role.VIEWER, Role.PLAYER, Role.OWNER]
    current = Membership.objects.filter(campaign=invite.campaign, user=user).first()
    if current and order.index(current.role) >= order.index(invite.role):
        # An owner checking their own link must not use it up.
        return ApplicationError(
            _(
                "You are already %(role)s in %(campaign)s: this link stays open for the person "
                "it was meant for."
            )
            % {"role": current.get_role_display().lower(), "campaign": invite.campaign.name},
            code="already_member",
        )
    return None


def invite_accept(*, token: str, user) -> Membership:
    """Accept an invitation as the signed-in `user`: they become a member with its role (a
    member with a lower role is raised to it); see `invite_refusal` for the refusals."""
    with transaction.atomic():
        # Lock the invite so two people clicking one link at once cannot both use it.
        invite = invites_by_token(token=token).select_for_update().first()
        if invite is None:
            raise NotFoundError(_("This invitation link is not valid."), code="not_found")
        refusal = invite_refusal(invite=invite, user=user)
        if refusal is not None:
            raise refusal
        try:
            membership = membership_add(campaign=invite.campaign, user=user, role=invite.role)
        except IntegrityError as exc:  # a person key race; nothing was changed
            raise ConflictError(_("Please try again."), code="conflict") from exc
        invite.used_at = timezone.now()
        invite.used_by = user
        invite.save(update_fields=["used_at", "used_by"])
    return membership


def invite_revoke(*, campaign: Campaign, invite_id: int) -> None:
    deleted, _by_model = Invite.objects.filter(
        campaign=campaign, pk=invite_id, used_at=None
    ).delete()
    if not deleted:
        raise NotFoundError(_("No such open invitation."), code="not_found")
