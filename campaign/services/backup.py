"""Backups: every campaign's export (`campaign.services.export`) written to a dated folder, the
oldest folders beyond a count deleted. Restoring one campaign is `manage.py import_campaign`.

A run writes `<folder>/<UTC time>/<slug>.json` under a hidden name first and renames it when
complete, so a folder with a backup's name always holds a whole backup; retention deletes only
folders with such names, never anything else kept beside them.
"""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

from campaign.models import Campaign
from campaign.services.export import campaign_export

STAMP = "%Y%m%dT%H%M%SZ"
BACKUP_NAME = re.compile(r"[0-9]{8}T[0-9]{6}Z")


def campaigns_backup(*, folder: Path, keep: int, now: datetime | None = None) -> Path:
    """Export every campaign into a new folder under `folder` (created if missing) and keep
    only the newest `keep` backups there. Returns the new backup's folder."""
    if keep < 1:
        raise ValueError("Keep at least one backup.")
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime(STAMP)
    target = folder / stamp
    partial = folder / f".partial-{stamp}"
    shutil.rmtree(partial, ignore_errors=True)  # left by a run that died half-way
    partial.mkdir()
    for campaign in Campaign.objects.order_by("slug").iterator():
        document = campaign_export(campaign=campaign, secrets=True)
        text = json.dumps(document, indent=1, ensure_ascii=False)
        (partial / f"{campaign.slug}.json").write_text(text + "\n", encoding="utf-8")
    partial.rename(target)
    for old in backups_in(folder)[:-keep]:
        shutil.rmtree(old)
    return target


def backups_in(folder: Path) -> list[Path]:
    """The complete backups in `folder`, oldest first."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and BACKUP_NAME.fullmatch(p.name))
