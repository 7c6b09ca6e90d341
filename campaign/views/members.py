"""Pages: members and their roles, guests, invitation links, and accepting an invitation."""

from __future__ import annotations

from abc import ABC, abstractmethod

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import TemplateView

from campaign.errors import ApplicationError, NotFoundError
from campaign.forms.campaigns import GuestForm, RoleForm
from campaign.models import Role
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.campaigns import (
    invite_list_open,
    invites_by_token,
    membership_list,
    person_list_apart,
)
from campaign.services.campaigns import (
    invite_accept,
    invite_create,
    invite_refusal,
    invite_revoke,
    membership_change_role,
    membership_remove,
    person_create,
)

# Whole sentences per role: "a"/"an" and the role's gender differ from one language to another.
INVITE_CREATED = {
    Role.OWNER: gettext_lazy("Invitation link for an owner created: send it on."),
    Role.PLAYER: gettext_lazy("Invitation link for a player created: send it on."),
    Role.VIEWER: gettext_lazy("Invitation link for a viewer created: send it on."),
}


class MembersView(CampaignAccessMixin, TemplateView):
    """Members see each other; owners also manage them and the invitations. Readers of a
    public campaign who are not members do not see who plays in it."""

    campaign_action = Action.MEMBER
    template_name = "campaign/members.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        people, bots = person_list_apart(campaign=self.campaign)
        context.update(
            section="members",
            memberships=membership_list(campaign=self.campaign),
            persons=people,
            bots=bots,
            role_form=RoleForm(),
            guest_form=kwargs.get("guest_form") or GuestForm(),
        )
        if Action.MANAGE in self.allowed:
            context["invites"] = [
                (invite, self.request.build_absolute_uri(invite.get_absolute_url()))
                for invite in invite_list_open(campaign=self.campaign)
            ]
        return context


class _OwnerAction(CampaignAccessMixin, View, ABC):
    """A POST-only owner action on the members page; refusals come back as messages."""

    campaign_action = Action.MANAGE
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        try:
            message = self.act(request, **kwargs)
        except ApplicationError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, message)
        return redirect("campaign:members", slug=self.campaign.slug)

    @abstractmethod
    def act(self, request, **kwargs) -> str:
        """Do the owner's action and return the success message."""


class MemberRoleView(_OwnerAction):
    def act(self, request, member_id: int, **kwargs) -> str:
        form = RoleForm(request.POST)
        if not form.is_valid():
            raise ApplicationError(_("Choose owner, player or viewer."), code="bad_role")
        membership = membership_change_role(
            campaign=self.campaign, membership_id=member_id, role=form.cleaned_data["role"]
        )
        return _("%(name)s is now %(role)s.") % {
            "name": membership.user.get_username(),
            "role": membership.get_role_display().lower(),
        }


class MemberRemoveView(_OwnerAction):
    def act(self, request, member_id: int, **kwargs) -> str:
        membership_remove(campaign=self.campaign, membership_id=member_id)
        return _("Member removed.")


class GuestAddView(_OwnerAction):
    def act(self, request, **kwargs) -> str:
        form = GuestForm(request.POST)
        if not form.is_valid():
            raise ApplicationError(_("Give the guest a name (up to 80 characters)."))
        person = person_create(
            campaign=self.campaign, display_name=form.cleaned_data["display_name"]
        )
        return _("%(name)s can now be picked as a player.") % {"name": person.display_name}


class InviteCreateView(_OwnerAction):
    def act(self, request, **kwargs) -> str:
        form = RoleForm(request.POST)
        if not form.is_valid():
            raise ApplicationError(_("Choose owner, player or viewer."), code="bad_role")
        invite = invite_create(
            campaign=self.campaign, role=form.cleaned_data["role"], created_by=request.user
        )
        return str(INVITE_CREATED[invite.role])


class InviteRevokeView(_OwnerAction):
    def act(self, request, invite_id: int, **kwargs) -> str:
        invite_revoke(campaign=self.campaign, invite_id=invite_id)
        return _("Invitation revoked.")


class InviteAcceptView(LoginRequiredMixin, TemplateView):
    """Opening an invitation link (signed in) shows it; accepting it makes you a member."""

    template_name = "campaign/invite.html"

    def get(self, request, token: str):
        invite = invites_by_token(token=token).select_related("campaign").first()
        if invite is None:
            return self.render_to_response(
                {"problem": _("This invitation link is not valid.")}, status=404
            )
        refusal = invite_refusal(invite=invite, user=request.user)
        problem = refusal.message if refusal else None
        return self.render_to_response({"invite": invite, "problem": problem})

    def post(self, request, token: str):
        try:
            membership = invite_accept(token=token, user=request.user)
        except NotFoundError as error:
            return self.render_to_response({"problem": error.message}, status=404)
        except ApplicationError as error:
            return self.render_to_response({"problem": error.message}, status=error.status)
        messages.success(
            request,
            _("Welcome to %(campaign)s as %(role)s.")
            % {
                "campaign": membership.campaign.name,
                "role": membership.get_role_display().lower(),
            },
        )
        return redirect(membership.campaign)
