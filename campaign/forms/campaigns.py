"""Forms for creating a campaign, its settings, members, guests and invitations."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.models import Role


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=120, strip=True)
    is_public = forms.BooleanField(
        required=False,
        label=_("Public"),
        help_text=_("Anyone, even without an account, may read the world and its history."),
    )


class NewCampaignForm(CampaignForm):
    already_played = forms.BooleanField(
        required=False,
        label=_("We have already played"),
        help_text=_(
            "Bring in the board as it stands today: the games played, the marks, the packs."
        ),
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class GuestForm(forms.Form):
    display_name = forms.CharField(
        max_length=80,
        strip=True,
        label=_("Guest's name"),
        help_text=_("Someone who plays without an account."),
    )
