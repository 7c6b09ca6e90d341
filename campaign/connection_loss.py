"""A lost database connection is not a 500: a read is tried once more on a fresh connection, and
a write answers 503 with Retry-After.

A connection that drops mid-request (the server restarted, a backend was ended) makes the
request's next query raise `OperationalError` or `InterfaceError`. Whatever the request was
writing was in a transaction the database rolls back when the connection goes, so nothing of it
is applied: the client may send it again (with its idempotency key, `campaign.idempotency`, in
case the commit itself got through before the connection went). A read changes nothing, so it is
simply run again; so is a sign-in, whose retry at worst opens a second session, and a write
sent with an idempotency key.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.conf import settings
from django.core.signals import got_request_exception
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from campaign.idempotency import idempotency_key

LOST = (OperationalError, InterfaceError)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Writes whose second run does no harm: tried again like a read.
RETRIED_WRITES = frozenset({"account_login"})
RETRY_AFTER_SECONDS = 2
_FLAG = "_database_connection_lost"


@receiver(got_request_exception)
def _note_lost_connection(sender, request: HttpRequest | None = None, **kwargs) -> None:
    """Django tells of an exception at any layer here, while it is being handled."""
    if request is not None and isinstance(sys.exc_info()[1], LOST):
        setattr(request, _FLAG, True)


class ConnectionLossMiddleware:
    """Outermost: it sees the request's answer after every other layer has given up on it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        tries = 0
        while True:
            if not request.path.startswith(settings.STATIC_URL):
                lend_live_connection()
            with connections[DEFAULT_DB_ALIAS].execute_wrapper(reread_on_fresh_connection):
                response = self.get_response(request)
            if not getattr(request, _FLAG, False):
                return response
            drop_broken_connections()
            tries += 1
            if tries > _retries(request):
                return unavailable(request)
            setattr(request, _FLAG, False)


def _retries(request: HttpRequest) -> int:
    """How many times a request is run again: a read or a sign-in once; a write sent with an
    idempotency key twice, the key making each run safe (had an earlier one committed after
    all, the next answers its stored answer); any other write never."""
    match = request.resolver_match
    if request.method in SAFE_METHODS or (match is not None and match.url_name in RETRIED_WRITES):
        return 1
    return 2 if idempotency_key(request) else 0


def reread_on_fresh_connection(execute, sql, params, many, context):
    """A query wrapper: a SELECT outside any transaction whose connection is found lost (ended
    while the request was busy elsewhere) runs again on a fresh connection, in the same cursor.
    A SELECT changes nothing, and outside a transaction nothing else of the request was pending
    on the lost connection; any other statement's error goes on up."""
    try:
        return execute(sql, params, many, context)
    except LOST:
        connection = context["connection"]
        if connection.in_atomic_block or not sql.lstrip()[:6].upper() == "SELECT":
            raise
        drop_broken_connections()
        connection.close()
        connection.ensure_connection()
        context["cursor"].cursor = connection.create_cursor()
        return execute(sql, params, many, context)


def lend_live_connection() -> None:
    """Before a request, make sure the pool lent it a live connection: one the server ended
    while it sat idle fails its first query. Checked here with one round trip, so a write never
    starts on a dead connection; on a dead one the pool is rid of every dead one at once (the
    pool's own check on lending would wait seconds between dead ones)."""
    connection = connections[DEFAULT_DB_ALIAS]
    if getattr(connection, "pool", None) is None:
        return  # SQLite: no server to lose
    try:
        connection.ensure_connection()
    except LOST:
        drop_broken_connections()
        return
    if not connection.is_usable():
        drop_broken_connections()


def drop_broken_connections() -> None:
    """Close every connection that no longer answers, so the next query opens a new one, and
    rid the process's pool of the idle connections lost with it (a server restart or failover
    ends them all): the retry is lent a live one instead of waiting on dead ones."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and not connection.is_usable():
            connection.close()
        pool = getattr(connection, "pool", None)
        if pool is not None:
            pool.check()


def unavailable(request: HttpRequest) -> HttpResponse:
    message = _(
        "The database could not be reached just now, so nothing was written. Please try again "
        "in a moment."
    )
    if request.path.startswith("/api/"):
        body = {"errors": [{"code": "database_unavailable", "message": message, "rule": ""}]}
        response: HttpResponse = JsonResponse(body, status=503)
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
