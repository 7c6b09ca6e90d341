"""Game log entries for the pockets: the game whose third missile on one roll opens Pocket 1
and nukes Ukraine (fired by the player's Khan Industries), and the game whose 30-troop recruit
with a missile in hand opens Pocket 2 and raises Alien Island (placed by the owner's Die
Mechaniker). Both vary `three_player_entry`; game 2 after either is `owner_wins_again`."""

from __future__ import annotations

from dataclasses import replace

from campaign.services.game_log.entry import GameLogEntry, IncidentEntry, IslandEntry, NukeEntry
from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import three_player_entry

FALLOUT = "ukraine"
BRINGER = "khan_industries"
ISLAND_ENDS = ("brazil", "western_australia")
COLLABORATOR = "die_mechaniker"


def nuke_game(persons, **changes) -> GameLogEntry:
    entry = three_player_entry(
        persons,
        incidents=(IncidentEntry("missiles_on_one_roll", BRINGER, 3),),
        nukes=(NukeEntry(FALLOUT, BRINGER),),
    )
    return replace(entry, **changes)


def island_game(persons, **changes) -> GameLogEntry:
    entry = three_player_entry(
        persons,
        incidents=(IncidentEntry("big_recruit_with_missile", COLLABORATOR, 31),),
        islands=(IslandEntry(ISLAND_ENDS, COLLABORATOR),),
    )
    return replace(entry, **changes)


def pockets_opened_in_game_1(campaign, owner, persons) -> None:
    """Game 1 opens both pockets: Ukraine is nuked and Alien Island rises."""
    entry = nuke_game(
        persons,
        incidents=(
            IncidentEntry("missiles_on_one_roll", BRINGER, 3),
            IncidentEntry("big_recruit_with_missile", COLLABORATOR, 31),
        ),
        islands=(IslandEntry(ISLAND_ENDS, COLLABORATOR),),
    )
    game_log(campaign=campaign, user=owner, entry=entry)
