"""Idempotent writes: a POST sent with a key (the `Idempotency-Key` header, or the form field
`idempotency_key` that the pages' forms carry) is answered once; a retry with the same key gets
the first answer again and changes nothing.

The view runs in one transaction with the stored answer, so the answer exists exactly when the
write was committed: a client that saw an error (a lost connection, a 503) retries with the same
key and learns whether its write was recorded. Only answers below 400 are kept: a refused write
changed nothing, so its retry is simply checked again. Two requests racing with one key meet at
the table's unique constraint; the loser's work is rolled back and it answers the winner's.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from campaign.models import IdempotentAnswer

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
KEY = re.compile(r"[A-Za-z0-9_-]{8,100}")
REPLAYED = "Idempotent-Replayed"
# How long a first answer is kept: far past any client's retries.
KEPT_FOR = timedelta(days=2)


class IdempotencyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return self.get_response(request)
        key = idempotency_key(request)
        if not key:
            return self.get_response(request)
        user = _user(request)
        if user is None:
            return self.get_response(request)
        if not KEY.fullmatch(key):
            return _refusal(
                request,
                _("An idempotency key is 8 to 100 letters, digits, - or _."),
                "bad_idempotency_key",
                400,
            )
        fingerprint = _fingerprint(request)
        stored = IdempotentAnswer.objects.filter(user=user, key=key).first()
        if stored is not None:
            return _replay(request, stored, fingerprint)
        try:
            with transaction.atomic():
                response = self.get_response(request)
                if response.status_code >= 400:
                    # A twin sent at once may have been written meanwhile, making this one
                    # refused (the game already logged): the twin's answer is this one's.
                    twin = IdempotentAnswer.objects.filter(user=user, key=key).first()
                    if response.status_code >= 500 or twin is not None:
                        transaction.set_rollback(True)  # a failed write leaves nothing behind
                    if twin is not None:
                        return _replay(request, twin, fingerprint)
                elif not response.streaming:
                    IdempotentAnswer.objects.create(
                        user=user,
                        key=key,
                        fingerprint=fingerprint,
                        status=response.status_code,
                        content_type=response.get("Content-Type", ""),
                        location=response.get("Location", ""),
                        body=response.content.decode(response.charset or "utf-8"),
                    )
        except IntegrityError:
            stored = IdempotentAnswer.objects.filter(user=user, key=key).first()
            if stored is None:
                raise
            return _replay(request, stored, fingerprint)
        return response


def idempotency_key(request: HttpRequest) -> str:
    """The key of a POST: its header, or the pages' hidden field (read only from a form's
    body: a JSON body is the API's own)."""
    if request.method != "POST":
        return ""
    if key := request.headers.get(HEADER):
        return key
    if request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return request.POST.get(FIELD, "")
    return ""


def _user(request: HttpRequest):
    """The signed-in user, by session or by the API's token (the API authenticates in its views,
    after middleware; the token is read here the same way)."""
    if request.user.is_authenticated:
        return request.user
    header = request.headers.get("Authorization", "")
    if header.startswith("Token "):
        token = Token.objects.select_related("user").filter(key=header[6:].strip()).first()
        if token is not None and token.user.is_active:
            return token.user
    return None


def _fingerprint(request: HttpRequest) -> str:
    """Method, path and body: the same key on another request is a mistake, not a retry. A
    form's own key field and CSRF token are left out (a page rendered again sends new ones)."""
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    if request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        fields = sorted(
            (name, value)
            for name, values in request.POST.lists()
            if name not in (FIELD, "csrfmiddlewaretoken")
            for value in values
        )
        digest.update(repr(fields).encode())
    else:
        digest.update(request.body)
    return digest.hexdigest()


def _replay(request: HttpRequest, stored: IdempotentAnswer, fingerprint: str) -> HttpResponse:
    if stored.fingerprint != fingerprint:
        return _refusal(
            request,
            _("This idempotency key was used for another request; send a new key."),
            "idempotency_key_reused",
            422,
        )
    response = HttpResponse(stored.body, status=stored.status, content_type=stored.content_type)
    if stored.location:
        response["Location"] = stored.location
    response[REPLAYED] = "true"
    return response


def _refusal(request: HttpRequest, message: str, code: str, status: int) -> HttpResponse:
    body = {"errors": [{"code": code, "message": message, "rule": "DESIGN"}]}
    if request.path.startswith("/api/"):
        return JsonResponse(body, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def idempotent_answers_prune() -> int:
    """Delete the answers older than `KEPT_FOR` (a retry comes within minutes); returns how
    many went."""
    deleted, _ = IdempotentAnswer.objects.filter(created_at__lt=timezone.now() - KEPT_FOR).delete()
    return deleted
