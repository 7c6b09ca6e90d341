"""The first answer to a write sent with an idempotency key, so a retry gets it again."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class IdempotentAnswer(models.Model):
    """What a write keyed (user, key) answered: stored in the write's own transaction, so it
    exists exactly when the write was committed. `fingerprint` (method, path and a hash of the
    body) tells a retry from a different request reusing the key."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=100)
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    content_type = models.CharField(max_length=100)
    location = models.CharField(max_length=500, blank=True)
    body = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotent_answer_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.key} -> {self.status}"
