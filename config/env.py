"""Small helpers that read the environment and fail loudly on a bad value."""

import os
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no), not {raw!r}.")


def env_int(name: str, default: int) -> int:
    """A whole number of zero or more, in ASCII digits (seconds, counts)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip()
    if not (value.isascii() and value.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number (0, 1, 2...), not {raw!r}.")
    return int(value)


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_database(name: str, default: str) -> dict:
    raw = os.environ.get(name) or default
    try:
        # Connections live a minute; each request first checks the one it reuses, so a
        # connection the server dropped (a restart, a failover) is reopened instead of a 500.
        config = dj_database_url.parse(raw, conn_max_age=60, conn_health_checks=True)
    except Exception as exc:  # dj-database-url raises several types for a bad URL
        raise ImproperlyConfigured(
            f"{name} is not a usable database URL: {raw!r} ({exc})."
        ) from exc
    if config.get("ENGINE") not in {
        "django.db.backends.sqlite3",
        "django.db.backends.postgresql",
    }:
        raise ImproperlyConfigured(f"{name} must point at SQLite or PostgreSQL, not {raw!r}.")
    if config["ENGINE"] == "django.db.backends.postgresql":
        # Under ASGI every request runs in a thread of its own, so a connection kept by the
        # thread is never used again: each request would open a new one. A pool per process
        # lends them instead; Django then wants
        # no connection kept past its request.
        size = env_int("DATABASE_POOL_SIZE", 10)
        if size < 1:
            raise ImproperlyConfigured("DATABASE_POOL_SIZE must be 1 or more.")
        config["CONN_MAX_AGE"] = 0
        # The pool's own check on lending waits 1, 2, 4... seconds between dead connections
        # (a restart ends them all); each request checks the one it is lent instead and rids the
        # pool of every dead one at once (campaign.connection_loss).
        config["CONN_HEALTH_CHECKS"] = False
        config.setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(2, size),
            "max_size": size,
            "timeout": 10,
        }
    return config


def env_redis_url(name: str) -> str | None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    if not raw.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"{name} must be a redis:// URL, not {raw!r}.")
    return raw


_EMAIL_SCHEMES = {"smtp": False, "submission": True, "smtps": False}


def env_email(name: str) -> dict:
    """Django's EMAIL_* settings from an SMTP URL (`smtp://user:password@host:port`, with
    `?tls=1` for STARTTLS; `submission://` is port 587 with STARTTLS; `smtps://` is TLS from
    the start, port 465). Unset: {} (the console backend stays)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return {}
    url = urlsplit(raw)
    try:
        port = url.port
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} has a bad port: {raw!r}.") from exc
    if url.scheme not in _EMAIL_SCHEMES or not url.hostname:
        raise ImproperlyConfigured(
            f"{name} must be an smtp://, submission:// or smtps:// URL with a host, not {raw!r}."
        )
    query = {key: values[-1].lower() for key, values in parse_qs(url.query).items()}
    ssl = url.scheme == "smtps"
    return {
        "EMAIL_HOST": url.hostname,
        "EMAIL_PORT": port or (465 if ssl else 587 if url.scheme == "submission" else 25),
        "EMAIL_HOST_USER": unquote(url.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(url.password or ""),
        "EMAIL_USE_SSL": ssl,
        "EMAIL_USE_TLS": not ssl and (_EMAIL_SCHEMES[url.scheme] or query.get("tls") in _TRUE),
        "EMAIL_TIMEOUT": 10,
    }
