"""Models of the campaign app, one module per area."""

from campaign.models.campaign import Campaign, Invite, Membership, Person, Role
from campaign.models.world import EventSource, WorldEventRecord, WorldSnapshot

__all__ = [
    "Campaign",
    "EventSource",
    "Invite",
    "Membership",
    "Person",
    "Role",
    "WorldEventRecord",
    "WorldSnapshot",
]
