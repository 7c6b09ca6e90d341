"""E-mails of notices: at most one an hour per person per game (or per campaign, for packs),
none while the person has the game open, each in its reader's language and with a link that
stops that kind of e-mail without signing in (and the RFC 8058 headers for a mail program's
own unsubscribe button)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import Preferences
from notices.kinds import Kind
from notices.models import MailWindow, Notice
from notices.presence import is_watching
from notices.words import notice_path, notice_text, table_words

MAIL_INTERVAL = timedelta(hours=1)
_SALT = "notices.unsubscribe"


def unsubscribe_token(*, user_id: int, kinds: list[str]) -> str:
    """Signed with the site's secret, so only the person's own e-mail carries it."""
    return signing.dumps({"u": user_id, "k": sorted(set(kinds))}, salt=_SALT, compress=True)


def unsubscribe_read(token: str) -> tuple[int, list[str]] | None:
    """The person and kinds a token names, or None if it was not signed here."""
    try:
        data = signing.loads(token, salt=_SALT)
        user_id, kinds = int(data["u"]), [str(k) for k in data["k"]]
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    if not kinds or not set(kinds) <= set(Kind.values):
        return None
    return user_id, kinds


def site_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def reader_language(user_id: int) -> str:
    saved = Preferences.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return saved or settings.LANGUAGE_CODE


def _window(user_id: int, campaign_id: int | None, game_id: int | None) -> MailWindow:
    fields = {"user_id": user_id, "campaign_id": campaign_id, "game_id": game_id}
    try:
        with transaction.atomic():
            MailWindow.objects.get_or_create(**fields)
    except IntegrityError:  # a concurrent run made it first
        pass
    # Lock the window: two runs at once (a redelivered task, the sweep) must not both send.
    return MailWindow.objects.select_for_update().get(**fields)


def notices_mail_send(*, user_id: int, campaign_id: int | None, game_id: int | None) -> bool:
    """E-mail the person the notices of one game (or one campaign's packs) waiting for an
    e-mail, if their hour since the last one has passed and they do not have the game open.
    Notices that closed meanwhile are dropped; those seen on the open game are never sent.
    Running it again sends nothing twice. Returns whether an e-mail went."""
    last = (
        MailWindow.objects.filter(user_id=user_id, campaign_id=campaign_id, game_id=game_id)
        .values_list("last_sent_at", flat=True)
        .first()
    )
    if last is not None and timezone.now() < last + MAIL_INTERVAL:
        return False  # the usual case while a game is played: one read, no lock
    with transaction.atomic():
        window = _window(user_id, campaign_id, game_id)
        pending = Notice.objects.filter(
            user_id=user_id, campaign_id=campaign_id, game_id=game_id, mail=Notice.Mail.PENDING
        )
        if game_id is not None and is_watching(game_id=game_id, user_id=user_id):
            pending.update(mail=Notice.Mail.SKIPPED)  # they see it on the page
            return False
        now = timezone.now()
        if window.last_sent_at is not None and now < window.last_sent_at + MAIL_INTERVAL:
            return False  # the beat sweep sends them once the hour is up
        notices = list(pending.filter(closed_at=None).select_related("campaign", "game", "user"))
        if not notices:
            return False
        if not notices[0].user.email:
            pending.update(mail=Notice.Mail.SKIPPED)  # nowhere to send them
            return False
        _message(notices).send()
        Notice.objects.filter(pk__in=[n.pk for n in notices]).update(mail=Notice.Mail.SENT)
        window.last_sent_at = now
        window.save(update_fields=["last_sent_at"])
    return True


def _message(notices: list[Notice]) -> EmailMessage:
    user = notices[0].user
    kinds = sorted({n.kind for n in notices})
    unsubscribe = site_url(
        reverse(
            "notices:unsubscribe", kwargs={"token": unsubscribe_token(user_id=user.pk, kinds=kinds)}
        )
    )
    with translation.override(reader_language(user.pk)):
        lines = [(notice_text(n), site_url(notice_path(n))) for n in notices]
        subject = lines[0][0] if len(lines) == 1 else _many(notices[0], len(lines))
        body = render_to_string(
            "notices/email.txt",
            {
                "user": user,
                "lines": lines,
                "waiting": site_url(reverse("notices:list")),
                "settings_url": site_url(reverse("accounts:preferences")),
                "unsubscribe": unsubscribe,
                "kinds": [Kind(k).label for k in kinds],
            },
        )
    return EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def _many(notice: Notice, count: int) -> str:
    """The subject of an e-mail of several notices: where they wait."""
    if notice.campaign is None:
        return _("%(count)s things wait for you at table %(table)s") % {
            "count": count,
            "table": table_words(notice)["table"],
        }
    return _("%(count)s things wait for you in %(campaign)s") % {
        "count": count,
        "campaign": notice.campaign.name,
    }


def mail_batches_due() -> list[tuple[int, int | None, int | None]]:
    """Every (person, campaign or None, game) with an open notice still waiting for its e-mail."""
    rows = (
        Notice.objects.filter(mail=Notice.Mail.PENDING, closed_at=None)
        .order_by()
        .values_list("user_id", "campaign_id", "game_id")
        .distinct()
    )
    return sorted(set(rows), key=str)
