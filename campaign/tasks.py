"""Celery tasks of the campaign app: thin, idempotent, each taking ids and calling a service."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.dispatch import receiver

from campaign.enqueue import enqueue
from campaign.idempotency import idempotent_answers_prune
from campaign.models import Campaign
from campaign.selectors.packs import campaigns_with_packs_due
from campaign.selectors.world import world_snapshot_mismatches
from campaign.services.backup import campaigns_backup
from campaign.services.digital.absence import game_clocks_enforce
from campaign.services.digital.moves import digital_game_decide_overdue
from campaign.services.game_worlds import unused_worlds_forget
from campaign.services.hooks import world_events_appended
from campaign.services.packs import packs_open_due


@shared_task(
    # Acknowledged only once done, and put back on the queue if the worker process running it
    # dies: a killed worker must not lose an unlock. A dropped database connection is retried
    # a few times, backing off. All of it is safe because a run opens nothing twice.
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    max_retries=5,
    retry_backoff=2,
    retry_backoff_max=60,
)
def packs_evaluate(campaign_id: int) -> list[str]:
    """Open every sealed pack whose condition the campaign's log now meets (U-1..U-8).
    Redelivery and concurrent runs open nothing twice (see `packs_open_due`)."""
    return [unlock.pack for unlock in packs_open_due(campaign_id=campaign_id)]


@shared_task(acks_late=True)
def packs_sweep() -> dict[str, list[str]]:
    """Run by Celery beat every minute (`CELERY_BEAT_SCHEDULE`): open what is due in every
    campaign whose unlock task was lost (a worker that died for good, a broker that was down
    when the game was logged). Returns the packs opened, by campaign slug."""
    opened = {}
    for campaign in campaigns_with_packs_due():
        if packs := [u.pack for u in packs_open_due(campaign_id=campaign.pk)]:
            opened[campaign.slug] = packs
    return opened


@shared_task(acks_late=True)
def campaigns_back_up() -> str:
    """Run by Celery beat each day: every campaign's export into a new dated folder of
    `BACKUP_DIR`, keeping the newest `BACKUP_KEEP`. Returns the folder written."""
    folder = campaigns_backup(folder=settings.BACKUP_DIR, keep=settings.BACKUP_KEEP)
    return str(folder)


@shared_task(acks_late=True)
def idempotent_answers_forget() -> int:
    """Run by Celery beat each hour: the stored first answers of keyed writes past their time."""
    return idempotent_answers_prune()


@receiver(world_events_appended, dispatch_uid="campaign.packs_evaluate")
def _packs_evaluate_after_append(sender, campaign, records, **kwargs) -> None:
    """Sent after the append commits; with no broker the task runs here, eagerly. With the
    broker down it is dropped and `packs_sweep` opens what became due once Redis is back."""
    enqueue(packs_evaluate, campaign.pk)


@shared_task(acks_late=True)
def game_worlds_forget() -> int:
    """Run by Celery beat each day: the stored worlds no digital game is played on any more.
    Returns how many were deleted."""
    return unused_worlds_forget()


@shared_task(acks_late=True)
def digital_game_overdue(game_id: int, version: int) -> bool:
    """Take the default for a digital game's decision whose time ran out (the defender's
    dice, X-6; a missile window, X-10). Early, stale or repeated runs change nothing."""
    return digital_game_decide_overdue(game_id=game_id, version=version)


@shared_task(acks_late=True)
def digital_clocks_enforce() -> dict[str, list[int]]:
    """Run by Celery beat every minute: every game past a decision or turn deadline gets its
    default or its bot turn. The deadlines are rows, so nothing is lost across restarts; a
    repeated or concurrent run plays nothing twice (each game is locked and its version
    checked). Returns the games moved, by kind of deadline."""
    done = game_clocks_enforce()
    return {"decisions": done.decisions, "turns": done.turns}


@shared_task(acks_late=True)
def world_snapshot_verify(campaign_id: int) -> list[str]:
    """Check that the campaign's cached world equals a replay of its log; read-only, so
    running it again is harmless. Returns the mismatches ([] when they agree)."""
    campaign = Campaign.objects.get(pk=campaign_id)
    return world_snapshot_mismatches(campaign=campaign)
