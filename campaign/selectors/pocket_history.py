"""The pockets' and the box bottom's world events in a campaign's history, in plain words with
people's display names. Such events reach a log only once their pack is open (the rules refuse
them before), so these lines never name what a sealed pack holds (U-8)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from rules.data import board, content
from rules.world import City
from rules.world_events import WorldEvent
from rules.world_events.pockets import (
    AlienIslandPlaced,
    CardsNamed,
    CityRuined,
    MissilePowerGained,
    MutantsEvolved,
    NuclearStrike,
)


def _territory(key: str) -> str:
    return board().territory(key).name if board().knows(key) else key


def _who(names: Mapping[str, str], person: str | None) -> str:
    return names.get(person, person) if person else _("someone")


def pocket_event_text(
    event: WorldEvent, names: Mapping[str, str], covered: Mapping[str, City] | None = None
) -> str | None:
    """One history line for a pocket's or the box bottom's event, or None for other events;
    `covered` maps a territory to the city that stood there (to name a ruined city)."""
    match event:
        case NuclearStrike():
            faction = content().faction_name(event.faction)
            return _(
                "%(who)s fired the third missile for %(faction)s and nuked %(territory)s: the "
                "Fallout Zone mark covers it and its card is destroyed; %(faction)s is the Bringer "
                "of Nuclear Fire"
            ) % {
                "who": _who(names, event.person),
                "faction": faction,
                "territory": _territory(event.territory),
            }
        case MissilePowerGained():
            power = content().missile_powers.get(event.power)
            return _("%(who)s took the missile power %(power)s for %(faction)s") % {
                "who": _who(names, event.person),
                "power": power.name if power else event.power,
                "faction": content().faction_name(event.faction),
            }
        case MutantsEvolved():
            card = content().event_cards.get(event.card)
            option = card.option(event.option) if card else None
            what = option.key.capitalize() if option else event.option
            who = _who(names, event.person)
            return _("The Mutants evolved: %(who)s scratched off %(what)s (%(card)s)") % {
                "who": who,
                "what": what,
                "card": event.card,
            }
        case AlienIslandPlaced():
            a, b = (_territory(t) for t in event.ends)
            return _(
                "%(who)s placed Alien Island, joined by sea lines to %(a)s and %(b)s; "
                "%(faction)s is the Alien Collaborator"
            ) % {
                "who": _who(names, event.person),
                "a": a,
                "b": b,
                "faction": content().faction_name(event.faction),
            }
        case CityRuined():
            city = (covered or {}).get(event.territory)
            words = {
                "who": _who(names, event.person),
                "name": city.name if city else "",
                "territory": _territory(event.territory),
            }
            if city:
                return _("%(who)s ruined the city %(name)s in %(territory)s") % words
            return _("%(who)s ruined the city in %(territory)s") % words
        case CardsNamed():
            people = ", ".join(_who(names, p) for p in event.persons)
            return _("Names written on the cards of the box bottom: %(people)s") % {
                "people": people
            }
    return None
