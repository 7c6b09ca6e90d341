"""Serializers of the campaign API: shapes only; the work is done by services."""

from __future__ import annotations

from rest_framework import serializers

from campaign.api.fields import Text
from campaign.models import Campaign, Invite, Membership, Role, WorldEventRecord


class CampaignSerializer(serializers.ModelSerializer):
    """A campaign; its owner's account name for its members only (context `member_of`: the
    ids of the reader's campaigns), as on the members page."""

    name = Text(max_length=Campaign._meta.get_field("name").max_length)
    owner = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(
        view_name="api:campaign-detail", lookup_field="slug", read_only=True
    )

    class Meta:
        model = Campaign
        fields = ["url", "slug", "name", "owner", "is_public", "created"]
        read_only_fields = ["slug", "owner", "created"]

    def get_owner(self, campaign: Campaign) -> str | None:
        if campaign.pk not in self.context.get("member_of", set()):
            return None
        return campaign.owner.get_username()


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "username", "role", "created"]
        read_only_fields = ["id", "username", "created"]


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices)


class InviteSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = Invite
        fields = ["id", "token", "role", "url", "expires_at", "used_at"]
        read_only_fields = ["id", "token", "url", "expires_at", "used_at"]

    def get_url(self, invite: Invite) -> str:
        request = self.context.get("request")
        path = invite.get_absolute_url()
        return request.build_absolute_uri(path) if request else path


class WorldEventSerializer(serializers.ModelSerializer):
    """An entry of the world event log with who appended it: null for system events, and for
    readers who are not members (context `show_accounts=False`), as on the members page."""

    created_by = serializers.SerializerMethodField()
    description = serializers.CharField()
    voided_by = serializers.IntegerField(allow_null=True)

    class Meta:
        model = WorldEventRecord
        fields = [
            "seq",
            "kind",
            "payload",
            "description",
            "game_number",
            "source",
            "created_by",
            "created_at",
            "override_reason",
            "corrects",
            "voided_by",
        ]

    def get_created_by(self, record: WorldEventRecord) -> str | None:
        if record.created_by is None or not self.context.get("show_accounts", True):
            return None
        return record.created_by.get_username()
