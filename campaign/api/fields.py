"""Fields of the API's request shapes stricter than DRF's own."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from rest_framework import serializers


class Text(serializers.CharField):
    """DRF's CharField, refusing a JSON number or boolean where words belong (DRF turns `12`
    into "12": a guest named 12)."""

    default_error_messages = {"not_text": gettext_lazy("Give words (a JSON string) here.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_text")
        return super().to_internal_value(data)
