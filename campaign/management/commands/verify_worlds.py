"""Check every campaign's cached world against a replay of its event log."""

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from campaign.selectors.world import world_snapshot_mismatches


class Command(BaseCommand):
    help = "Verify that each campaign's world snapshot equals a replay of its world events."

    def handle(self, *args, **options):
        failed = []
        for campaign in Campaign.objects.order_by("pk"):
            problems = world_snapshot_mismatches(campaign=campaign)
            if problems:
                failed.append(campaign)
                for problem in problems:
                    self.stderr.write(f"{campaign.slug} ({campaign.name}): {problem}")
            else:
                self.stdout.write(f"{campaign.slug}: ok")
        if failed:
            names = ", ".join(c.slug for c in failed)
            raise CommandError(f"{len(failed)} campaign(s) do not match their log: {names}")
        self.stdout.write(self.style.SUCCESS("Every world equals the replay of its log."))
