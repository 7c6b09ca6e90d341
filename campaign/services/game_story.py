"""Adding and removing the story of a game: photos of the board and a short account.

Members who may play add them; a photo is removed by whoever added it or by an owner, and the
account is changed by whoever wrote it or by an owner. A photo is checked by what its bytes
say, not by its name: JPEG, PNG or WebP only, up to `PHOTO_MAX_BYTES`.
"""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ForbiddenError, NotFoundError
from campaign.models import Campaign, GameAccount, GamePhoto
from campaign.models.game_story import ACCOUNT_MAX
from campaign.permissions import Action, campaign_allows
from campaign.selectors.game_story import game_is_recorded

PHOTO_MAX_BYTES = 8 * 1024 * 1024
PHOTOS_PER_GAME = 12
# extension -> content type, for the kinds a browser shows inline everywhere
PHOTO_TYPES = {"jpg": "image/jpeg", "png": "image/png", "webp": "image/webp"}


def photo_kind(head: bytes) -> str | None:
    """The photo's kind from its first bytes (its signature), or None if not one we take."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None


def _refused(message: str, code: str) -> ApplicationError:
    return ApplicationError(message, code=code, rule="DESIGN")


def _recorded_game(campaign: Campaign, game_number: int) -> None:
    if not game_is_recorded(campaign=campaign, game_number=game_number):
        raise NotFoundError(
            _("There is no game %(number)s in this campaign.") % {"number": game_number},
            code="not_found",
        )


def _may_change(campaign: Campaign, user, author_id: int | None) -> bool:
    return (author_id is not None and author_id == user.pk) or campaign_allows(
        campaign=campaign, user=user, action=Action.MANAGE
    )


def game_photo_add(
    *, campaign: Campaign, game_number: int, upload: UploadedFile, user, caption: str = ""
) -> GamePhoto:
    """Store `upload` as a photo of the game, or refuse storing nothing."""
    _recorded_game(campaign, game_number)
    if GamePhoto.objects.filter(campaign=campaign, game_number=game_number).count() >= (
        PHOTOS_PER_GAME
    ):
        raise _refused(
            _("A game keeps up to %(limit)s photos; remove one before adding another.")
            % {"limit": PHOTOS_PER_GAME},
            "too_many_photos",
        )
    if not upload.size:
        raise _refused(_("The file is empty; choose the photo again."), "empty_photo")
    if upload.size > PHOTO_MAX_BYTES:
        raise _refused(
            _("The photo is %(size)s MB; a photo may be up to %(limit)s MB. Send a smaller copy.")
            % {
                "size": number_format(upload.size / 1024 / 1024, 1),
                "limit": PHOTO_MAX_BYTES // 1024 // 1024,
            },
            "photo_too_big",
        )
    upload.seek(0)
    kind = photo_kind(upload.read(12))
    upload.seek(0)
    if kind is None:
        raise _refused(
            _("Only JPEG, PNG or WebP photos can be added, and this file is none of them."),
            "not_a_photo",
        )
    photo = GamePhoto(
        campaign=campaign,
        game_number=game_number,
        content_type=PHOTO_TYPES[kind],
        caption=caption.strip()[: GamePhoto._meta.get_field("caption").max_length],
        uploaded_by=user,
    )
    try:
        photo.image.save(f"photo.{kind}", upload, save=False)
    except OSError as error:
        raise _refused(
            _("The photo could not be stored just now; try again later."), "photo_not_stored"
        ) from error
    try:
        photo.save()
    except Exception:
        photo.image.delete(save=False)
        raise
    return photo


def game_photo_remove(*, campaign: Campaign, photo_id: int, user) -> GamePhoto:
    """Remove a photo (its row at once, its file once the removal is committed)."""
    photo = GamePhoto.objects.filter(campaign=campaign, pk=photo_id).first()
    if photo is None:
        raise NotFoundError(_("There is no such photo in this campaign."), code="not_found")
    if not _may_change(campaign, user, photo.uploaded_by_id):
        raise ForbiddenError(
            _("Only whoever added this photo, or an owner, may remove it."), code="forbidden"
        )
    storage, name = photo.image.storage, photo.image.name
    with transaction.atomic():
        photo.delete()
        transaction.on_commit(lambda: storage.delete(name))
    return photo


def game_account_set(
    *, campaign: Campaign, game_number: int, text: str, user
) -> GameAccount | None:
    """Write, change or (with empty `text`) remove the game's account."""
    _recorded_game(campaign, game_number)
    text = text.strip()
    if len(text) > ACCOUNT_MAX:
        raise _refused(
            _("The account is %(length)s characters long; keep it to %(limit)s (a few paragraphs).")
            % {"length": len(text), "limit": ACCOUNT_MAX},
            "account_too_long",
        )
    account = GameAccount.objects.filter(campaign=campaign, game_number=game_number).first()
    if account is not None and not _may_change(campaign, user, account.written_by_id):
        raise ForbiddenError(
            _("Only whoever wrote this account, or an owner, may change it."), code="forbidden"
        )
    if not text:
        if account is not None:
            account.delete()
        return None
    if account is None:
        account = GameAccount(campaign=campaign, game_number=game_number, written_by=user)
    account.text = text
    account.save()
    return account
