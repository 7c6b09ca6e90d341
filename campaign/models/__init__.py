"""Models of the campaign app, one module per area."""

from campaign.models.campaign import Campaign, Invite, Membership, Person, Role
from campaign.models.game_log import GameLog, PackUnlock
from campaign.models.world import EventSource, WorldEventRecord, WorldSnapshot

__all__ = [
    "Campaign",
    "EventSource",
    "GameLog",
    "Invite",
    "Membership",
    "PackUnlock",
    "Person",
    "Role",
    "WorldEventRecord",
    "WorldSnapshot",
]
