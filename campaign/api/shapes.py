"""Shapes the schema gives answers that no serializer writes (the history and box views build
plain lists and dicts), so that the schema says what they hold: the schema-based fuzzer checks
every answer against them (tests/campaign/api/test_fuzz_schema.py)."""

from __future__ import annotations

from drf_spectacular.plumbing import build_array_type, build_basic_type
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

OBJECTS = build_array_type(build_basic_type(OpenApiTypes.OBJECT))  # a list of objects


def _words() -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField())


HISTORY_GAMES = inline_serializer(
    "HistoryGame",
    {
        "number": serializers.IntegerField(),
        "played_on": serializers.CharField(),
        "source": serializers.CharField(),
        "winner": serializers.CharField(allow_null=True, help_text="The winning faction's name."),
        "players": serializers.ListField(
            child=inline_serializer(
                "HistoryGamePlayer",
                {
                    "person": serializers.CharField(),
                    "name": serializers.CharField(),
                    "faction": serializers.CharField(),
                    "faction_name": serializers.CharField(),
                    "colour": serializers.CharField(),
                    "start": serializers.CharField(),
                    "start_name": serializers.CharField(),
                    "outcome": serializers.CharField(),
                    "outcome_label": serializers.CharField(),
                    "eliminated_by": serializers.CharField(),
                },
            )
        ),
        "signature": serializers.CharField(),
        "rewards": _words(),
        "scars": _words(),
        "incidents": _words(),
        "packs": _words(),
        "other": _words(),
        "overrides": serializers.ListField(child=serializers.DictField()),
        "corrections": serializers.ListField(child=serializers.DictField()),
        "voided": _words(),
        "world_name": serializers.CharField(),
        "draft": _words(),
        "events": _words(),
        "comebacks": _words(),
    },
    many=True,
)

STATS = inline_serializer(
    "StatsChart",
    {
        "title": serializers.CharField(),
        "bars": serializers.ListField(
            child=inline_serializer(
                "StatsBar",
                {
                    "label": serializers.CharField(),
                    "segments": serializers.ListField(
                        child=serializers.ListField(),
                        help_text='[what, how many] pairs, e.g. ["won", 2].',
                    ),
                },
            )
        ),
    },
    many=True,
)
