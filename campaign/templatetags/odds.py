"""Figures of the odds pages, in the reader's number format."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def percent(chance: float) -> str:
    """A chance from 0 to 1 as a percentage with one decimal, without the sign."""
    return number_format(chance * 100, 1)


@register.filter
def troops(expected: float) -> str:
    """An expected number of troops, with one decimal."""
    return number_format(expected, 1)
