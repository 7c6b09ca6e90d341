"""The production configuration: `DEBUG=0`, a secret key and the host names are all it takes
for `check --deploy` to find nothing; the switches for a proxy that terminates TLS work."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_int

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-key-of-fifty-characters-or-more-0123456789-abcdefgh",
    "ALLOWED_HOSTS": "campaigns.example.org",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """`manage.py` in a fresh process whose environment holds the variables the test names and
    nothing else of this machine's or this test run's (PATH aside)."""
    environment = {"PATH": os.environ.get("PATH", ""), **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_check_deploy_reports_nothing_with_only_the_required_production_variables():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr


def _settings(*names: str, **env: str) -> list[str]:
    code = "from django.conf import settings as s; " + "; ".join(
        f"print(repr(s.{name}))" for name in names
    )
    result = _manage("shell", "-v", "0", "-c", code, **PRODUCTION, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()


def test_production_defaults_are_secure():
    redirect, hsts, session, csrf, proxy_header = _settings(
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_PROXY_SSL_HEADER",
    )
    assert (redirect, session, csrf) == ("True", "True", "True")
    assert int(hsts) >= 31536000
    assert proxy_header == "None"  # X-Forwarded-Proto is not trusted unless asked


def test_behind_a_tls_proxy_the_forwarded_proto_is_trusted_and_the_redirect_left_to_it():
    redirect, proxy_header, proxies = _settings(
        "SECURE_SSL_REDIRECT",
        "SECURE_PROXY_SSL_HEADER",
        "ALLAUTH_TRUSTED_PROXY_COUNT",
        TRUST_X_FORWARDED_PROTO="1",
        SECURE_SSL_REDIRECT="0",
        TRUSTED_PROXY_COUNT="1",
    )
    assert redirect == "False"
    assert proxy_header == "('HTTP_X_FORWARDED_PROTO', 'https')"
    assert proxies == "1"


def test_a_bad_switch_stops_the_start_naming_the_variable():
    result = _manage("check", **PRODUCTION, TRUSTED_PROXY_COUNT="two")
    assert result.returncode != 0
    assert "TRUSTED_PROXY_COUNT must be a whole number" in result.stderr


def test_whole_numbers_are_read_and_refused_loudly(monkeypatch):
    monkeypatch.setenv("HSTS", "600")
    assert env_int("HSTS", 0) == 600
    assert env_int("UNSET_NUMBER", 7) == 7
    for bad in ("-1", "1e3", "²", ""):
        monkeypatch.setenv("HSTS", bad)
        with pytest.raises(ImproperlyConfigured, match="HSTS must be a whole number"):
            env_int("HSTS", 0)


def test_static_files_are_served_compressed_by_the_application(settings):
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings.MIDDLEWARE
    middleware = settings.MIDDLEWARE
    assert middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") == (
        middleware.index("django.middleware.security.SecurityMiddleware") + 1
    )
    (backend,) = _settings('STORAGES["staticfiles"]["BACKEND"]')
    assert backend == "'whitenoise.storage.CompressedManifestStaticFilesStorage'"


def test_with_redis_the_sign_in_limits_count_in_the_shared_cache():
    (cache,) = _settings('CACHES["default"]', REDIS_URL="redis://127.0.0.1:6379/0")
    assert "'BACKEND': 'config.cache.FailSoftRedisCache'" in cache
    assert "'LOCATION': 'redis://127.0.0.1:6379/0'" in cache


def test_a_redis_key_prefix_reaches_the_queue_the_results_and_the_cache():
    """Services sharing one Redis database keep apart by the prefix (README, Configuration)."""
    broker, results, cache = _settings(
        'CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"]',
        'CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS["global_keyprefix"]',
        'CACHES["default"]["KEY_PREFIX"]',
        REDIS_URL="redis://127.0.0.1:6379/0",
        REDIS_KEY_PREFIX="boot:",
    )
    assert broker == results == cache == "'boot:'"


def test_with_redis_live_game_news_travels_through_it_under_the_key_prefix():
    """Every server process and machine hears every game's news (campaign.live), published
    once per news under a prefix that names the database (published channels span them all)."""
    (layer,) = _settings(
        'CHANNEL_LAYERS["default"]',
        REDIS_URL="redis://127.0.0.1:6379/3",
        REDIS_KEY_PREFIX="boot:",
    )
    assert "'BACKEND': 'channels_redis.pubsub.RedisPubSubChannelLayer'" in layer
    assert "'address': 'redis://127.0.0.1:6379/3'" in layer
    assert "'prefix': 'boot:asgi-db3'" in layer


def test_without_redis_live_game_news_stays_in_the_one_process():
    (layer,) = _settings('CHANNEL_LAYERS["default"]["BACKEND"]')
    assert layer == "'channels.layers.InMemoryChannelLayer'"
