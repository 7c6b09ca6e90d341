"""The settings a signed-in person keeps with their account."""

from __future__ import annotations

import zoneinfo

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from accounts.models import Preferences


def _zones() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = Preferences
        fields = ["language", "time_zone"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        language = self.fields["language"]
        language.choices = [("", _("As my browser asks")), *settings.LANGUAGES]
        language.help_text = _("The language of every page, on any device you sign in on.")
        zone = forms.ChoiceField(
            label=_("Time zone"),
            required=False,
            choices=[("", _("As my browser says")), *_zones()],
            help_text=_("Dates, times and deadlines show in this zone."),
            error_messages={"invalid_choice": _("Choose a time zone from the list.")},
        )
        self.fields["time_zone"] = zone
        language.error_messages["invalid_choice"] = _("Choose a language from the list.")
