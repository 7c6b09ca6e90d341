"""`{% packs_now campaign %}`: which sealed pack to open now and why, and the progress toward
countable conditions, for any campaign page (contents are never shown)."""

from __future__ import annotations

from django import template

from campaign.selectors.history.packs import packs_status

register = template.Library()


@register.inclusion_tag("campaign/history/_packs.html")
def packs_now(campaign, world=None, names=None) -> dict:
    """`world`: the campaign's world now, and `names` its people's names, when the page has
    them already."""
    return {
        "packs": packs_status(campaign=campaign, world=world, names=names),
        "compact": True,
        "campaign": campaign,
    }
