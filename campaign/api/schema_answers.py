"""A schema hook: the refusals every operation can give, written where a view's `extend_schema`
left them out. Any operation naming a campaign, game or member in its path answers 404 when it
names none the caller may read; any operation taking a body answers 400 to one it refuses
(unreadable JSON at least), in the API's one error shape."""

from __future__ import annotations

from typing import Any

REFUSAL = {"$ref": "#/components/schemas/Refusal"}
DESCRIPTIONS = {"400": "Refused: every reason listed.", "404": "No such thing for you."}


def document_refusals(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            answers = operation.setdefault("responses", {})
            if any(p.get("in") == "path" for p in operation.get("parameters", [])):
                _add(answers, "404")
            if "requestBody" in operation:
                _add(answers, "400")
    return result


def _add(answers: dict[str, Any], status: str) -> None:
    answers.setdefault(
        status,
        {"content": {"application/json": {"schema": REFUSAL}}, "description": DESCRIPTIONS[status]},
    )
