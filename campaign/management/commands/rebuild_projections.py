"""Recompute every campaign's cached worlds and log projections from its event log alone."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from campaign.models import Campaign
from campaign.services.world import world_snapshots_rebuild
from campaign.services.world_projection import projections_rebuild


class Command(BaseCommand):
    help = (
        "Rebuild the world snapshots and the projections pages read (voided entries, what each "
        "entry mentions, record gaps) from each campaign's world event log."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("slugs", nargs="*", help="Only these campaigns (default: all).")

    def handle(self, *args, slugs: list[str], **options) -> None:
        campaigns = Campaign.objects.order_by("pk")
        if slugs:
            campaigns = campaigns.filter(slug__in=slugs)
            missing = sorted(set(slugs) - set(campaigns.values_list("slug", flat=True)))
            if missing:
                raise CommandError(f"No such campaign: {', '.join(missing)}")
        for campaign in campaigns:
            with transaction.atomic():
                # The append's lock: nothing is appended while the projections are rebuilt.
                campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
                world_snapshots_rebuild(campaign=campaign)
                projections_rebuild(campaign=campaign)
            self.stdout.write(f"{campaign.slug}: rebuilt")
