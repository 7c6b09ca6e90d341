"""`{{ text|rule_links }}`: the rule IDs a refusal cites become small links to /rules/ after its
words, so a code such as X-7 never interrupts a sentence. Built in to every template
(config/settings.py)."""

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

ID = r"(?:CONF|PRI|END|CL|IN|RS|[GCPSTXMEWU])-\d+"
# A bare "X-7", linked where it stands (the reference's cross-references).
RULE_ID = re.compile(rf"\b({ID})\b")
# Words in parentheses that cite rules: "(X-7)", "(rule END-5)", "(P-1 to P-3)", "(Pocket 1, U-6)".
CITING = re.compile(rf"\s*\(([^()]*\b{ID}\b[^()]*)\)")
# What is left of a citation once its rule IDs are out: joining words only, or words to keep.
JOINERS = re.compile(r"^(?:[\s,;:]|\b(?:rules?|reglas?|to|and|or|a|y|e|o)\b)*$")
# Codes that mean "a choice of this service", not a rule a player could look up.
DESIGN = re.compile(r"\s*\(DESIGN\)|^DESIGN$")


def _link(rule: str) -> str:
    return format_html(
        '<a class="rule rule-link" href="{}#{}" title="{}">{}</a>',
        reverse("campaign:rules_reference"),
        rule,
        _("The rule %(rule)s") % {"rule": rule},
        rule,
    )


@register.filter(is_safe=True)
def rule_links(text: object, style: str = "why") -> SafeString:
    """Escape `text` and link each rule ID of the reference to its anchor on /rules/. A
    refusal's words come first, whole: the rules it cites in parentheses ("(X-7)", "(P-1 to
    P-3)") leave the sentence and follow it as small links. With `style` "plain" (the
    reference's own cross-references) each ID is linked where it stands."""
    escaped = DESIGN.sub("", str(conditional_escape(text)).strip())
    if style == "plain":
        return mark_safe(
            RULE_ID.sub(lambda m: _link(m[1]) if m[1] in rule_ids() else m[0], escaped)
        )
    cited: list[str] = []

    def lift(match: re.Match[str]) -> str:
        inside = match[1]
        found = [rule for rule in RULE_ID.findall(inside) if rule in rule_ids()]
        if not found:
            return match[0]
        cited.extend(found)
        rest = RULE_ID.sub("", inside)
        if JOINERS.match(rest):
            return ""
        return f" ({rest.strip(' ,;:')})"

    words = CITING.sub(lift, escaped).strip()
    if not cited and words in rule_ids():  # a refusal's bare `rule` attribute
        cited, words = [words], ""
    links = " ".join(_link(rule) for rule in dict.fromkeys(cited))
    return mark_safe(" ".join(part for part in (words, links) if part))


@register.filter
def local_date(value: object) -> str:
    """`{{ date|local_date }}`: a date or an ISO date string in the reader's language (English
    pages keep "2026-01-10")."""
    return _local_date(value)
