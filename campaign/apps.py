from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        # Connects the receivers that enqueue tasks after world events commit.
        from campaign import tasks  # noqa: F401
