"""How Celery meets a dead worker and a dead broker: a task whose whole worker crashed goes to
another worker within minutes (not Celery's hour), but never while a countdown still runs; a
publish to an unreachable broker gives up after a bounded try."""

from __future__ import annotations

from campaign.services.digital.deadlines import DECISION_TIMEOUT, LASTING_PICK_TIMEOUT
from config.celery import app


def test_a_crashed_workers_task_is_redelivered_within_five_minutes_after_any_countdown():
    visibility = app.conf.broker_transport_options["visibility_timeout"]
    longest_countdown = max(LASTING_PICK_TIMEOUT, DECISION_TIMEOUT).total_seconds()
    assert longest_countdown + 60 <= visibility <= 300


def test_an_unreachable_broker_costs_a_request_at_most_two_short_attempts():
    policy = app.conf.task_publish_retry_policy
    assert policy["max_retries"] <= 1 and policy["interval_max"] <= 0.5
    assert app.conf.broker_connection_timeout <= 1
    assert app.conf.broker_transport_options["socket_connect_timeout"] <= 1
    assert app.conf.result_backend_transport_options["retry_policy"]["max_retries"] <= 2
