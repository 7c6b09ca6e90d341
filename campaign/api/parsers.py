"""The API's JSON parser: DRF's, refusing nesting deeper than any payload of ours needs."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# The deepest payload the API takes (a campaign import: document > events > event > payload >
# players > player > held) is well under this; a few thousand brackets would otherwise exhaust
# Python's recursion in the decoder, or later in code that walks the data.
MAX_JSON_DEPTH = 32

TOO_DEEP = gettext_noop("JSON nested more than %(depth)s levels deep is not accepted.")


class BoundedJSONParser(JSONParser):
    """Parses JSON like DRF's parser and refuses (400) a body nested deeper than
    `MAX_JSON_DEPTH` arrays and objects."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(_(TOO_DEEP) % {"depth": MAX_JSON_DEPTH}) from exc
        if json_depth(data) > MAX_JSON_DEPTH:
            raise ParseError(_(TOO_DEEP) % {"depth": MAX_JSON_DEPTH})
        return data


def json_depth(value: Any) -> int:
    """How many arrays and objects deep `value` is (a scalar is 0), without recursion."""
    deepest = 0
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if deepest > MAX_JSON_DEPTH:
                break
            pending.extend((child, depth + 1) for child in item)
    return deepest
