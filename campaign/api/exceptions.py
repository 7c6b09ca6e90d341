"""The API's one exception handler: every refusal answers `{"errors": [{code, message, rule}]}`.

ApplicationError carries its own status (400 refused, 403, 404, 409); a rules error is a 400;
a body past DATA_UPLOAD_MAX_MEMORY_SIZE is a 413; DRF's own errors (validation,
authentication, parse errors, 404/403) keep their status and are reshaped into the same list.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
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
    if isinstance(exc, RequestDataTooBig):
        return Response(too_large().as_json(), status=413)
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


def too_large() -> ApplicationError:
    """The refusal of a request body larger than the server reads."""
    return ApplicationError(
        _("The request body is larger than %(size)s MB, the most the server reads.")
        % {"size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1_000_000},
        code="too_large",
        status=413,
    )


def _api_path(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler404: an unknown address under /api/ answers in the API's shape, a page's in HTML."""
    if _api_path(request):
        return _json(ApplicationError(_("Not found."), code="not_found", status=404))
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler400: what Django refuses before a view (a body too large) in the API's shape."""
    if _api_path(request):
        if isinstance(exception, RequestDataTooBig):
            return _json(too_large())
        return _json(ApplicationError(_("Bad request."), code="bad_request"))
    return defaults.bad_request(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: even a failure under /api/ answers in the API's shape."""
    if _api_path(request):
        return _json(
            ApplicationError(
                _("Something went wrong on the server; nothing is lost by trying again."),
                code="server_error",
                status=500,
            )
        )
    return defaults.server_error(request)


def _json(error: ApplicationError) -> JsonResponse:
    return JsonResponse(error.as_json(), status=error.status)
