"""Django admin: notices are read to answer "why did I (not) get an e-mail?"; people change
their own settings on their settings page, so the admin only reads here too."""

from django.contrib import admin

from notices.models import MailWindow, Notice, NoticeSettings


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Notice)
class NoticeAdmin(ReadOnlyAdmin):
    list_display = ["user", "kind", "campaign", "game", "ref", "mail", "created_at", "closed_at"]
    list_filter = ["kind", "mail"]
    list_select_related = ["user", "campaign", "game"]
    search_fields = ["user__username", "campaign__name"]


@admin.register(NoticeSettings)
class NoticeSettingsAdmin(ReadOnlyAdmin):
    list_display = ["user", "turn", "decision", "deadline", "game_over", "pack_opened"]
    search_fields = ["user__username"]


@admin.register(MailWindow)
class MailWindowAdmin(ReadOnlyAdmin):
    list_display = ["user", "campaign", "game", "last_sent_at"]
    list_select_related = ["user", "campaign", "game"]
