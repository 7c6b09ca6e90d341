"""The one reader of whole numbers in the forms: ASCII digits only, as `campaign.numbers` reads
them elsewhere, so a form never takes '٣' or ' 3 ' where another refuses them."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

_DIGITS = re.compile(r"-?[0-9]+")


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField, refusing in plain words anything but an optional minus sign and
    the digits 0 to 9: no other script's digits, no padding, no plus sign, no decimals."""

    default_error_messages = {"invalid": gettext_lazy("Enter a whole number in the digits 0 to 9.")}

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, str) and not _DIGITS.fullmatch(value):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)
