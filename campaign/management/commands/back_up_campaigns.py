"""manage.py back_up_campaigns [--folder F] [--keep N]: the daily backup, run by hand."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from campaign.services.backup import campaigns_backup


class Command(BaseCommand):
    help = (
        "Export every campaign into a new dated folder of the backup folder and delete the "
        "oldest backups beyond the count kept (settings BACKUP_DIR, BACKUP_KEEP)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--folder", type=Path, help="Default: BACKUP_DIR.")
        parser.add_argument("--keep", type=int, help="Backups to keep. Default: BACKUP_KEEP.")

    def handle(self, *args, folder: Path | None, keep: int | None, **options) -> None:
        keep = settings.BACKUP_KEEP if keep is None else keep
        if keep < 1:
            raise CommandError("Keep at least one backup (--keep 1 or more).")
        try:
            written = campaigns_backup(folder=folder or settings.BACKUP_DIR, keep=keep)
        except OSError as exc:
            raise CommandError(f"Cannot write the backup: {exc}") from exc
        count = len(list(written.glob("*.json")))
        self.stdout.write(f"Backed up {count} campaign(s) to {written}.")
