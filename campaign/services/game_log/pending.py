"""A player's game log the rules refuse, sent to the campaign's owners instead of left stuck.

Only refusals an owner could accept as an override ("soft" ones) may be sent. An owner approves
it with the override's reason, which logs it through `game_log` exactly as the owner's own
override would be; or sends it back with a note the sender reads (and may reopen the entry in
the log form). An entry that no longer fits the world (another game took its number, or the
rules now refuse something new in it) is refused on approval with the reason, nothing written.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ConflictError, NotFoundError
from campaign.models import Campaign, GameLog, PendingGameLog, PendingStatus, WorldEventRecord
from campaign.permissions import Action, campaign_check
from campaign.selectors.game_log.pending import draft_plan, pending_pk
from campaign.selectors.world import world_current
from campaign.services.game_log.entry import GameLogEntry
from campaign.services.game_log.record import entry_with_guests, game_log
from campaign.services.game_log.refusals import Refusal
from rules.words import encode

NOTE_MAX = 1000


def _rows(refusals: list[Refusal]) -> list[dict[str, Any]]:
    return [
        {
            "field": r.field,
            "code": r.violation.code,
            "message": encode(r.violation.message),  # worded when read
            "rule": r.violation.rule,
        }
        for r in refusals
    ]


def _same(row: dict[str, Any]) -> tuple[str, str, str]:
    message = json.dumps(row["message"], sort_keys=True, ensure_ascii=False)
    return (row["field"], row["code"], message)


def _note(text: str, *, required: str = "") -> str:
    text = (text or "").strip()
    if required and not text:
        raise ApplicationError(required, code="note_required")
    if len(text) > NOTE_MAX:
        raise ApplicationError(
            _("Keep the note under %(limit)s characters.") % {"limit": NOTE_MAX},
            code="too_long",
            rule="DESIGN",
        )
    return text


def _draft_refusals(campaign: Campaign, entry: GameLogEntry) -> list[Refusal]:
    """The refusals in the site's default language: they are kept with the entry and compared
    with later ones, whoever's language the sender and the owner read in."""
    with translation.override(settings.LANGUAGE_CODE):
        return draft_plan(campaign=campaign, entry=entry)[0].refusals


def pending_log_send(
    *, campaign: Campaign, user, entry: GameLogEntry, note: str = ""
) -> PendingGameLog:
    """Keep `entry` for the owners' approval, with the refusals it meets now. Refused when
    the rules accept it (log it instead) or refuse something no override can accept."""
    campaign_check(campaign=campaign, user=user, action=Action.PLAY)
    note = _note(note)
    refusals = _draft_refusals(campaign, entry)
    if not refusals:
        raise ApplicationError(
            _("The rules accept this entry: log it, there is nothing to approve."),
            code="nothing_to_approve",
        )
    if hard := [r for r in refusals if r.hard]:
        raise ApplicationError(
            _("No owner can accept this either; fix it first: %(reasons)s")
            % {"reasons": " ".join(str(r.violation) for r in hard)},
            violations=[r.violation for r in hard],
            code="refused",
        )
    last = (
        WorldEventRecord.objects.filter(campaign=campaign)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return PendingGameLog.objects.create(
        campaign=campaign,
        game_number=world_current(campaign=campaign).next_game_number,
        after_seq=last or 0,
        entry=entry.to_json(),
        refusals=_rows(refusals),
        sent_by=user,
        sender_note=note,
    )


def _waiting(campaign: Campaign, pending_id: Any) -> PendingGameLog:
    pending = (
        PendingGameLog.objects.select_for_update()
        .filter(campaign=campaign, pk=pending_pk(pending_id))
        .first()
    )
    if pending is None:
        raise NotFoundError(_("There is no such entry waiting here."), code="not_found")
    if pending.status != PendingStatus.PENDING:
        raise ConflictError(
            _("This entry was %(status)s already.")
            % {"status": pending.get_status_display().lower()},
            code="decided",
        )
    return pending


def pending_log_approve(*, campaign: Campaign, user, pending_id: Any, reason: str) -> GameLog:
    """Log a waiting entry as the owner's override with `reason`, all at once or not at all."""
    campaign_check(campaign=campaign, user=user, action=Action.MANAGE)
    reason = _note(reason, required=_("Give the reason for accepting it: it stays in the history."))
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        pending = _waiting(campaign, pending_id)
        now = world_current(campaign=campaign).next_game_number
        if now != pending.game_number:
            raise ConflictError(
                _(
                    "It no longer fits the world: it was sent as game %(sent)s, and game "
                    "%(sent)s has been recorded since (the next game is %(now)s). Send it back "
                    "so it can be checked against the board as it stands."
                )
                % {"sent": pending.game_number, "now": now},
                code="world_changed",
            )
        entry = entry_with_guests(campaign, GameLogEntry.from_json(pending.entry))
        seen = {_same(row) for row in pending.refusals}
        new = [r for r in _draft_refusals(campaign, entry) if _same(_rows([r])[0]) not in seen]
        if new:
            raise ConflictError(
                _(
                    "It no longer fits the world: since it was sent, the rules also refuse "
                    "this: %(reasons)s Send it back so it can be checked again."
                )
                % {"reasons": " ".join(str(r.violation) for r in new)},
                violations=[r.violation for r in new],
                code="world_changed",
            )
        log = game_log(campaign=campaign, user=user, entry=entry, override_reason=reason)
        pending.status = PendingStatus.APPROVED
        pending.decided_by = user
        pending.decided_at = timezone.now()
        pending.game_log = log
        pending.save(update_fields=["status", "decided_by", "decided_at", "game_log"])
    return log


def pending_log_send_back(
    *, campaign: Campaign, user, pending_id: Any, note: str
) -> PendingGameLog:
    """Return a waiting entry to its sender with the owner's note; nothing reaches the world."""
    campaign_check(campaign=campaign, user=user, action=Action.MANAGE)
    note = _note(note, required=_("Write a note for the sender: what should change?"))
    with transaction.atomic():
        pending = _waiting(campaign, pending_id)
        pending.status = PendingStatus.SENT_BACK
        pending.owner_note = note
        pending.decided_by = user
        pending.decided_at = timezone.now()
        pending.save(update_fields=["status", "owner_note", "decided_by", "decided_at"])
    return pending


def pending_log_reopen(*, campaign: Campaign, user, pending_id: Any) -> GameLogEntry:
    """The entry of a log sent back to `user`, to take up again in the log form (marked
    reopened; reopening it again gives the same entry)."""
    campaign_check(campaign=campaign, user=user, action=Action.PLAY)
    pending = PendingGameLog.objects.filter(
        campaign=campaign,
        pk=pending_pk(pending_id),
        sent_by=user,
        status__in=[PendingStatus.SENT_BACK, PendingStatus.REOPENED],
    ).first()
    if pending is None:
        raise NotFoundError(_("There is no such entry sent back to you."), code="not_found")
    if pending.status != PendingStatus.REOPENED:
        pending.status = PendingStatus.REOPENED
        pending.save(update_fields=["status"])
    return GameLogEntry.from_json(pending.entry)
