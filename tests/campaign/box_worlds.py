"""Campaigns whose box has grown, for tests of the box pages and API: Pack 2 opened by the
elimination in a logged game, and Pack 1 opened with a scar, an event card and a reading."""

from __future__ import annotations

from campaign.selectors.world import world_current
from campaign.services.game_log import game_log
from campaign.services.packs import packs_open_due
from campaign.services.world import world_event_append
from rules.pack_world_events import EventResolved, SettingChosen
from rules.world_events import PackOpened, ScarPlaced
from tests.campaign.log.factories import three_player_entry
from tests.campaign.worlds import first_powers, pregame_coins

ELIMINATED = "saharan_republic"  # the viewer's faction in `three_player_entry`


def customized(campaign, owner) -> None:
    world_event_append(
        campaign=campaign, events=[*first_powers(), pregame_coins()], user=owner, source="setup"
    )


def pack_2_opened(campaign, owner, persons) -> None:
    """Game 1 is logged with the viewer's faction eliminated; the due pack opens (U-3)."""
    customized(campaign, owner)
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    packs_open_due(campaign_id=campaign.pk)  # the after-commit task, run here
    assert list(world_current(campaign=campaign).packs_opened) == ["pack_2"]


def pack_1_opened(campaign, owner, persons, *, game: int = 1) -> None:
    """Pack 1 opens after `game`; a Biohazard scar is placed, a Fortify card is destroyed by
    its fortification option, and the owner reads Riots as one roll per player."""
    world_event_append(
        campaign=campaign,
        events=[
            PackOpened("pack_1", game, f"the 9th minor city was founded in game {game}"),
            ScarPlaced("ural", "territory", "biohazard", persons["owner"].key, game),
            EventResolved(game, "B73", "fortification", persons["owner"].key, "Egypt fortified"),
            EventResolved(game, "B77", "", None, "Riots in Cairo"),
            SettingChosen("riots_rolls", "per_player", persons["owner"].key),
        ],
        user=owner,
        source="log",
    )
