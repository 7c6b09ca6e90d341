"""Who may do what in a campaign: the one place role checks live.

Roles: owner (everything), player (read, log and play), viewer (read). Anyone may read a public
campaign's world and history pages; the members list and the digital games stay for members
(Action.MEMBER). On pages, a refusal is a redirect to sign-in for anonymous visitors,
404 for signed-in outsiders of a private campaign (its existence is not revealed) and 403 for a
member whose role is too low. The API answers 404 / 403 the same way (anonymous included).

Pages::

    class GameLogView(CampaignAccessMixin, FormView):
        campaign_action = Action.PLAY          # self.campaign, self.role are then set

API views::

    campaign = campaign_for_api(request=request, slug=slug, action=Action.PLAY)

Anywhere else: `campaign_allows(campaign=..., user=..., action=...) -> bool`.
"""

from __future__ import annotations

from enum import StrEnum

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from campaign.errors import ForbiddenError, NotFoundError
from campaign.models import Campaign, Membership, Role
from campaign.prepared import PreparedRead
from campaign.selectors.world import world_setup_open


class Action(StrEnum):
    READ = "read"
    MEMBER = "member"  # pages only members see, even on a public campaign
    PLAY = "play"
    MANAGE = "manage"


# What each action is called in a refusal, in the reader's language.
ACTION_NAMES: dict[Action, str] = {
    Action.READ: pgettext_lazy("campaign action", "read"),
    Action.MEMBER: pgettext_lazy("campaign action", "member"),
    Action.PLAY: pgettext_lazy("campaign action", "play"),
    Action.MANAGE: pgettext_lazy("campaign action", "manage"),
}

ALLOWED: dict[str, frozenset[Action]] = {
    Role.OWNER: frozenset(Action),
    Role.PLAYER: frozenset({Action.READ, Action.MEMBER, Action.PLAY}),
    Role.VIEWER: frozenset({Action.READ, Action.MEMBER}),
}


def campaign_role(*, campaign: Campaign, user) -> str | None:
    """The user's role in the campaign; site superusers count as owners; None for outsiders."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.OWNER
    known = campaign.__dict__.get(_ROLES_READ)
    if known is not None and user.pk in known:
        return known[user.pk]
    found = _ROLE(campaign=campaign.pk, user=user.pk)
    return found[0][0] if found else None


def role_read(*, campaign: Campaign, user, role: str | None) -> None:
    """Keep `user`'s role in `campaign` (this instance, so this request), read with another
    row (a game's, see `reader_role`): the checks that follow ask the database no more."""
    campaign.__dict__.setdefault(_ROLES_READ, {})[user.pk] = role


def reader_role(user_id: int) -> Subquery:
    """The role of the user `user_id` in the campaign of the rows read (NULL for none), as an
    annotation of a query on rows that have a `campaign_id`."""
    return Subquery(
        Membership.objects.filter(campaign_id=OuterRef("campaign_id"), user_id=user_id)
        .values("role")
        .order_by()[:1]
    )


_ROLES_READ = "_roles_read"


# Every request on a campaign asks it: prepared once (`campaign.prepared`).
_ROLE = PreparedRead(
    lambda campaign, user: (
        Membership.objects.filter(campaign_id=campaign, user_id=user)
        .values_list("role")
        .order_by()[:1]
    )
)


def actions_for(*, campaign: Campaign, role: str | None) -> frozenset[Action]:
    if role is not None:
        return ALLOWED[role]
    return frozenset({Action.READ}) if campaign.is_public else frozenset()


def campaign_allows(*, campaign: Campaign, user, action: Action) -> bool:
    role = campaign_role(campaign=campaign, user=user)
    return action in actions_for(campaign=campaign, role=role)


def campaign_check(*, campaign: Campaign, user, action: Action) -> str | None:
    """Return the user's role, or raise NotFoundError (cannot even read) / ForbiddenError."""
    role = campaign_role(campaign=campaign, user=user)
    allowed = actions_for(campaign=campaign, role=role)
    if action in allowed:
        return role
    if Action.READ not in allowed:
        raise NotFoundError(_("No such campaign."), code="not_found")
    raise ForbiddenError(
        _("Your role in %(campaign)s does not allow this (%(action)s needs more).")
        % {"campaign": campaign.name, "action": ACTION_NAMES[action]},
        code="forbidden",
    )


def campaign_for_api(*, request, slug: str, action: Action) -> Campaign:
    """The campaign named by `slug` if the request's user may do `action`, for DRF views;
    raises ApplicationError subclasses that the API's exception handler maps to 404/403."""
    campaign = Campaign.objects.filter(slug=slug).first()
    if campaign is None:
        raise NotFoundError(_("No such campaign."), code="not_found")
    campaign_check(campaign=campaign, user=request.user, action=action)
    return campaign


class CampaignAccessMixin:
    """For class-based pages under `<slug>/`: sets `self.campaign`, `self.role` and
    `self.allowed` (the set of actions) before dispatch, or refuses."""

    campaign_action: Action = Action.READ
    campaign_url_kwarg = "slug"

    def dispatch(self, request, *args, **kwargs):
        self.campaign = get_object_or_404(Campaign, slug=kwargs[self.campaign_url_kwarg])
        try:
            self.role = campaign_check(
                campaign=self.campaign, user=request.user, action=self.campaign_action
            )
        except (NotFoundError, ForbiddenError) as refusal:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if isinstance(refusal, NotFoundError):
                raise Http404(refusal.message) from refusal
            raise PermissionDenied(refusal.message) from refusal
        self.allowed = actions_for(campaign=self.campaign, role=self.role)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            campaign=self.campaign,
            role=self.role,
            is_member=Action.MEMBER in self.allowed,
            can_play=Action.PLAY in self.allowed,
            can_manage=Action.MANAGE in self.allowed,
            role_label=Role(self.role).label.lower() if self.role else None,
            # Asked only where a page offers the customization (a template calls it).
            setup_open=lambda: world_setup_open(campaign=self.campaign),
        )
        return context
