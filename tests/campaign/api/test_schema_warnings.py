"""The OpenAPI schema is generated without warnings and says what the responses hold: who
appended an event may be unknown (null), a token is an object with its key."""

from __future__ import annotations

from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator


def _schema() -> dict:
    GENERATOR_STATS.reset()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert not GENERATOR_STATS, [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
    return schema


def test_the_schema_has_no_warnings_and_says_created_by_may_be_null(db):
    schema = _schema()
    created_by = schema["components"]["schemas"]["WorldEvent"]["properties"]["created_by"]
    assert created_by.get("nullable") is True
    token = schema["paths"]["/api/v1/token/"]["get"]["responses"]["200"]["content"]
    assert "token" in str(token) or "Token" in str(token)
