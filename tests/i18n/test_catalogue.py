"""The Spanish catalogue (issue 14): every marked word translated, nothing fuzzy, and the
committed file exactly what `makemessages` makes of the code and templates today."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

PO = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.po"
# The same walk as bin/translations.
IGNORED = ["tests/*", "bench/*", "staticfiles/*", "media/*", "node_modules/*"]


def _statistics(po: Path) -> str:
    """What `msgfmt --statistics` says of the file (it also checks placeholders match)."""
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", os.devnull, str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.strip()


def _entries(po: Path) -> str:
    """The file without its header (whose creation date changes on every run)."""
    text = po.read_text(encoding="utf-8")
    return text[text.index("\n\n") :]


def test_every_entry_of_the_spanish_catalogue_is_translated_and_none_is_fuzzy():
    statistics = _statistics(PO)
    assert re.fullmatch(r"\d+ translated messages?\.", statistics), statistics
    assert int(statistics.split()[0]) > 1000, "the whole service is marked, not a corner of it"


def test_makemessages_leaves_the_catalogue_as_committed(tmp_path, monkeypatch, settings):
    copy = tmp_path / "es" / "LC_MESSAGES" / "django.po"
    copy.parent.mkdir(parents=True)
    shutil.copy(PO, copy)
    settings.LOCALE_PATHS = [tmp_path]
    monkeypatch.chdir(settings.BASE_DIR)
    call_command(
        "makemessages",
        locale=["es"],
        no_obsolete=True,
        add_location="file",
        ignore_patterns=IGNORED,
        verbosity=0,
    )
    assert _entries(copy) == _entries(PO), (
        "the code's words and locale/es/LC_MESSAGES/django.po differ: run bin/translations, "
        "translate what it adds, and commit the catalogue"
    )
