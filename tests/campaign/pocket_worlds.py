"""Campaigns with the pockets open, for page, API and spoiler tests: Pocket 1 after its nuke
(a fallout zone, the Bringer of Nuclear Fire, a missile power taken), Pocket 2 after Alien
Island rose (the Alien Collaborator, a weakness scar, a ruined city)."""

from __future__ import annotations

from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from rules.words import gettext
from rules.world_events import CityFounded, PackOpened, ScarPlaced
from rules.world_events.pockets import (
    AlienIslandPlaced,
    CityRuined,
    MissilePowerGained,
    NuclearStrike,
)

FALLOUT = "ukraine"
BRINGER = "khan_industries"
ISLAND_ENDS = ("brazil", "western_australia")
COLLABORATOR = "saharan_republic"
RUIN = "egypt"


def pocket_1_opened(campaign, owner, persons, *, game: int = 1) -> None:
    """Three missiles on one roll in `game`: Ukraine is nuked by Khan Industries, who then
    takes the missile power EMP (J162s, J164s, J167s)."""
    who = persons["owner"].key
    world_event_append(
        campaign=campaign,
        events=[
            PackOpened(
                "pocket_1",
                game,
                gettext("%(count)s missiles were fired on one roll in game %(game)s")
                % {"count": 3, "game": game},
            ),
            NuclearStrike(FALLOUT, BRINGER, who, game),
            MissilePowerGained(BRINGER, "emp", who, game),
        ],
        user=owner,
        source="log",
    )


def pocket_2_opened(campaign, owner, persons, *, game: int = 1) -> None:
    """A big recruit with a missile in hand in `game`: Alien Island rises joined to Brazil and
    Western Australia (K182s), the Saharan Republic becomes the Collaborator (K180s), takes
    the Cautious weakness (K194s), and the Aliens ruin the Minor City in Egypt (K187s), founded
    as Cairo first unless a city stands there already."""
    who = persons["player"].key
    standing = RUIN in world_current(campaign=campaign).cities
    world_event_append(
        campaign=campaign,
        events=[
            PackOpened("pocket_2", game, f"30 troops about to be placed in game {game}"),
            AlienIslandPlaced(ISLAND_ENDS, COLLABORATOR, who, game),
            ScarPlaced("die_mechaniker", "faction", "cautious", who, game),
            *(() if standing else (CityFounded(RUIN, "minor", "Cairo", who, game),)),
            CityRuined(RUIN, who, game),
        ],
        user=owner,
        source="log",
    )
