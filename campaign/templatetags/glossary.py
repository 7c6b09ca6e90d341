"""Help with the game's words on the pages.

{% load glossary %}
{% glossary "red_stars missiles held_on" %}   a folded "Words on this page" box
{% term "held_on" "held on" %}                the words with a tooltip and a "?" link
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from campaign.glossary import glossary as every_term
from campaign.glossary import terms

register = template.Library()


@register.inclusion_tag("campaign/_glossary.html")
def glossary(keys: str) -> dict:
    return {"terms": terms(keys), "rules_url": reverse("campaign:rules_reference")}


@register.simple_tag
def term(key: str, words: str = "") -> SafeString:
    found = every_term()[key]
    return format_html(
        '<span class="term"><abbr title="{}">{}</abbr><a class="term-help" href="{}#{}" '
        'aria-label="{}">?</a></span>',
        found.text,
        words or found.term,
        reverse("campaign:rules_reference"),
        found.anchor,
        _("What does %(words)s mean?") % {"words": words or found.term},
    )
