"""The campaign the spoiler walks read: varied enough that most pages have something to show."""

from __future__ import annotations

import pytest

from campaign.models import Invite
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from rules.world_events import ScarPlaced
from tests.campaign.log.factories import three_player_entry, with_player
from tests.campaign.under_way import hotseat_game_under_way
from tests.campaign.worlds import first_powers, pregame_coins


@pytest.fixture
def varied(public_campaign, owner, persons, guest_person):
    """Two games logged (cities founded, a card destroyed, scars of both base kinds), and a
    hot-seat digital game a few moves in; no faction eliminated, fewer than 9 minor cities."""
    campaign = public_campaign
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )
    first = with_player(three_player_entry(persons), 2, troops_at_end=True)
    game_log(campaign=campaign, user=owner, entry=first)
    world_event_append(
        campaign=campaign,
        events=[
            ScarPlaced("siberia", "territory", "bunker", persons["player"].key, 1),
            ScarPlaced("japan", "territory", "ammo_shortage", None, 1),
        ],
        user=owner,
        source="log",
    )
    game = hotseat_game_under_way(campaign, owner, persons, guest_person)
    Invite.objects.create(campaign=campaign, role="viewer", created_by=owner)
    return campaign, game
