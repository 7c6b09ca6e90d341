"""A database connection the server dropped (a restart, a failover, an idle timeout) is checked
and reopened when a request starts, so it costs no request a 500: SQLite's by Django
(`CONN_HEALTH_CHECKS`), PostgreSQL's pooled ones by `campaign.connection_loss`, which rids the
pool of every dead one at once where the pool's own check would wait seconds between them."""

from __future__ import annotations

import psycopg
import pytest
from django.db import close_old_connections, connection

from campaign.connection_loss import lend_live_connection
from config.env import env_database


def test_every_database_url_checks_a_reused_connection_first(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/campaigns.sqlite3")
    assert env_database("DATABASE_URL", "")["CONN_HEALTH_CHECKS"] is True
    monkeypatch.setenv("DATABASE_URL", "postgres://app@db:5432/campaigns")
    assert env_database("DATABASE_URL", "")["CONN_HEALTH_CHECKS"] is False  # checked per request


def test_postgresql_connections_come_from_a_pool_of_the_process(monkeypatch):
    """Under ASGI each request has a thread of its own: a connection kept by a thread would
    never be reused, so PostgreSQL's are lent by a pool, and SQLite's are kept a minute."""
    monkeypatch.setenv("DATABASE_URL", "postgres://app@db:5432/campaigns")
    monkeypatch.setenv("DATABASE_POOL_SIZE", "6")
    postgres = env_database("DATABASE_URL", "")
    assert postgres["CONN_MAX_AGE"] == 0
    assert postgres["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 6, "timeout": 10}
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/campaigns.sqlite3")
    sqlite = env_database("DATABASE_URL", "")
    assert sqlite["CONN_MAX_AGE"] > 0 and "pool" not in sqlite.get("OPTIONS", {})


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("backends_ended")
def test_a_connection_postgresql_dropped_is_reopened_at_the_next_request(owner):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    dropped = connection.connection.info.backend_pid
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=db["NAME"],
        autocommit=True,
    ) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [dropped])

    close_old_connections()  # what Django does as each request starts
    lend_live_connection()  # and what the first middleware does
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM auth_user")
        assert cursor.fetchone() == (1,)
    assert connection.connection.info.backend_pid != dropped
