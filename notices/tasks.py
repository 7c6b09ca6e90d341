"""Celery tasks of notices: thin, idempotent, each taking ids and calling a service."""

from __future__ import annotations

from celery import shared_task

from notices.deadlines import deadlines_warn
from notices.mail import mail_batches_due, notices_mail_send


@shared_task(acks_late=True)
def notices_mail(user_id: int, campaign_id: int | None, game_id: int | None) -> bool:
    """E-mail one person the notices of one game (campaign or standalone; or a campaign's
    packs) if their hour has passed. A repeated run finds nothing left to send."""
    return notices_mail_send(user_id=user_id, campaign_id=campaign_id, game_id=game_id)


@shared_task(acks_late=True)
def notices_mail_waiting() -> int:
    """Run by Celery beat every minute: sends what waited for its person's hour to pass (and
    what a lost task left). Returns how many e-mails went."""
    return sum(
        notices_mail_send(user_id=u, campaign_id=c, game_id=g) for u, c, g in mail_batches_due()
    )


@shared_task(acks_late=True)
def notices_deadlines_warn() -> int:
    """Run by Celery beat every minute: warns whoever a turn clock times once a quarter of the
    turn is left. A wait is warned of once, however often this runs."""
    return deadlines_warn()
