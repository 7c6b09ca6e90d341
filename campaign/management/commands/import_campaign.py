"""manage.py import_campaign <file> --owner <username>: a NEW campaign from an export.

Run by whoever runs the server (the restore of a backup), so persons keep their links to
every account known here; the rules' checks are the same as the API's import."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaign.errors import ApplicationError
from campaign.services.export import campaign_import


class Command(BaseCommand):
    help = "Import a campaign exported with export_campaign into a new campaign."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")
        parser.add_argument("--owner", required=True, help="Username of the new campaign's owner.")

    def handle(self, *args, file: str, owner: str, **options) -> None:
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"No user {owner!r}.")
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"Cannot read {file}: {exc}") from exc
        try:
            campaign = campaign_import(document=document, owner=user, link_accounts=True)
        except ApplicationError as exc:
            reasons = "\n".join(f"- {v}" for v in exc.violations)
            raise CommandError(f"The import is refused; nothing was created:\n{reasons}") from exc
        self.stdout.write(f"Imported {campaign.name} as /{campaign.slug}/ owned by {owner}.")
