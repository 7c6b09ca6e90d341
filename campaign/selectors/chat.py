"""Reading a chat: which room a message belongs to, who may read, write and remove there, and
the latest messages for a page."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from campaign.live import campaign_group, game_group
from campaign.models import Campaign, ChatMessage, DigitalGame
from campaign.permissions import Action, actions_for, campaign_role
from campaign.selectors.standalone import standalone_may_watch

CHAT_SHOWN = 50  # messages on a page; the API pages through all of them


@dataclass(frozen=True)
class ChatRoom:
    """Where messages are kept: beside one digital game (keyed on the game alone; `campaign`
    None for a standalone game), or on a campaign (`game` None)."""

    campaign: Campaign | None
    game: DigitalGame | None = None

    @classmethod
    def of_game(cls, game: DigitalGame) -> ChatRoom:
        return cls(campaign=game.campaign, game=game)

    @classmethod
    def of_campaign(cls, campaign: Campaign) -> ChatRoom:
        return cls(campaign=campaign)

    def messages(self) -> QuerySet[ChatMessage]:
        if self.game is not None:
            return ChatMessage.objects.filter(game=self.game)
        return ChatMessage.objects.filter(campaign=self.campaign, game__isnull=True)

    @property
    def group(self) -> str:
        """The channel-layer group whose sockets hear of this room's changes."""
        if self.game is not None:
            return game_group(self.game.pk)
        assert self.campaign is not None
        return campaign_group(self.campaign.pk)


@dataclass(frozen=True)
class ChatRights:
    read: bool
    write: bool
    remove_any: bool  # anyone's message, not only one's own

    def may_remove(self, message: ChatMessage, user) -> bool:
        if message.is_removed or not self.read:
            return False
        own = user is not None and user.is_authenticated and message.author_id == user.pk
        return own or self.remove_any


def chat_rights(*, room: ChatRoom, allowed: frozenset[Action]) -> ChatRights:
    """What a person whose actions in the campaign are `allowed` may do in the room. A game's
    chat is for whoever may open the game (the campaign's members); a campaign's is read by
    its readers (anyone, when it is public) and written by its members. Owners remove any."""
    write = Action.MEMBER in allowed
    read = write if room.game is not None else Action.READ in allowed
    return ChatRights(read=read, write=write, remove_any=Action.MANAGE in allowed)


def standalone_chat_rights(*, game: DigitalGame, user) -> ChatRights:
    """A standalone game's chat: read by whoever may watch the game (anyone, when it is
    public), written by its starter and the people seated at it; its starter removes any."""
    signed_in = user is not None and user.is_authenticated
    starter = signed_in and user.pk == game.created_by_id
    seated = signed_in and any(s.user_id == user.pk for s in game.seats.all())
    return ChatRights(
        read=standalone_may_watch(game=game, user=user, session_key=""),
        write=starter or seated,
        remove_any=starter,
    )


def chat_rights_of(*, room: ChatRoom, user) -> ChatRights:
    if room.campaign is None:
        assert room.game is not None  # a room is a campaign's or a game's
        return standalone_chat_rights(game=room.game, user=user)
    role = campaign_role(campaign=room.campaign, user=user)
    return chat_rights(room=room, allowed=actions_for(campaign=room.campaign, role=role))


def chat_latest(*, room: ChatRoom, limit: int = CHAT_SHOWN) -> tuple[list[ChatMessage], bool]:
    """The room's last `limit` messages, oldest first, and whether older ones exist: one
    query, however long the chat."""
    newest_first = list(room.messages().order_by("-pk")[: limit + 1])
    return newest_first[:limit][::-1], len(newest_first) > limit
