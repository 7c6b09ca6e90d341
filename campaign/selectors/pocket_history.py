"""The pockets' and the box bottom's world events in a campaign's history, in plain words with
people's display names. Such events reach a log only once their pack is open (the rules refuse
them before), so these lines never name what a sealed pack holds (U-8)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.data import board, content
from rules.pocket_world_events import (
    AlienIslandPlaced,
    CardsNamed,
    CityRuined,
    MissilePowerGained,
    MutantsEvolved,
    NuclearStrike,
)
from rules.world import City
from rules.world_events import WorldEvent


def _territory(key: str) -> str:
    return board().territory(key).name if board().knows(key) else key


def _who(names: Mapping[str, str], person: str | None) -> str:
    return names.get(person, person) if person else "someone"


def pocket_event_text(
    event: WorldEvent, names: Mapping[str, str], covered: Mapping[str, City] | None = None
) -> str | None:
    """One history line for a pocket's or the box bottom's event, or None for other events;
    `covered` maps a territory to the city that stood there (to name a ruined city)."""
    match event:
        case NuclearStrike():
            faction = content().faction_name(event.faction)
            return (
                f"{_who(names, event.person)} fired the third missile for {faction} and nuked "
                f"{_territory(event.territory)}: the Fallout Zone mark covers it and its card is "
                f"destroyed; {faction} is the Bringer of Nuclear Fire"
            )
        case MissilePowerGained():
            power = content().missile_powers.get(event.power)
            return (
                f"{_who(names, event.person)} took the missile power "
                f"{power.name if power else event.power} for "
                f"{content().faction_name(event.faction)}"
            )
        case MutantsEvolved():
            card = content().event_cards.get(event.card)
            option = card.option(event.option) if card else None
            what = option.key.capitalize() if option else event.option
            who = _who(names, event.person)
            return f"The Mutants evolved: {who} scratched off {what} ({event.card})"
        case AlienIslandPlaced():
            a, b = (_territory(t) for t in event.ends)
            return (
                f"{_who(names, event.person)} placed Alien Island, joined by sea lines to {a} "
                f"and {b}; {content().faction_name(event.faction)} is the Alien Collaborator"
            )
        case CityRuined():
            city = (covered or {}).get(event.territory)
            what = f"the city {city.name}" if city else "the city"
            return f"{_who(names, event.person)} ruined {what} in {_territory(event.territory)}"
        case CardsNamed():
            people = ", ".join(_who(names, p) for p in event.persons)
            return f"Names written on the cards of the box bottom: {people}"
    return None
