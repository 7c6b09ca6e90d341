"""How a person wants to hear of each kind of notice."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from notices.models import NoticeSettings


class NoticeSettingsForm(forms.ModelForm):
    class Meta:
        model = NoticeSettings
        fields = ["turn", "decision", "deadline", "game_over", "pack_opened"]

    def __init__(self, data=None, *args, **kwargs) -> None:
        kwargs.setdefault("prefix", "notices")
        instance = kwargs.get("instance")
        if data is not None and instance is not None:
            # A kind the submitted form left out (an older page, a script) keeps its choice.
            data = data.copy()
            for name in self.Meta.fields:
                data.setdefault(f"{kwargs['prefix']}-{name}", getattr(instance, name))
        super().__init__(data, *args, **kwargs)
        for field in self.fields.values():
            field.error_messages["invalid_choice"] = _("Choose e-mail, site only or off.")
