"""Django admin: owners and site admins manage campaigns, people, members and invitations.
World events, snapshots, game logs and digital games are read-only here: the world changes
only through its services, and a game's log is the game."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy

from campaign.models import (
    Campaign,
    DigitalGame,
    GameLog,
    GameMove,
    GameSeat,
    Invite,
    Membership,
    Person,
    Role,
    WorldEventRecord,
    WorldSnapshot,
)

LAST_OWNER = gettext_lazy("A campaign needs at least one owner: make someone else owner first.")


class MembershipForm(forms.ModelForm):
    """Refuses to demote a campaign's last owner, as the members page does."""

    def clean(self):
        data = super().clean()
        was_owner = self.instance.pk and self.instance.role == Role.OWNER
        if was_owner and data.get("role") != Role.OWNER:
            others = Membership.objects.filter(campaign_id=self.instance.campaign_id)
            if not others.filter(role=Role.OWNER).exclude(pk=self.instance.pk).exists():
                raise forms.ValidationError(LAST_OWNER, code="last_owner")
        return data


class MembershipFormSet(forms.BaseInlineFormSet):
    """The members of one campaign, edited together: at least one owner must stay."""

    def clean(self):
        super().clean()
        kept = [
            form.cleaned_data
            for form in self.forms
            if form.cleaned_data and not self._should_delete_form(form)
        ]
        if self.forms and not any(data.get("role") == Role.OWNER for data in kept):
            raise forms.ValidationError(LAST_OWNER, code="last_owner")


class MembershipInline(admin.TabularInline):
    model = Membership
    formset = MembershipFormSet
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
    form = MembershipForm
    list_display = ["user", "campaign", "role", "created"]
    list_filter = ["role", "campaign"]
    search_fields = ["user__username", "campaign__name"]
    autocomplete_fields = ["campaign", "user"]

    def has_delete_permission(self, request, obj=None):
        # Removing the last owner would leave nobody able to manage the campaign.
        if obj is not None and obj.role == Role.OWNER:
            owners = Membership.objects.filter(campaign_id=obj.campaign_id, role=Role.OWNER)
            if not owners.exclude(pk=obj.pk).exists():
                return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        # Bulk delete would skip the check above: members are removed one at a time.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions


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

    @admin.display(boolean=True, description=gettext_lazy("house rule"))
    def overridden(self, record: WorldEventRecord) -> bool:
        return bool(record.override_reason)


@admin.register(WorldSnapshot)
class WorldSnapshotAdmin(ReadOnlyAdmin):
    list_display = ["campaign", "is_current", "games_played", "after_seq", "updated_at"]
    list_filter = ["is_current", "campaign"]


@admin.register(GameLog)
class GameLogAdmin(ReadOnlyAdmin):
    list_display = ["campaign", "game_number", "logged_by", "created_at", "corrected", "house_rule"]
    list_filter = ["campaign"]
    search_fields = ["campaign__name", "override_reason", "correction_reason"]
    list_select_related = ["campaign", "logged_by", "corrects"]

    @admin.display(boolean=True, description=gettext_lazy("a correction"))
    def corrected(self, log: GameLog) -> bool:
        return log.corrects_id is not None

    @admin.display(boolean=True, description=gettext_lazy("house rule"))
    def house_rule(self, log: GameLog) -> bool:
        return bool(log.override_reason)


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0
    fields = ["index", "person", "kind", "user"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(DigitalGame)
class DigitalGameAdmin(ReadOnlyAdmin):
    list_display = ["campaign", "game_number", "status", "version", "created_by"]
    list_filter = ["status", "campaign"]
    search_fields = ["campaign__name"]
    list_select_related = ["campaign", "created_by"]
    # The seed decides every die still to roll: never shown here, even to site admins.
    exclude = ["seed", "initial_state", "state", "initial_world", "world"]
    inlines = [GameSeatInline]


@admin.register(GameMove)
class GameMoveAdmin(ReadOnlyAdmin):
    list_display = ["game", "index", "seat", "actor", "kind"]
    list_filter = ["actor", "game__campaign"]
    list_select_related = ["game", "game__campaign"]

    @admin.display(description=gettext_lazy("move"))
    def kind(self, move: GameMove) -> str:
        return str(move.move.get("type", "")) if isinstance(move.move, dict) else ""
