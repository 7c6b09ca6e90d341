"""Django admin: owners and site admins manage campaigns, people, members and invitations.
World events and snapshots are read-only here: the world changes only through its service."""

from django.contrib import admin

from campaign.models import Campaign, Invite, Membership, Person, WorldEventRecord, WorldSnapshot


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


class PersonInline(admin.TabularInline):
    model = Person
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "owner", "is_public", "created"]
    list_filter = ["is_public", "created"]
    search_fields = ["name", "slug", "owner__username"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["owner"]
    inlines = [MembershipInline, PersonInline]
    date_hierarchy = "created"


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ["display_name", "key", "campaign", "user", "created"]
    list_filter = ["campaign"]
    search_fields = ["display_name", "key", "user__username", "campaign__name"]
    autocomplete_fields = ["campaign", "user"]

    def get_readonly_fields(self, request, obj=None):
        # The world refers to people by key: it never changes once created.
        return ["key"] if obj else []


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "campaign", "role", "created"]
    list_filter = ["role", "campaign"]
    search_fields = ["user__username", "campaign__name"]
    autocomplete_fields = ["campaign", "user"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ["campaign", "role", "created_by", "created", "expires_at", "used_at", "used_by"]
    list_filter = ["role", "campaign"]
    search_fields = ["campaign__name", "created_by__username", "used_by__username"]
    readonly_fields = ["token", "used_at", "used_by"]
    autocomplete_fields = ["campaign", "created_by"]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(WorldEventRecord)
class WorldEventRecordAdmin(ReadOnlyAdmin):
    list_display = [
        "campaign",
        "seq",
        "kind",
        "game_number",
        "source",
        "created_by",
        "created_at",
        "overridden",
    ]
    list_filter = ["kind", "source", "campaign"]
    search_fields = ["campaign__name", "kind", "override_reason"]
    list_select_related = ["campaign", "created_by"]

    @admin.display(boolean=True, description="house rule")
    def overridden(self, record: WorldEventRecord) -> bool:
        return bool(record.override_reason)


@admin.register(WorldSnapshot)
class WorldSnapshotAdmin(ReadOnlyAdmin):
    list_display = ["campaign", "is_current", "games_played", "after_seq", "updated_at"]
    list_filter = ["is_current", "campaign"]
