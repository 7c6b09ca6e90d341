"""Pages of chat: the messages of a game's or a campaign's chat (the fragment the pages show and
fetch again when their socket tells of a change), writing a message and removing one.

Writing and removing are plain form POSTs that lead back to the page (refusals as messages
there), so the chat works without JavaScript; chat.js sends the same forms and is answered
with the fresh messages instead (refusals inside them)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.views import View

from campaign.errors import ApplicationError, NotFoundError
from campaign.game_urls import game_path, game_socket_path
from campaign.models import DigitalGame
from campaign.models.chat import CHAT_MESSAGE_MAX
from campaign.permissions import Action, CampaignAccessMixin
from campaign.selectors.chat import (
    CHAT_SHOWN,
    ChatRights,
    ChatRoom,
    chat_latest,
    chat_rights,
    chat_rights_of,
)
from campaign.selectors.digital import digital_game_get
from campaign.services.chat import chat_message_post, chat_message_remove

FRAGMENT_HEADER = "X-Chat-Fragment"  # sent by chat.js: answer with the messages, not a redirect


def chat_context(*, room: ChatRoom, rights: ChatRights, request: HttpRequest) -> dict[str, Any]:
    """What the chat shows its reader: the latest messages (one query), each with the address
    that removes it where the reader may, and where the reader writes."""
    shown, more = chat_latest(room=room)
    base = _room_url(room)
    return {
        "chat": {
            "rows": [
                (m, f"{base}{m.pk}/remove/" if rights.may_remove(m, request.user) else None)
                for m in shown
            ],
            "more": more,
            "rights": rights,
            "url": base,
            "socket": _socket(room),
            "game": room.game is not None,
            "standalone": room.campaign is None,
            "max": CHAT_MESSAGE_MAX,
            "shown": CHAT_SHOWN,
        }
    }


def _socket(room: ChatRoom) -> str | None:
    """The socket chat.js opens to hear of changes: the campaign's own; a game's while it is
    over (in play, game_live.js holds the game's socket and passes the news on)."""
    if room.game is None:
        assert room.campaign is not None
        return f"/ws/c/{room.campaign.slug}/chat/"
    if room.game.status in (room.game.Status.PLAYING, room.game.Status.REWARDS):
        return None
    return game_socket_path(room.game)


def _room_url(room: ChatRoom) -> str:
    if room.game is not None and room.campaign is None:
        return reverse("campaign:play_game_chat", kwargs={"game_id": room.game.pk})
    assert room.campaign is not None
    if room.game is not None:
        return reverse(
            "campaign:digital_game_chat",
            kwargs={"slug": room.campaign.slug, "game_id": room.game.pk},
        )
    return reverse("campaign:campaign_chat", kwargs={"slug": room.campaign.slug})


class _ChatView(View, ABC):
    """GET: the messages fragment. POST: write, or (with `message_id`) remove."""

    @abstractmethod
    def room(self) -> ChatRoom:
        """The chat named in the address (404 if the reader may not see it)."""

    @abstractmethod
    def page_url(self) -> str:
        """The page the chat sits on, where a form without script leads back."""

    def rights(self, room: ChatRoom) -> ChatRights:
        return chat_rights_of(room=room, user=self.request.user)

    def fragment(self, request, room: ChatRoom, *, error: str = "", status: int = 200):
        context = chat_context(room=room, rights=self.rights(room), request=request)
        context["chat"]["error"] = error
        html = render_to_string("campaign/chat/_messages.html", context, request=request)
        return HttpResponse(html, status=status)

    def get(self, request, *args, **kwargs):
        room = self.room()
        if not self.rights(room).read:
            raise Http404
        return self.fragment(request, room)

    def post(self, request, *args, message_id: int | None = None, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(self.page_url())
        room = self.room()
        try:
            if message_id is None:
                chat_message_post(room=room, user=request.user, text=request.POST.get("text", ""))
            else:
                chat_message_remove(room=room, message_id=message_id, user=request.user)
        except NotFoundError as missing:
            raise Http404(missing.message) from missing
        except ApplicationError as refusal:
            if request.headers.get(FRAGMENT_HEADER):
                return self.fragment(request, room, error=refusal.message, status=refusal.status)
            messages.error(request, refusal.message)
        if request.headers.get(FRAGMENT_HEADER):
            return self.fragment(request, room)
        return redirect(f"{self.page_url()}#chat")


class _CampaignRoomChatView(CampaignAccessMixin, _ChatView):
    """A chat of a campaign's: rights from the reader's role there, already looked up."""

    def rights(self, room: ChatRoom) -> ChatRights:
        return chat_rights(room=room, allowed=self.allowed)


class CampaignChatView(_CampaignRoomChatView):
    campaign_action = Action.READ

    def room(self) -> ChatRoom:
        return ChatRoom.of_campaign(self.campaign)

    def page_url(self) -> str:
        return self.campaign.get_absolute_url()


class GameChatView(_CampaignRoomChatView):
    campaign_action = Action.MEMBER

    def room(self) -> ChatRoom:
        if not hasattr(self, "_room"):
            try:
                game = digital_game_get(campaign=self.campaign, game_id=self.kwargs["game_id"])
            except ApplicationError as missing:
                raise Http404(missing.message) from missing
            self._room = ChatRoom.of_game(game)
        return self._room

    def page_url(self) -> str:
        return self.room().game.get_absolute_url()


class StandaloneGameChatView(_ChatView):
    """The chat of a game played outside any campaign (404 for whoever may not watch it)."""

    def room(self) -> ChatRoom:
        if not hasattr(self, "_room"):
            game = (
                DigitalGame.objects.filter(pk=self.kwargs["game_id"], campaign=None)
                .prefetch_related("seats")
                .first()
            )
            if game is None:
                raise Http404
            self._room = ChatRoom.of_game(game)
        return self._room

    def page_url(self) -> str:
        game = self.room().game
        assert game is not None
        return game_path(game)
