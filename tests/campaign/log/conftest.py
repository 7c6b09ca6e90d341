"""A fast password hasher (the shared fixtures create four users per test), and a way to
leave the after-commit pack hook out so a test decides when packs are evaluated."""

import pytest

from campaign.services.hooks import world_events_appended
from campaign.tasks import _packs_evaluate_after_append


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def no_pack_hook():
    world_events_appended.disconnect(dispatch_uid="campaign.packs_evaluate")
    yield
    world_events_appended.connect(
        _packs_evaluate_after_append, dispatch_uid="campaign.packs_evaluate"
    )
