"""Under pytest-xdist each worker talks to a Redis database of its own, so the PostgreSQL pass
of bin/test can run in parallel without one worker's games, cache or queue reaching another's."""

from __future__ import annotations

import pytest

from tests.xdist_redis import worker_redis_url


@pytest.mark.parametrize(
    ("url", "worker", "expected"),
    [
        ("redis://127.0.0.1:6379/0", "gw0", "redis://127.0.0.1:6379/0"),
        ("redis://127.0.0.1:6379/0", "gw1", "redis://127.0.0.1:6379/1"),
        ("redis://127.0.0.1:6379/7", "gw1", "redis://127.0.0.1:6379/8"),
        ("redis://127.0.0.1:6379", "gw1", "redis://127.0.0.1:6379/1"),
        (
            "redis://:secret@cache:6380/2?socket_timeout=3",
            "gw1",
            "redis://:secret@cache:6380/3?socket_timeout=3",
        ),
    ],
)
def test_each_xdist_worker_gets_the_next_redis_database(url, worker, expected):
    assert worker_redis_url(url, worker) == expected


def test_a_worker_past_the_last_redis_database_is_refused_in_plain_words():
    with pytest.raises(ValueError, match="past the last"):
        worker_redis_url("redis://127.0.0.1:6379/15", "gw1")


def test_a_socket_url_cannot_be_split_per_worker():
    with pytest.raises(ValueError, match="redis://host:port/number"):
        worker_redis_url("unix:///run/redis.sock", "gw1")
