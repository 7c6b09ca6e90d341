"""Each pytest-xdist worker gets a Redis database of its own (REDIS_URL's number plus the
worker's index: gw0 keeps it, gw1 takes the next one), as pytest-django gives it a test
database of its own: the workers' games share ids, so their live pages' groups, their cached
counts and their Celery queues would otherwise meet in one Redis database.

Loaded with `-p tests.xdist_redis` (bin/test's PostgreSQL pass) because Django's settings read
REDIS_URL while pytest starts, before any conftest; the Celery worker a session starts inherits
the change. tests/conftest.py refuses an xdist run on Redis that did not load it."""

from __future__ import annotations

import os
import re

# Redis's default number of databases (its `databases` setting).
REDIS_DATABASES = 16


def worker_redis_url(url: str, worker: str) -> str:
    """`url` with its database number moved on by the index of xdist worker `worker` (`gw3`)."""
    index = int(worker.removeprefix("gw"))
    match = re.fullmatch(r"(redis://[^/?#]*)(?:/(\d*))?([?#].*)?", url)
    if match is None:
        raise ValueError(f"REDIS_URL must be redis://host:port/number to run under xdist: {url!r}")
    prefix, number, rest = match.groups()
    database = int(number or 0) + index
    if database >= REDIS_DATABASES:
        raise ValueError(
            f"xdist worker {worker} would need Redis database {database}, past the last ("
            f"{REDIS_DATABASES - 1}): give REDIS_URL a lower number or run fewer workers."
        )
    return f"{prefix}/{database}{rest or ''}"


_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = worker_redis_url(os.environ["REDIS_URL"], _worker)
