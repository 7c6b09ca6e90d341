from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = _("Campaigns")

    def ready(self) -> None:
        # Connects the receivers that enqueue tasks after world events commit, and registers
        # the tasks the services send by name (`campaign.enqueue.enqueue_named`).
        # The engine's words (refusals, game-log lines, data names) in the reader's language.
        from django.utils import translation

        from campaign import tasks  # noqa: F401
        from rules import words

        words.install(translation.gettext, translation.ngettext, translation.get_language)
