from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = _("Notices")

    def ready(self) -> None:
        # Connects the receiver that tells members of packs opened in their campaign, and
        # registers the tasks the services send by name (`campaign.enqueue.enqueue_named`).
        from notices import receivers, tasks  # noqa: F401
