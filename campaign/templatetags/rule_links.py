"""`{{ text|rule_links }}`: the rule IDs a refusal cites become "why" links to /rules/, so a code
such as X-7 never stands alone on a page. Built in to every template (config/settings.py)."""

from __future__ import annotations

import re

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from campaign.dates import local_date as _local_date
from campaign.selectors.rules_reference import rule_ids

register = template.Library()

# "(X-7)", "(rule X-7)" or a bare "X-7"; the parentheses go into the link.
RULE_ID = re.compile(
    r"\((?:rule )?((?:CONF|PRI|END|[GCPSTXMEWU])-\d+)\)|\b((?:CONF|PRI|END|[GCPSTXMEWU])-\d+)\b"
)
# Codes that mean "a choice of this service", not a rule a player could look up.
DESIGN = re.compile(r"\s*\(DESIGN\)|^DESIGN$")


@register.filter(is_safe=True)
def rule_links(text: object, style: str = "why") -> SafeString:
    """Escape `text` and link each rule ID of the reference to its anchor on /rules/. A refusal's
    "(X-7)" reads "why: X-7"; with `style` "plain" (the reference's own cross-references) the
    parentheses stay and only the ID is linked."""
    escaped = DESIGN.sub("", str(conditional_escape(text)).strip())
    if style == "why" and escaped in rule_ids():
        escaped = f"({escaped})"  # a refusal's bare `rule` attribute
    page = reverse("campaign:rules_reference")

    def link(match: re.Match[str]) -> str:
        rule = match.group(1) or match.group(2)
        if rule not in rule_ids():
            return match.group(0)
        why = _("why: %(rule)s") % {"rule": rule}
        words = why if match.group(1) and style == "why" else rule
        anchor = format_html(
            '<a class="rule rule-link" href="{}#{}" title="{}">{}</a>',
            page,
            rule,
            _("The rule %(rule)s") % {"rule": rule},
            words,
        )
        return f"({anchor})" if match.group(1) and style != "why" else anchor

    return mark_safe(RULE_ID.sub(link, escaped))


@register.filter
def local_date(value: object) -> str:
    """`{{ date|local_date }}`: a date or an ISO date string in the reader's language (English
    pages keep "2026-01-10")."""
    return _local_date(value)
