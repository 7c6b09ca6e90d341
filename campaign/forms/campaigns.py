"""Forms for creating a campaign, its settings, members, guests and invitations."""

from __future__ import annotations

from django import forms

from campaign.models import Role


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=120, strip=True)
    is_public = forms.BooleanField(
        required=False,
        label="Public",
        help_text="Anyone, even without an account, may read the world and its history.",
    )


class NewCampaignForm(CampaignForm):
    already_played = forms.BooleanField(
        required=False,
        label="We have already played",
        help_text="Bring in the board as it stands today: the games played, the marks, the packs.",
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class GuestForm(forms.Form):
    display_name = forms.CharField(
        max_length=80,
        strip=True,
        label="Guest's name",
        help_text="Someone who plays without an account.",
    )
