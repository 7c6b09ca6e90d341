"""Forms of a game's story on its history page: a photo to add, the account to write."""

from __future__ import annotations

from django import forms

from campaign.models.game_story import ACCOUNT_MAX
from campaign.services.game_story import PHOTO_MAX_BYTES


class GamePhotoForm(forms.Form):
    image = forms.FileField(
        label="Photo of the board",
        help_text=f"JPEG, PNG or WebP, up to {PHOTO_MAX_BYTES // 1024 // 1024} MB.",
        error_messages={"required": "Choose a photo to add.", "empty": "The file is empty."},
        widget=forms.ClearableFileInput(attrs={"accept": "image/jpeg,image/png,image/webp"}),
    )
    caption = forms.CharField(label="Caption", max_length=200, required=False)


class GameAccountForm(forms.Form):
    text = forms.CharField(
        label="How the game went",
        max_length=ACCOUNT_MAX,
        required=False,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="A few paragraphs; the first line shows in the timeline. Empty it to remove it.",
        error_messages={
            "max_length": f"Keep the account to {ACCOUNT_MAX} characters (a few paragraphs)."
        },
    )
