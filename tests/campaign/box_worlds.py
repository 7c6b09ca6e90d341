"""Campaigns whose box has grown, for tests of the box pages and API: Pack 2 opened by the
elimination in a logged game, Pack 1 opened with a scar, an event card and a reading, and
Packs 1 to 3 open with a Minor City on a rich card (for The World Is Ready), and Pack 4 opened
by The World Is Ready claimed in a logged game."""

from __future__ import annotations

from dataclasses import replace

from campaign.selectors.world import world_current
from campaign.services.game_log.entry import MissionEntry
from campaign.services.game_log.record import game_log
from campaign.services.packs import packs_open_due
from campaign.services.world import world_event_append
from rules.unlocks import ordinal, supply_words
from rules.words import gettext
from rules.world_events import CardUpgraded, PackOpened, ScarPlaced
from rules.world_events.pack_cards import EventResolved, SettingChosen
from tests.campaign.log.factories import owner_wins_again, three_player_entry
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


def last_mark_reason(game: int) -> str:
    """Why Pack 1 opened, as the rules word it (kept as data)."""
    return gettext("the last %(supply)s mark was used in game %(game)s") % {
        "supply": supply_words("minor_city"),
        "game": game,
    }


def second_signature_reason(person: str, game: int) -> str:
    """Why Pack 3 opened, as the rules word it (kept as data)."""
    return gettext(
        "%(person)s signed the victors' section for the %(nth)s time in game %(game)s"
    ) % {"person": person, "nth": ordinal(2, feminine=True), "game": game}


def pack_1_opened(campaign, owner, persons, *, game: int = 1) -> None:
    """Pack 1 opens after `game`; a Biohazard scar is placed, a Fortify card is destroyed by
    its fortification option, and the owner reads Riots as one roll per player."""
    world_event_append(
        campaign=campaign,
        events=[
            PackOpened("pack_1", game, last_mark_reason(game)),
            ScarPlaced("ural", "territory", "biohazard", persons["owner"].key, game),
            EventResolved(game, "B73", "fortification", persons["owner"].key, "Egypt fortified"),
            EventResolved(game, "B77", "", None, "Riots in Cairo"),
            SettingChosen("riots_rolls", "per_player", persons["owner"].key),
        ],
        user=owner,
        source="log",
    )


CAPITAL_TERRITORY = "egypt"
"""Where `pack_3_opened` leaves a Minor City (Cairo, the player's H1) on a card worth 4 coins."""


def pack_3_opened(campaign, owner, persons) -> None:
    """After game 1 (Pack 2 opened by its elimination): Packs 1 and 3 open too, and Egypt's
    card, which holds the Minor City Cairo, upgraded to 4 coins."""
    pack_2_opened(campaign, owner, persons)
    upgrades = 4 - world_current(campaign=campaign).card_coins[CAPITAL_TERRITORY]
    world_event_append(
        campaign=campaign,
        events=[
            PackOpened("pack_1", 1, last_mark_reason(1)),
            PackOpened("pack_3", 1, second_signature_reason(persons["owner"].key, 1)),
            *[CardUpgraded(CAPITAL_TERRITORY, persons["player"].key, 1)] * upgrades,
        ],
        user=owner,
        source="log",
    )
    world = world_current(campaign=campaign)
    assert world.cities[CAPITAL_TERRITORY].kind == "minor"
    assert world.card_coins[CAPITAL_TERRITORY] == 4


def pack_4_opened(campaign, owner, persons) -> None:
    """After `pack_3_opened`, game 2: the owner (Die Mechaniker) wins again and claims The
    World Is Ready, founding the World Capital Nova Roma over Cairo; Pack 4 opens in game 2.
    Die Mechaniker has 2 wins, the most: it leads the games after."""
    pack_3_opened(campaign, owner, persons)
    capital = MissionEntry("D120s", "die_mechaniker", territory=CAPITAL_TERRITORY, name="Nova Roma")
    game_log(
        campaign=campaign,
        user=owner,
        entry=replace(owner_wins_again(persons), missions=(capital,)),
    )
    assert world_current(campaign=campaign).packs_opened["pack_4"].game == 2
