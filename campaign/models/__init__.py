"""Models of the campaign app, one module per area."""

from campaign.models.campaign import Campaign, Invite, Membership, Person, Role
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.models.game_log import GameLog, PackUnlock
from campaign.models.world import EventSource, WorldEventRecord, WorldSnapshot

__all__ = [
    "Campaign",
    "DigitalGame",
    "EventSource",
    "GameLog",
    "GameMove",
    "GameSeat",
    "Invite",
    "Membership",
    "PackUnlock",
    "Person",
    "Role",
    "WorldEventRecord",
    "WorldSnapshot",
]
