"""A campaign as one JSON document (its event log with overrides and corrections, its game
logs, pack claims and metadata), and importing such a document into a NEW campaign.

Export, import, export gives the same document apart from ids and timestamps. An import is
checked like every other door to the world (`campaign.services.import_checks`). A person linked
to the importer's own account keeps the link; one linked to an account unknown here comes in
as a guest; one linked to somebody else's account is refused, except in a restore by the
server's admin (`link_accounts`), which keeps every link.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError
from campaign.migrations._old_words import export_kept
from campaign.models import (
    Campaign,
    GameLog,
    Membership,
    PackUnlock,
    Person,
    Role,
    WorldEventRecord,
)
from campaign.services.campaigns import _unique_slug
from campaign.services.export_digital import (
    digital_games_create,
    digital_games_export,
    digital_games_refusals,
    digital_seat_persons,
)
from campaign.services.import_checks import import_refusals, referenced_persons
from campaign.services.world import world_snapshots_rebuild
from campaign.services.world_projection import projections_rebuild
from rules.bounds import TEXT_MAX
from rules.errors import RuleError
from rules.world_events import EventsVoided, event_from_json

FORMAT = "risk-legacy-campaign"
VERSION = 1
# An import's events and corrections, far past what a campaign reaches (a campaign of fifteen
# games holds a few hundred events and a handful of corrections).
IMPORT_EVENTS_MAX = 5_000
IMPORT_CORRECTIONS_MAX = 50
# What a reader of the document should know it leaves out (the import ignores this text).
EXPORT_NOTES = (
    "The story of each game (photos of the board and the written accounts) stays on the "
    "site: it is not part of this export. A digital game still in play keeps its dice seed "
    "secret, so only the server's own backups carry it."
)


def campaign_export(
    *, campaign: Campaign, show_accounts: bool = True, secrets: bool = False
) -> dict[str, Any]:
    """The whole campaign as a JSON-ready dict. Without `show_accounts` (a reader who is not a
    member) no user name appears and only the persons who played are listed: who else belongs
    to the campaign is for members, as on the members page. `secrets` (the server's backup)
    adds a digital game in play, with its dice seed."""

    def _username(user) -> str | None:
        return user.get_username() if user is not None and show_accounts else None

    events = WorldEventRecord.objects.filter(campaign=campaign).select_related("created_by")
    logs = list(
        GameLog.objects.filter(campaign=campaign).select_related("logged_by").order_by("pk")
    )
    position = {log.pk: i for i, log in enumerate(logs)}
    digital = digital_games_export(campaign=campaign, show_accounts=show_accounts, secrets=secrets)
    persons = Person.objects.filter(campaign=campaign).select_related("user").order_by("key")
    if not show_accounts:
        played = _persons_named(events, logs) | digital_seat_persons(digital)
        persons = [p for p in persons if p.key in played]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "notes": EXPORT_NOTES,
        "campaign": {"name": campaign.name, "is_public": campaign.is_public},
        "persons": [
            {"key": p.key, "display_name": p.display_name, "user": _username(p.user)}
            for p in persons
        ],
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "payload": e.payload,
                "game_number": e.game_number,
                "source": e.source,
                "override_reason": e.override_reason,
                "corrects": e.corrects,
                "created_by": _username(e.created_by),
                "created_at": e.created_at.isoformat(),
            }
            for e in events.order_by("seq")
        ],
        "game_logs": [
            {
                "game_number": log.game_number,
                "entry": log.entry,
                "first_seq": log.first_seq,
                "last_seq": log.last_seq,
                "override_reason": log.override_reason,
                "overridden": log.overridden,
                "corrects": position.get(log.corrects_id) if log.corrects_id else None,
                "correction_reason": log.correction_reason,
                "logged_by": _username(log.logged_by),
                "created_at": log.created_at.isoformat(),
            }
            for log in logs
        ],
        "pack_unlocks": [
            {
                "pack": u.pack,
                "trigger_seq": u.trigger_seq,
                "game_number": u.game_number,
                "reason": u.reason,
            }
            for u in PackUnlock.objects.filter(campaign=campaign).order_by("pack")
        ],
        "digital_games": digital,
    }


def _persons_named(events, logs: list[GameLog]) -> set[str]:
    """The keys of the persons the log names (players, founders, signers...) and the game
    logs' players: the persons who played."""
    named = {p.get("person") for log in logs for p in log.entry.get("players", [])}
    for record in events:
        try:
            named |= referenced_persons(event_from_json({**record.payload, "kind": record.kind}))
        except RuleError:
            continue  # a record this version cannot read names nobody it can show
    return {key for key in named if isinstance(key, str)}


def _bad(message: str) -> ApplicationError:
    return ApplicationError(message, code="bad_import", rule="DESIGN")


def _check_document(document: Any) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _bad(_("This is not a Risk Legacy campaign export."))
    if document.get("version") != VERSION:
        raise _bad(
            _("Unsupported export version %(version)s.")
            % {"version": repr(document.get("version"))}
        )
    for key in ("campaign", "persons", "events", "game_logs", "pack_unlocks"):
        if key not in document:
            raise _bad(_("The export has no '%(part)s'.") % {"part": key})
    if not isinstance(document["campaign"], dict):
        raise _bad(_("The export's 'campaign' must be an object."))
    name = document["campaign"].get("name")
    if not isinstance(name, str) or not name.strip():
        raise _bad(_("The export has no campaign name."))
    if not isinstance(document["campaign"].get("is_public", False), bool):
        raise _bad(_("The export's 'is_public' must be true or false."))
    document.setdefault("digital_games", [])  # exports before digital games had none
    for part in ("persons", "events", "game_logs", "pack_unlocks", "digital_games"):
        _rows(document, part)
    _check_sizes(document)
    _check_lengths(document)
    if _holds_nul(document):
        raise ApplicationError(
            _(
                "Text in the export holds a NUL character, which cannot be stored; remove it "
                "and import again."
            ),
            code="nul_character",
            rule="DESIGN",
        )


def _check_sizes(document: dict[str, Any]) -> None:
    """An import is checked in time proportional to its events, but each correction replays the
    log before it: both are bounded, far past what a campaign reaches."""
    events = document["events"]
    if len(events) > IMPORT_EVENTS_MAX:
        raise _bad(
            _("An export holds at most %(max)s events; this one has %(count)s.")
            % {"max": f"{IMPORT_EVENTS_MAX:,}", "count": f"{len(events):,}"}
        )
    corrections = sum(1 for row in events if row.get("kind") == EventsVoided.kind)
    if corrections > IMPORT_CORRECTIONS_MAX:
        raise _bad(
            _("An export holds at most %(max)s corrections; this one has %(count)s.")
            % {"max": IMPORT_CORRECTIONS_MAX, "count": f"{corrections:,}"}
        )


def _holds_nul(document: Any) -> bool:
    """Whether any text of the document (a key or a value, at any depth) holds a NUL character,
    which PostgreSQL stores neither in text nor in JSON. Walked without recursion."""
    pending = [document]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def _check_lengths(document: dict[str, Any]) -> None:
    """Names and reasons within what the tables hold (SQLite would store longer ones)."""
    longest = {
        _("A campaign name in the export is longer than %(limit)s characters."): (
            Campaign,
            "name",
            [document["campaign"].get("name")],
        ),
        _("A person's name in the export is longer than %(limit)s characters."): (
            Person,
            "display_name",
            [p.get("display_name") for p in _rows(document, "persons")],
        ),
        _("A person's key in the export is longer than %(limit)s characters."): (
            Person,
            "key",
            [p.get("key") for p in _rows(document, "persons")],
        ),
    }
    for refusal, (model, field, values) in longest.items():
        limit = model._meta.get_field(field).max_length
        if any(isinstance(v, str) and len(v) > limit for v in values):
            raise _bad(refusal % {"limit": limit})
    reasons = [
        row.get(key)
        for part, keys in (
            ("events", ("override_reason",)),
            ("game_logs", ("override_reason", "correction_reason")),
            ("pack_unlocks", ("reason",)),
        )
        for row in _rows(document, part)
        for key in keys
    ]
    if any(isinstance(v, str) and len(v) > TEXT_MAX for v in reasons):
        raise _bad(
            _("A reason in the export is longer than %(limit)s characters.") % {"limit": TEXT_MAX}
        )


def _rows(document: dict[str, Any], part: str) -> list[dict[str, Any]]:
    rows = document.get(part)
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise _bad(_("The export's '%(part)s' must be a list of objects.") % {"part": part})
    return rows


def campaign_import(*, document: Any, owner, link_accounts: bool = False) -> Campaign:
    """Create a new campaign owned by `owner` from an export document, or refuse (400)
    changing nothing, listing every reason (`campaign.services.import_checks`).

    Persons may be linked to the owner's own account only, and only the owner's name is kept
    as who logged what, unless `link_accounts` (a restore by the server's admin, who vouches
    for the document): then every user name known here is linked, as exported."""
    _check_document(document)
    users = {u.get_username(): u for u in get_user_model().objects.all()}
    refusals = import_refusals(
        document,
        importer=owner.get_username(),
        accounts=set(users),
        link_accounts=link_accounts,
    )
    refusals += digital_games_refusals(
        document["digital_games"],
        persons={p["key"] for p in document["persons"] if isinstance(p.get("key"), str)},
    )
    if refusals:
        raise ApplicationError(
            _("The import is refused; nothing was created. %(reasons)s")
            % {"reasons": " ".join(str(r) for r in refusals)},
            violations=refusals,
            code="bad_import",
        )
    if not link_accounts:
        users = {owner.get_username(): owner}
    # An export made before words were kept as data: its sentences become data first.
    document = export_kept(document)
    meta = document["campaign"]
    try:
        with transaction.atomic():
            campaign = Campaign.objects.create(
                name=meta["name"].strip(),
                slug=_unique_slug(Campaign, meta["name"], 140),
                owner=owner,
                is_public=meta.get("is_public", False),
            )
            Membership.objects.create(campaign=campaign, user=owner, role=Role.OWNER)
            for person in document["persons"]:
                Person.objects.create(
                    campaign=campaign,
                    key=person["key"],
                    display_name=person["display_name"],
                    user=users.get(person.get("user") or ""),
                )
            WorldEventRecord.objects.bulk_create(
                WorldEventRecord(
                    campaign=campaign,
                    seq=e["seq"],
                    kind=e["kind"],
                    payload=e["payload"],
                    game_number=e.get("game_number"),
                    source=e["source"],
                    override_reason=e.get("override_reason", ""),
                    corrects=e.get("corrects", []),
                    created_by=users.get(e.get("created_by") or ""),
                )
                for e in document["events"]
            )
            logs: list[GameLog] = []
            for row in document["game_logs"]:
                corrects = row.get("corrects")
                logs.append(
                    GameLog.objects.create(
                        campaign=campaign,
                        game_number=row["game_number"],
                        entry=row["entry"],
                        first_seq=row["first_seq"],
                        last_seq=row["last_seq"],
                        override_reason=row.get("override_reason", ""),
                        overridden=row.get("overridden", []),
                        corrects=logs[corrects] if corrects is not None else None,
                        correction_reason=row.get("correction_reason", ""),
                        logged_by=users.get(row.get("logged_by") or ""),
                    )
                )
            PackUnlock.objects.bulk_create(
                PackUnlock(
                    campaign=campaign,
                    pack=u["pack"],
                    trigger_seq=u.get("trigger_seq"),
                    game_number=u.get("game_number"),
                    reason=u["reason"],
                )
                for u in document["pack_unlocks"]
            )
            world_snapshots_rebuild(campaign=campaign)
            projections_rebuild(campaign=campaign)
            digital_games_create(campaign=campaign, rows=document["digital_games"], users=users)
    except (KeyError, TypeError, IndexError, ValueError, IntegrityError, DataError) as exc:
        raise _bad(
            _("The export is incomplete (%(error)s).") % {"error": f"{type(exc).__name__}: {exc}"}
        ) from exc
    return campaign
