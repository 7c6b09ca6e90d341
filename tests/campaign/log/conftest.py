"""Fixtures of the game log and history tests.

- a fast password hasher (the shared fixtures create four users per test);
- tasks run in-process, even when REDIS_URL names a broker, except in `integration` tests,
  which use the real worker (`celery_worker_process`);
- `no_pack_hook` leaves the after-commit pack hook out so a test decides when packs are
  evaluated.
"""

import pytest

from campaign.services.hooks import world_events_appended
from campaign.tasks import _packs_evaluate_after_append
from config.celery import app


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def tasks_in_process(request):
    if request.node.get_closest_marker("integration"):
        yield
        return
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def no_pack_hook():
    world_events_appended.disconnect(dispatch_uid="campaign.packs_evaluate")
    yield
    world_events_appended.connect(
        _packs_evaluate_after_append, dispatch_uid="campaign.packs_evaluate"
    )
