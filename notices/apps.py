from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = _("Notices")

    def ready(self) -> None:
        # Connects the receiver that tells members of packs opened in their campaign.
        from notices import receivers  # noqa: F401
