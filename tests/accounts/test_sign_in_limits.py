"""Failed sign-ins are limited per user name AND client address, so someone guessing a
password cannot lock its owner out; with Redis unreachable, signing in still works."""

from __future__ import annotations

import socket
import uuid

import pytest
from django.core.cache import cache
from django.test import Client

from tests.conftest import PASSWORD


@pytest.fixture(autouse=True)
def _fresh_limits(settings):
    """The limits live in the cache: each test counts in a cache of its own (never the shared
    Redis of the PostgreSQL pass, which other tests and runs use too)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"sign-in-limits-{uuid.uuid4().hex}",
        }
    }


def _sign_in(client: Client, login: str, password: str):
    return client.post("/accounts/login/", {"login": login, "password": password})


def test_five_wrong_passwords_from_one_address_do_not_lock_the_owner_out(owner):
    guesser = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(5):
        assert _sign_in(guesser, owner.username, "guess").status_code == 200
    refused = _sign_in(guesser, owner.username, PASSWORD)
    assert "_auth_user_id" not in guesser.session
    assert "Too many failed login attempts" in refused.content.decode()

    owner_browser = Client(REMOTE_ADDR="198.51.100.20")
    assert _sign_in(owner_browser, owner.username, PASSWORD).status_code == 302
    assert owner_browser.session["_auth_user_id"] == str(owner.pk)


def test_one_address_is_still_limited_across_user_names(owner, player, viewer, outsider):
    guesser = Client(REMOTE_ADDR="203.0.113.10")
    names = [owner.username, player.username, viewer.username, outsider.username]
    answers = [_sign_in(guesser, names[i % 4], "guess") for i in range(12)]
    assert any("Too many failed login attempts" in a.content.decode() for a in answers)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_unreachable(settings):
    """The production cache pointed at a port nothing listens on."""
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
        }
    }


def test_with_redis_unreachable_signing_in_still_works(redis_unreachable, owner):
    browser = Client()
    assert _sign_in(browser, owner.username, "guess").status_code == 200
    signed_in = _sign_in(browser, owner.username, PASSWORD)
    assert signed_in.status_code == 302
    assert browser.session["_auth_user_id"] == str(owner.pk)


def test_with_redis_unreachable_failed_sign_ins_are_still_limited(redis_unreachable, owner):
    guesser = Client(REMOTE_ADDR="203.0.113.11")
    for _ in range(5):
        _sign_in(guesser, owner.username, "guess")
    refused = _sign_in(guesser, owner.username, PASSWORD)
    assert "Too many failed login attempts" in refused.content.decode()


def test_the_cache_answers_from_memory_while_redis_is_down(redis_unreachable):
    cache.set("game", 3)
    assert cache.get("game") == 3
    assert cache.add("lock", True) is True
    assert cache.add("lock", True) is False
    assert cache.incr("game") == 4
    cache.delete("game")
    assert cache.get("game", "gone") == "gone"
