"""How django-allauth treats our accounts: failed sign-ins are counted per user name AND client
address, and a sign-in outlives a database connection lost while its password was checked."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest

from campaign.connection_loss import lend_live_connection


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key of the `login_failed` rate limit (ACCOUNT_RATE_LIMITS "…/key"). allauth's
        is the user name alone, so five wrong guesses by anyone locked its owner out too; with
        the client address in it, only the guesser's address is held back. allauth consumes,
        rolls back and (after a password reset) clears the limit through this one key."""
        login = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{login}:{self.get_client_ip(request)}"

    def authenticate(self, request: HttpRequest, **credentials: Any):
        """Checking a password holds the request's connection idle for most of a second: one
        the server ended meanwhile is replaced before the session is written."""
        user = super().authenticate(request, **credentials)
        lend_live_connection()
        return user
