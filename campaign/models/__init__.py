"""Models of the campaign app, one module per area."""

from campaign.models.campaign import Campaign, Invite, Membership, Person, Role
from campaign.models.chat import ChatMessage
from campaign.models.digital import DigitalGame, GameMove, GameSeat, GameWorld
from campaign.models.digital_takeback import TakeBackRequest
from campaign.models.game_log import GameLog, PackUnlock
from campaign.models.game_story import GameAccount, GamePhoto
from campaign.models.idempotency import IdempotentAnswer
from campaign.models.log_draft import GameLogDraft
from campaign.models.pending_log import PendingGameLog, PendingStatus
from campaign.models.world import EventSource, WorldEventRecord, WorldSnapshot
from campaign.models.world_projection import EventMention, EventVoid, PackTrigger, RecordGap

__all__ = [
    "Campaign",
    "ChatMessage",
    "DigitalGame",
    "EventMention",
    "EventSource",
    "EventVoid",
    "GameAccount",
    "GameLog",
    "GameLogDraft",
    "GameMove",
    "GamePhoto",
    "GameSeat",
    "GameWorld",
    "IdempotentAnswer",
    "Invite",
    "Membership",
    "PackTrigger",
    "PackUnlock",
    "PendingGameLog",
    "PendingStatus",
    "Person",
    "RecordGap",
    "Role",
    "TakeBackRequest",
    "WorldEventRecord",
    "WorldSnapshot",
]
