"""`{{ value|worded }}`: words the rules kept as data (why a pack opened, a refusal, a line of
a digital game's log) in the reader's language (`campaign.wording`)."""

from __future__ import annotations

from typing import Any

from django import template

from campaign.wording import reason_words
from campaign.wording import worded as _worded

register = template.Library()


@register.filter
def worded(value: Any) -> Any:
    if isinstance(value, str) and type(value) is str:
        return reason_words(value)  # plain text, or a reason kept in a text column
    return _worded(value) if value else value
