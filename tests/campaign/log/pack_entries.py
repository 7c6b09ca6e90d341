"""A campaign after Packs 1 and 2 opened, and a game logged in it with everything they bring:
a draft, two event cards (Fortify fortifying a city, Riots demolishing an HQ), a Biohazard and
a Mercenary, an elimination with who did it and the eliminated faction's comeback power."""

from __future__ import annotations

import datetime
from dataclasses import replace

from campaign.services.game_log.entry import EventEntry, GameLogEntry, PlayerEntry, ScarEntry
from campaign.services.world import world_event_append
from rules.rewards import RewardChoice
from rules.world_events import CityFounded, PackOpened

# Three players: each kind of draft card in use is {1st, 2nd, 3rd} / {6, 8, 10} / {0, 1, 2}.
OWNER_DRAFT = ("B97", "B82", "B90", "B85")  # 10 troops, 2 coins, plays 1st, places 1st
PLAYER_DRAFT = ("B96", "B81", "B91", "B86")
VIEWER_DRAFT = ("B95", "B80", "B92", "B87")


def packs_1_and_2_opened(campaign, owner, persons) -> None:
    """Both packs open before game 1, with the owner's Major City Rio in Brazil (a Riots
    target) and the player's Minor City Delhi in India (a Fortify target)."""
    world_event_append(
        campaign=campaign,
        events=[
            CityFounded("brazil", "major", "Rio", persons["owner"].key, 0),
            CityFounded("india", "minor", "Delhi", persons["player"].key, 0),
            PackOpened("pack_1", None, "the 9th minor city was founded"),
            PackOpened("pack_2", None, "a faction was eliminated"),
        ],
        user=owner,
        source="setup",
    )


def pack_game_entry(persons, **changes) -> GameLogEntry:
    """The owner (Die Mechaniker, HQ in Rio) wins; the player (Khan Industries) holds on and
    chose Fortify's fortification on Delhi; Riots demolished the owner's HQ in Rio; the viewer
    (Saharan Republic) was eliminated by Die Mechaniker and took Mobile."""
    entry = GameLogEntry(
        played_on=datetime.date(2026, 3, 1),
        players=(
            PlayerEntry(
                "die_mechaniker", person=persons["owner"].key, start="brazil", draft=OWNER_DRAFT
            ),
            PlayerEntry(
                "khan_industries",
                person=persons["player"].key,
                start="egypt",
                held=("egypt", "congo"),
                reward=RewardChoice("H1", "egypt", "Cairo"),
                draft=PLAYER_DRAFT,
            ),
            PlayerEntry(
                "saharan_republic",
                person=persons["viewer"].key,
                start="japan",
                troops_at_end=False,
                draft=VIEWER_DRAFT,
                eliminated_by="die_mechaniker",
                comeback_power="mobile",
            ),
        ),
        winner="die_mechaniker",
        winner_reward=RewardChoice("R6", "ural"),
        scars=(
            ScarEntry("biohazard", "territory", "siberia", "khan_industries"),
            ScarEntry("mercenary", "territory", "argentina", "die_mechaniker"),
        ),
        events=(
            EventEntry("B73", "fortification", "khan_industries", ("india",)),
            EventEntry("B77", "", "", (), ("brazil",)),
        ),
    )
    return replace(entry, **changes)
