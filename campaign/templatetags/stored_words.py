"""`{{ text|reader_words }}`: a sentence the service stored (why a pack opened, a line of a
digital game's log) in the reader's language (`campaign.stored_words`)."""

from __future__ import annotations

from django import template

from campaign.stored_words import in_reader_words

register = template.Library()


@register.filter
def reader_words(text: str) -> str:
    return in_reader_words(str(text)) if text else text
