"""The API's one exception handler: every refusal answers `{"errors": [{code, message, rule}]}`.

ApplicationError carries its own status (400 refused, 403, 404, 409); a rules error is a 400;
DRF's own errors (validation, authentication, parse errors, 404/403) keep their status and
are reshaped into the same list.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from campaign.errors import ApplicationError
from rules.errors import RuleError


def api_exception_handler(exc, context):
    if isinstance(exc, ApplicationError):
        return Response(exc.as_json(), status=exc.status)
    if isinstance(exc, RuleError):
        return Response(ApplicationError.from_rule_error(exc).as_json(), status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or _("Not found."))
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or _("Not allowed."))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.APIException):
        response.data = {"errors": _errors(exc.detail)}
    return response


def _errors(detail, field: str | None = None) -> list[dict]:
    if isinstance(detail, dict):
        return [
            error
            for key, value in detail.items()
            for error in _errors(value, key if key != "non_field_errors" else field)
        ]
    if isinstance(detail, list):
        return [error for item in detail for error in _errors(item, field)]
    error = {
        "code": getattr(detail, "code", "invalid"),
        "message": f"{field}: {detail}" if field else str(detail),
        "rule": "",
    }
    if field:
        error["field"] = field
    return [error]
