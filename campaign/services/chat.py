"""Writing and removing chat messages, beside a game or on a campaign.

A message is kept as its writer typed it (never translated, shown escaped), up to
`CHAT_MESSAGE_MAX` characters. Each person may send `CHAT_BURST` messages within
`CHAT_WINDOW_SECONDS` (counted in the cache, shared by every process when it is Redis); past
that a message is refused and nothing is stored. Pages watching the room hear of each change
over the channel layer once it commits (campaign.live)."""

from __future__ import annotations

import re

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import ApplicationError, ForbiddenError, NotFoundError
from campaign.live import chat_announce
from campaign.models import ChatMessage, Person
from campaign.models.chat import CHAT_MESSAGE_MAX
from campaign.selectors.chat import ChatRoom, chat_rights_of

CHAT_BURST = 5
CHAT_WINDOW_SECONDS = 20
# Control characters other than tab and line breaks (PostgreSQL refuses NUL in text at all).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _room_hidden() -> NotFoundError:
    return NotFoundError(_("There is no such chat."), code="not_found")


def chat_rate_key(user_id: int) -> str:
    """The cache key counting a person's messages in their current window."""
    return f"chat-rate:{user_id}"


def _within_rate(user_id: int) -> bool:
    """Count one message for the person; False once they are past the burst in the window
    that their first counted message opened."""
    key = chat_rate_key(user_id)
    cache.add(key, 0, timeout=CHAT_WINDOW_SECONDS)
    try:
        sent = cache.incr(key)
    except ValueError:  # the window closed between the two calls: this message opens one
        cache.set(key, 1, timeout=CHAT_WINDOW_SECONDS)
        sent = 1
    return sent <= CHAT_BURST


def _author_name(room: ChatRoom, user) -> str:
    """The writer's name in the room: their person in the campaign, their seat at a standalone
    game, else their user name."""
    if room.campaign is None:
        assert room.game is not None
        name = next((s.name for s in room.game.seats.all() if s.user_id == user.pk), None)
    else:
        name = (
            Person.objects.filter(campaign=room.campaign, user=user)
            .values_list("display_name", flat=True)
            .first()
        )
    return name or user.get_username()


def chat_message_post(*, room: ChatRoom, user, text: str) -> ChatMessage:
    """Store `text` as `user`'s message in the room, or refuse storing nothing."""
    rights = chat_rights_of(room=room, user=user)
    if not rights.read:
        raise _room_hidden()
    if not rights.write:
        raise ForbiddenError(
            _("Only members of the campaign may write in this chat.")
            if room.campaign is not None
            else _("Only the people at this table may write in its chat."),
            code="forbidden",
        )
    text = CONTROL.sub("", text).strip()
    if not text:
        raise ApplicationError(_("Write a message before sending it."), code="chat_empty")
    if len(text) > CHAT_MESSAGE_MAX:
        raise ApplicationError(
            _(
                "The message is %(length)s characters long; a chat message may be up to "
                "%(limit)s. Shorten it or send it in parts."
            )
            % {"length": len(text), "limit": CHAT_MESSAGE_MAX},
            code="chat_too_long",
        )
    if not _within_rate(user.pk):
        raise ApplicationError(
            _(
                "You are sending messages faster than the chat takes them (%(burst)s in "
                "%(seconds)s seconds). This one was not sent: wait a little and send it again."
            )
            % {"burst": CHAT_BURST, "seconds": CHAT_WINDOW_SECONDS},
            code="chat_too_fast",
            status=429,
        )
    # Messages are appended and ordered by their id: nothing to lock.
    with transaction.atomic():
        message = ChatMessage.objects.create(
            campaign=None if room.game is not None else room.campaign,
            game=room.game,
            author=user,
            author_name=_author_name(room, user),
            text=text,
        )
        chat_announce(group=room.group, message_id=message.pk)
    return message


def chat_message_remove(*, room: ChatRoom, message_id: int, user) -> ChatMessage:
    """Remove a message's words (its writer, or an owner of the campaign); the message keeps
    its place and shows as removed. Removing a removed message changes nothing."""
    rights = chat_rights_of(room=room, user=user)
    if not rights.read:
        raise _room_hidden()
    with transaction.atomic():
        # Locked so that two removals at once record one remover, the first.
        message = room.messages().select_for_update().filter(pk=message_id).first()
        if message is None:
            raise NotFoundError(_("There is no such message in this chat."), code="not_found")
        if message.is_removed:
            return message
        if not rights.may_remove(message, user):
            raise ForbiddenError(
                _("Only whoever wrote this message, or an owner of the campaign, may remove it."),
                code="forbidden",
            )
        message.text = ""
        message.removed_at = timezone.now()
        message.removed_by = user
        message.save(update_fields=["text", "removed_at", "removed_by"])
        chat_announce(group=room.group, message_id=message.pk)
    return message
