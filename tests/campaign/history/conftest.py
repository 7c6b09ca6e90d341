"""The game log tests' fixtures apply here too (fast hasher, tasks in process)."""

from tests.campaign.log.conftest import fast_password_hasher, tasks_in_process

__all__ = ["fast_password_hasher", "tasks_in_process"]
