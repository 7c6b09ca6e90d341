"""Where an event card's option lands (E-7): how many territories it names, whether each must
hold a city, whether it rings one with a fortification (X-9).

Read from the option's own data (`EventOption.effect`, `cities`), so the digital game's choices
(`rules.game.pack_events`) and a logged game's checks (`campaign.services.game_log.events`)
come from one place and can never disagree (STYLE 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.content_records import EventOption

CITY_TROOPS = "city_troops"
FORTIFICATION = "fortification"
MANEUVER = "maneuver"
SPLIT_TROOPS = "split_troops"
"""`troops` troops split among the chooser's city territories: one named per troop."""
MISSION = "mission"
"""A mission of the deck replaces the face-up one (Join the Cause): no territory."""
BEAM_DOWN = "beam_down"
"""Alien troops dropped into one empty city territory (K190)."""
RUIN = "ruin"
"""One Minor City ruined (K187s)."""
TAKE_FACE_UP = "take_face_up"
"""The face-up territory card taken, named by its territory (K192)."""
ONE_TERRITORY = frozenset({"place_troops", "demolish_hq", TAKE_FACE_UP})
"""The box bottom's troops and HQ options, and a card taken: one territory, any."""


@dataclass(frozen=True)
class OptionTargets:
    """`least`..`most` territories; `cities`: each holds a city (and is the chooser's, in
    play); `fortifies`: its one city gets a fortification; `path`: where from, then where to
    (a maneuver, M-3); `repeats`: a territory is named once per troop it gets, so it may come
    more than once."""

    least: int = 0
    most: int = 0
    cities: bool = False
    fortifies: bool = False
    path: bool = False
    repeats: bool = False


def option_targets(option: EventOption) -> OptionTargets:
    """The territories `option` names; none for an option without a board effect of its own."""
    if option.effect == CITY_TROOPS:
        return OptionTargets(least=1, most=option.cities, cities=True)
    if option.effect == FORTIFICATION:
        return OptionTargets(least=1, most=option.cities, cities=True, fortifies=True)
    if option.effect == MANEUVER:
        return OptionTargets(least=2, most=2, path=True)
    if option.effect == SPLIT_TROOPS:
        return OptionTargets(least=option.troops, most=option.troops, cities=True, repeats=True)
    if option.effect in (BEAM_DOWN, RUIN):
        return OptionTargets(least=1, most=1, cities=True)
    if option.effect in ONE_TERRITORY:
        return OptionTargets(least=1, most=1)
    return OptionTargets()
