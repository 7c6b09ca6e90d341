"""Settings come from the environment and a bad value stops the start with a clear message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_database, env_list, env_redis_url

ROOT = Path(__file__).resolve().parents[2]


def test_booleans_lists_and_urls_are_read(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    monkeypatch.setenv("HOSTS", "a.example, b.example ,")
    monkeypatch.setenv("REDIS", "redis://127.0.0.1:6379/1")
    monkeypatch.setenv("DB", "postgres://u@db.example:5432/risk")
    assert env_bool("FLAG", False) is True
    assert env_list("HOSTS", []) == ["a.example", "b.example"]
    assert env_redis_url("REDIS") == "redis://127.0.0.1:6379/1"
    assert env_database("DB", "")["NAME"] == "risk"
    monkeypatch.delenv("REDIS")
    assert env_redis_url("REDIS") is None


@pytest.mark.parametrize(
    ("name", "value", "read", "message"),
    [
        ("DEBUG", "maybe", lambda: env_bool("DEBUG", True), "DEBUG must be a boolean"),
        ("REDIS_URL", "http://x", lambda: env_redis_url("REDIS_URL"), "REDIS_URL must be"),
        ("DATABASE_URL", "mysql://x/y", lambda: env_database("DATABASE_URL", ""), "DATABASE_URL"),
        ("DATABASE_URL", "nonsense", lambda: env_database("DATABASE_URL", ""), "DATABASE_URL"),
    ],
)
def test_a_bad_value_names_the_variable(monkeypatch, name, value, read, message):
    monkeypatch.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=message):
        read()


def _start(**env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_service_refuses_to_start_without_a_secret_key_in_production():
    result = _start(DEBUG="0", SECRET_KEY="")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_the_service_refuses_to_start_with_a_bad_debug_value():
    result = _start(DEBUG="sometimes")
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr
