"""Forms of a game's story on its history page: a photo to add, the account to write."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from campaign.models.game_story import ACCOUNT_MAX
from campaign.services.game_story import PHOTO_MAX_BYTES


class GamePhotoForm(forms.Form):
    image = forms.FileField(
        label=_("Photo of the board"),
        help_text=format_lazy(
            _("JPEG, PNG or WebP, up to {megabytes} MB."),
            megabytes=PHOTO_MAX_BYTES // 1024 // 1024,
        ),
        error_messages={"required": _("Choose a photo to add."), "empty": _("The file is empty.")},
        widget=forms.ClearableFileInput(attrs={"accept": "image/jpeg,image/png,image/webp"}),
    )
    caption = forms.CharField(label=_("Caption"), max_length=200, required=False)


class GameAccountForm(forms.Form):
    text = forms.CharField(
        label=_("How the game went"),
        max_length=ACCOUNT_MAX,
        required=False,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "A few paragraphs; the first line shows in the timeline. Empty it to remove it."
        ),
        error_messages={
            "max_length": format_lazy(
                _("Keep the account to {limit} characters (a few paragraphs)."), limit=ACCOUNT_MAX
            )
        },
    )
