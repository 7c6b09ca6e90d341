"""How django-allauth treats our accounts: failed sign-ins are counted per user name AND client
address."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key of the `login_failed` rate limit (ACCOUNT_RATE_LIMITS "…/key"). allauth's
        is the user name alone, so five wrong guesses by anyone locked its owner out too; with
        the client address in it, only the guesser's address is held back. allauth consumes,
        rolls back and (after a password reset) clears the limit through this one key."""
        login = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{login}:{self.get_client_ip(request)}"
