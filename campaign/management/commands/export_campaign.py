"""manage.py export_campaign <slug> [-o file]: write a campaign as one JSON document."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from campaign.services.export import campaign_export


class Command(BaseCommand):
    help = "Export a campaign (event log, overrides, corrections, persons, settings) as JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, slug: str, output: str | None = None, **options) -> None:
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"No campaign with slug {slug!r}.")
        text = json.dumps(campaign_export(campaign=campaign), indent=2, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.stderr.write(f"Exported {campaign.name} to {output}.")
        else:
            self.stdout.write(text)
