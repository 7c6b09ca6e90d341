"""The Celery app; tasks run eagerly unless REDIS_URL names a broker."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("risk_legacy")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
