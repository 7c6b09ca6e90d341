"""World events: the only way the campaign world changes, and the pure reducer over them.

One module per part of the world an event changes; `base` holds what every event is and the
registry of kinds, `checks` the refusals several share, `replay` the fold of a log. The package
imports every kind, so `event_from_json` knows them all whichever module is imported first.
Its modules import `base` and `checks`, never this package, so there is no import circle.
"""

from rules.world_events.base import EVENT_TYPES, WorldEvent, event_from_json
from rules.world_events.bring_in import FactionWinBroughtIn, GamesBroughtIn
from rules.world_events.checks import fallout_unchangeable
from rules.world_events.cities import CityFortified, CityFounded, FortificationWorn
from rules.world_events.continents import ContinentBonusChanged, ContinentNamed
from rules.world_events.games import GameRecorded, PlayerRecord, VictorSigned, WorldNamed
from rules.world_events.missions import CityCovered, MissionClaimed, SeaLineAdded
from rules.world_events.pack_cards import (
    ComebackPowerChosen,
    DraftRecorded,
    EventResolved,
    SettingChosen,
)
from rules.world_events.packs import INCIDENTS, GameIncident, PackOpened
from rules.world_events.pockets import (
    AlienIslandPlaced,
    CardsNamed,
    CityRuined,
    MissilePowerGained,
    MutantsEvolved,
    NuclearStrike,
)
from rules.world_events.pregame import PregameCoinsPlaced, StartingPowerChosen
from rules.world_events.red_slots import (
    LeadMissionChosen,
    PrivateMissionStuck,
    SlotMissionClaimed,
    into_red_slot,
)
from rules.world_events.replay import EventsVoided, replay
from rules.world_events.scars import ScarCancelled, ScarPlaced
from rules.world_events.territory_cards import CardDestroyed, CardUpgraded

__all__ = [
    "EVENT_TYPES",
    "INCIDENTS",
    "AlienIslandPlaced",
    "CardDestroyed",
    "CardUpgraded",
    "CardsNamed",
    "CityCovered",
    "CityFortified",
    "CityFounded",
    "CityRuined",
    "ComebackPowerChosen",
    "ContinentBonusChanged",
    "ContinentNamed",
    "DraftRecorded",
    "EventResolved",
    "EventsVoided",
    "FactionWinBroughtIn",
    "FortificationWorn",
    "GameIncident",
    "GameRecorded",
    "GamesBroughtIn",
    "LeadMissionChosen",
    "MissilePowerGained",
    "MissionClaimed",
    "MutantsEvolved",
    "NuclearStrike",
    "PackOpened",
    "PlayerRecord",
    "PregameCoinsPlaced",
    "PrivateMissionStuck",
    "ScarCancelled",
    "ScarPlaced",
    "SeaLineAdded",
    "SettingChosen",
    "SlotMissionClaimed",
    "StartingPowerChosen",
    "VictorSigned",
    "WorldEvent",
    "WorldNamed",
    "event_from_json",
    "fallout_unchangeable",
    "into_red_slot",
    "replay",
]
