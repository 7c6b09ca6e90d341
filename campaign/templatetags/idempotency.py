"""`{% idempotency_field %}`: a hidden field with a key new at each rendering of a form, so a
form sent twice (a double click, a retry after a lost answer) is written once
(`campaign.idempotency`)."""

from __future__ import annotations

import uuid

from django import template
from django.utils.html import format_html

from campaign.idempotency import FIELD

register = template.Library()


@register.simple_tag
def idempotency_field() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, uuid.uuid4().hex)
