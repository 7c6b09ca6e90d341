"""API of chat: a campaign's (`/api/v1/campaigns/<slug>/chat/`) and a digital game's
(`/api/v1/games/<id>/chat`): the messages, a page at a time, oldest first (`?page=last` for
the newest); writing one; removing one (its writer, or an owner). The same services and
rights as the pages: a game's chat is its campaign members'; a campaign's is read by whoever
reads the campaign and written by its members."""

from __future__ import annotations

from abc import ABC, abstractmethod

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.fields import Text
from campaign.api.game_log import REFUSAL
from campaign.errors import ApplicationError, NotFoundError
from campaign.models import Campaign, ChatMessage, DigitalGame
from campaign.numbers import whole_number
from campaign.permissions import Action, campaign_check
from campaign.selectors.chat import ChatRoom, chat_rights_of
from campaign.services.chat import chat_message_post, chat_message_remove


class ChatMessageSerializer(serializers.ModelSerializer):
    author = serializers.CharField(
        source="author_name", help_text="The name the writer went by when writing."
    )
    text = serializers.CharField(help_text="As the writer typed it; empty once removed.")
    removed = serializers.BooleanField(source="is_removed")

    class Meta:
        model = ChatMessage
        fields = ["id", "author", "text", "written_at", "removed", "removed_at"]


class ChatWriteSerializer(serializers.Serializer):
    text = Text(
        trim_whitespace=False, help_text="The message, up to 500 characters; kept as typed."
    )


class ChatPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


def _readable(room: ChatRoom, request: Request) -> ChatRoom:
    """The room, if the request may read it; refused as its page would be (404 for outsiders
    of a private campaign, 403 for a public campaign's readers at a game's chat)."""
    if room.campaign is None:  # a standalone game's: whoever may watch it reads
        if not chat_rights_of(room=room, user=request.user).read:
            raise NotFoundError(_("No such game."), code="not_found")
        return room
    action = Action.MEMBER if room.game is not None else Action.READ
    campaign_check(campaign=room.campaign, user=request.user, action=action)
    return room


def _campaign_room(slug: str) -> ChatRoom:
    campaign = Campaign.objects.filter(slug=slug).first()
    if campaign is None:
        raise NotFoundError(_("No such campaign."), code="not_found")
    return ChatRoom.of_campaign(campaign)


def _game_room(game_id: int) -> ChatRoom:
    game = (
        DigitalGame.objects.select_related("campaign")
        .prefetch_related("seats")
        .filter(pk=game_id)
        .first()
    )
    if game is None:
        raise NotFoundError(_("No such game."), code="not_found")
    return ChatRoom.of_game(game)


AFTER = OpenApiParameter(
    "after", int, required=False, description="Only messages after this message id (new ones)."
)
WRITE_ANSWERS = {201: ChatMessageSerializer, 400: REFUSAL, 403: REFUSAL, 404: REFUSAL, 429: REFUSAL}


class _ChatListApi(ABC, generics.ListAPIView):
    serializer_class = ChatMessageSerializer
    pagination_class = ChatPagination
    # The chat's own rights decide: readers of a public campaign read its chat signed out.
    permission_classes = [AllowAny]

    @abstractmethod
    def room(self) -> ChatRoom:
        """The chat the request's URL names."""

    def get_queryset(self) -> QuerySet[ChatMessage]:
        messages = _readable(self.room(), self.request).messages().order_by("pk")
        raw = self.request.query_params.get("after")
        if raw is not None:
            after = whole_number(raw)
            if after is None:
                raise ApplicationError(_("after is a message id (0, 1, 2...)."), code="bad_after")
            messages = messages.filter(pk__gt=after)
        return messages

    def post(self, request: Request, **kwargs) -> Response:
        payload = ChatWriteSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        room = _readable(self.room(), request)
        text = payload.validated_data["text"]
        message = chat_message_post(room=room, user=request.user, text=text)
        return Response(ChatMessageSerializer(message).data, status=status.HTTP_201_CREATED)


class _ChatMessageApi(ABC, APIView):
    permission_classes = [AllowAny]

    @abstractmethod
    def room(self) -> ChatRoom:
        """The chat the request's URL names."""

    def delete(self, request: Request, message_id: int, **kwargs) -> Response:
        room = _readable(self.room(), request)
        chat_message_remove(room=room, message_id=message_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CampaignChatApi(_ChatListApi):
    """The campaign's chat, oldest first (GET; `?page=last` for the newest), or write in it
    (POST, members)."""

    def room(self) -> ChatRoom:
        return _campaign_room(self.kwargs["slug"])

    @extend_schema(parameters=[AFTER], summary="A campaign's chat messages")
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=ChatWriteSerializer, responses=WRITE_ANSWERS, summary="Write in it")
    def post(self, request: Request, **kwargs) -> Response:
        return super().post(request, **kwargs)


class GameChatApi(_ChatListApi):
    """A digital game's chat, oldest first (GET; `?page=last` for the newest), or write in it
    (POST): its campaign's members."""

    def room(self) -> ChatRoom:
        return _game_room(self.kwargs["game_id"])

    @extend_schema(parameters=[AFTER], summary="A digital game's chat messages")
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=ChatWriteSerializer, responses=WRITE_ANSWERS, summary="Write in it")
    def post(self, request: Request, **kwargs) -> Response:
        return super().post(request, **kwargs)


class CampaignChatMessageApi(_ChatMessageApi):
    def room(self) -> ChatRoom:
        return _campaign_room(self.kwargs["slug"])

    @extend_schema(
        responses={204: None, 403: REFUSAL, 404: REFUSAL},
        summary="Remove a message of a campaign's chat (its writer, or an owner)",
    )
    def delete(self, request: Request, message_id: int, **kwargs) -> Response:
        return super().delete(request, message_id, **kwargs)


class GameChatMessageApi(_ChatMessageApi):
    def room(self) -> ChatRoom:
        return _game_room(self.kwargs["game_id"])

    @extend_schema(
        responses={204: None, 403: REFUSAL, 404: REFUSAL},
        summary="Remove a message of a game's chat (its writer, or an owner)",
    )
    def delete(self, request: Request, message_id: int, **kwargs) -> Response:
        return super().delete(request, message_id, **kwargs)
