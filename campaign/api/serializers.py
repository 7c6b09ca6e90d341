"""Serializers of the campaign API: shapes only; the work is done by services."""

from __future__ import annotations

from rest_framework import serializers

from campaign.models import Campaign, Invite, Membership, Role, WorldEventRecord


class CampaignSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    url = serializers.HyperlinkedIdentityField(
        view_name="api:campaign-detail", lookup_field="slug", read_only=True
    )

    class Meta:
        model = Campaign
        fields = ["url", "slug", "name", "owner", "is_public", "created"]
        read_only_fields = ["slug", "owner", "created"]


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
