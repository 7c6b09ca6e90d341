"""Sending a task to the workers from a request, without letting a broker outage reach the
person who made the request.

Every task a request sends is a follow-up of something already committed (open the packs now
due, take an overdue default), and each has a backstop: the beat sweep (`packs_sweep`) opens
what is due within a minute of Redis coming back, and the game page takes overdue defaults
itself. So when Redis cannot be reached the task is dropped with a warning after a short, bounded
try (`CELERY_TASK_PUBLISH_RETRY_POLICY`, `CELERY_BROKER_CONNECTION_TIMEOUT` in settings), and the
request answers as if it had been sent. After such a failure the process sends nothing for
`BROKER_REST_SECONDS` (every task dropped meanwhile has the same backstops), so a request that
tells several people, or the requests that follow it, do not each pay for the attempts again.

A service sends a task by its registered name (`enqueue_named`): the tasks module imports the
services it calls, so a service importing the task back would close a circle.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import Task, current_app
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)

BROKER_REST_SECONDS = 30.0
_broker_rests_until = 0.0  # monotonic time until which nothing is sent; 0: send


def enqueue(task: Task, *args: Any, countdown: float | None = None) -> bool:
    """Send `task(*args)`; False (logged) when the broker could not take it. The request never
    waits on its result, so none is asked for: the web process then never opens the result
    store's connection, whose retries would otherwise hold the request for 20 s."""
    global _broker_rests_until
    if time.monotonic() < _broker_rests_until:
        logger.info(
            "Broker lately unreachable, %s%r not sent (the sweep catches up)", task.name, args
        )
        return False
    try:
        task.apply_async(args, countdown=countdown, ignore_result=True)
    except (OperationalError, OSError) as exc:
        _broker_rests_until = time.monotonic() + BROKER_REST_SECONDS
        logger.warning(
            "Broker unreachable, %s%r not sent (the sweep catches up): %s", task.name, args, exc
        )
        return False
    _broker_rests_until = 0.0
    return True


def enqueue_named(name: str, *args: Any, countdown: float | None = None) -> bool:
    """`enqueue` the task registered as `name` (its module's path and function name, e.g.
    `campaign.tasks.packs_evaluate`); the apps import their tasks modules when they start."""
    return enqueue(current_app.tasks[name], *args, countdown=countdown)
